import type { EmotionCache } from '@emotion/cache'
import { CacheProvider, css } from '@emotion/react'
import styled from '@emotion/styled'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createEmotionCache, SERVED_STYLES } from './emotionCache'

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  document.head.replaceChildren()
})

describe('createEmotionCache', () => {
  it('takes the server’s rules where they are, and writes its own after them', async () => {
    document.head.innerHTML =
      '<meta charset="utf-8"><style data-emotion="at-global 1uw2oav" data-s="">@keyframes a{from{opacity:0}}</style>' +
      `<style data-emotion="${SERVED_STYLES} zf0iqh gb607i" data-s="">.at-zf0iqh{color:red}.at-gb607i{color:blue}</style>` +
      '<title>Page</title>'
    const served = document.head.querySelector(`style[data-emotion^="${SERVED_STYLES}"]`)!
    const removed: Node[] = []
    const observer = new MutationObserver((records) =>
      records.forEach((record) => removed.push(...record.removedNodes)),
    )
    observer.observe(document.head, { childList: true })

    const cache = createEmotionCache()
    expect(cache.inserted).toMatchObject({ zf0iqh: true, gb607i: true })
    // A rule the server did not write goes in a tag of its own, just after the server's.
    cache.insert('.at-new', css({ color: 'green' }), cache.sheet, true)
    await tick()
    observer.disconnect()

    expect(removed).toEqual([])
    expect(served.nextElementSibling?.getAttribute('data-emotion')).toBe('at')
    expect(document.head.lastElementChild?.tagName).toBe('TITLE')
  })

  it('writes at the start of <head> on a page the server did not draw', () => {
    document.head.innerHTML = '<meta charset="utf-8"><title>Staff</title>'
    const cache = createEmotionCache()
    cache.insert('.at-new', css({ color: 'green' }), cache.sheet, true)
    expect(document.head.firstElementChild?.getAttribute('data-emotion')).toBe('at')
  })
})

describe('the rules of a class handed down to another component', () => {
  const rulesOf = (className: string) =>
    [...document.head.querySelectorAll('style')].some((style) =>
      style.textContent?.includes(`.${className}{`),
    )

  /** A component that is not styled itself and draws the class it is given only when asked. */
  function Plain({ className, shown }: { className?: string; shown: boolean }) {
    return shown ? <p className={className}>Shown</p> : null
  }
  const Outer = styled(Plain)({ color: 'rgb(1, 2, 3)' })
  /** MUI's way: a styled wrapper whose class a styled element merges into its own. */
  const BaseRoot = styled('button')({ margin: 0 })
  function Base(props: { className?: string; children: ReactNode }) {
    return <BaseRoot {...props} />
  }
  const Wrapper = styled(Base)({ padding: 7 })

  const draw = (ui: ReactNode) => {
    document.head.innerHTML = '<meta charset="utf-8">'
    const cache = createEmotionCache()
    const view = render(<CacheProvider value={cache}>{ui}</CacheProvider>)
    return { cache, ...view }
  }
  /** The class Emotion made for these styles and keeps for merging. */
  const classOf = (cache: EmotionCache, style: string) =>
    Object.entries(cache.registered).find(([, styles]) => styles?.includes(style))![0]

  afterEach(cleanup)

  it('writes nothing for a class no element carries', async () => {
    const { cache } = draw(<Wrapper>Press</Wrapper>)
    const button = screen.getByRole('button', { name: 'Press' })
    // The element's own class, which merges the wrapper's rules, is written as usual.
    const [own] = [...button.classList].filter((name) => name.startsWith('at-'))
    expect(rulesOf(own!)).toBe(true)
    expect(getComputedStyle(button).padding).toBe('7px')
    await act(() => Promise.resolve())
    expect(rulesOf(classOf(cache, 'padding:7px'))).toBe(false)
  })

  it('writes a class’s rules once an element carries it, before the browser paints', async () => {
    const { cache, rerender } = draw(<Outer shown={false} />)
    await act(() => Promise.resolve())
    const handedDown = classOf(cache, 'rgb(1, 2, 3)')
    expect(rulesOf(handedDown)).toBe(false)

    rerender(
      <CacheProvider value={cache}>
        <Outer shown />
      </CacheProvider>,
    )
    await waitFor(() => expect(rulesOf(handedDown)).toBe(true))
    expect(getComputedStyle(screen.getByText('Shown')).color).toBe('rgb(1, 2, 3)')
  })

  it('writes a class’s rules when an element already drawn is given it', async () => {
    const { cache } = draw(<Outer shown={false} />)
    await act(() => Promise.resolve())
    const handedDown = classOf(cache, 'rgb(1, 2, 3)')
    const other = document.createElement('span')
    document.body.append(other)
    other.className = handedDown
    await waitFor(() => expect(rulesOf(handedDown)).toBe(true))
    other.remove()
  })
})
