import { useLayoutEffect, type MouseEvent } from 'react'
import {
  clickTakenEarly,
  forgetEarlyChange,
  forgetEarlyClick,
  takeEarlyChange,
  takeEarlyClick,
} from './earlyInput'

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

/**
 * A select the server draws, changed perhaps before its part ran: the early-input script keeps the
 * last value chosen in a select marked `data-early-change={key}`, and the part, drawn afresh at its
 * own first choice, chooses that value again as it mounts (before it paints). Gives the select's
 * mark, and the change handler that forgets the note of a choice the part made itself. The key,
 * as for presses, is made from what the select shows, never from useId.
 */
export function useEarlyChange(key: string, choose: (value: string) => void) {
  useLayoutEffect(() => {
    const chosen = takeEarlyChange(key)
    if (chosen !== null) choose(chosen)
    return () => forgetEarlyChange(key)
    // Once per select: later choices go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return {
    earlyKey: key,
    onChange: (value: string) => {
      forgetEarlyChange(key)
      choose(value)
    },
  }
}
