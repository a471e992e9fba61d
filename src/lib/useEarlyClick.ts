import { useLayoutEffect, type MouseEvent } from 'react'
import { clickTakenEarly, forgetEarlyClick, takeEarlyClick } from './earlyInput'

/**
 * Controls the server draws, pressed perhaps before their part has run: the early-input script
 * (src/app/earlyInput.js) notes the last press of a control marked `data-early-click={key}`, and
 * the part carries it out as it mounts, in the commit that hands the controls to React (as TabBar
 * does). Gives each control's props: its mark, and a click handler that never carries out twice
 * the press the mount already did. The keys are the same on the server and in the browser: made
 * from what the controls show, never from useId, which differs when the part is drawn afresh.
 */
export function useEarlyClicks(keys: readonly string[], action: (index: number) => void) {
  useLayoutEffect(() => {
    const pressed = takeEarlyClick(keys)
    if (pressed !== null) action(keys.indexOf(pressed))
    return () => forgetEarlyClick(keys)
    // Once per set of controls: later presses go through onClick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys.join('\n')])
  return (index: number) => ({
    'data-early-click': keys[index],
    onClick: (event: MouseEvent) => {
      if (!clickTakenEarly(keys[index]!, event.nativeEvent)) action(index)
    },
  })
}

/** One such control. */
export const useEarlyClick = (key: string, action: () => void) => useEarlyClicks([key], action)(0)
