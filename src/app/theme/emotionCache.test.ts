import { css } from '@emotion/react'
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
