import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import source from './earlyInput.js?raw'
import {
  clickTakenEarly,
  forgetEarlyClick,
  shortcutName,
  submitHere,
  takeEarlyClick,
  takeEarlySubmit,
  takeEarlyTyped,
} from '@/lib/earlyInput'

// The script as index.html runs it, once per page, against the server's markup.
beforeAll(() => {
  new Function(source)()
})
afterEach(() => {
  document.body.innerHTML = ''
  document.documentElement.removeAttribute('data-early-submit')
  document.documentElement.removeAttribute('data-early-click')
})

const press = (key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

describe('the early-input script', () => {
  it('focuses the marked field on / pressed outside a field, and the / is not typed', () => {
    document.body.innerHTML = `<input id="other" /><input id="search" data-early-focus="/" />`
    const event = press('/')
    expect(document.activeElement?.id).toBe('search')
    expect(event.defaultPrevented).toBe(true)
  })

  it('leaves / alone in a field, with a modifier, and on a page without the field', () => {
    document.body.innerHTML = `<input id="other" /><input id="search" data-early-focus="/" />`
    const other = document.getElementById('other')!
    other.focus()
    expect(press('/', other).defaultPrevented).toBe(false)
    expect(document.activeElement).toBe(other)
    expect(press('/', document.body, { ctrlKey: true }).defaultPrevented).toBe(false)
    document.body.innerHTML = `<input id="other" />`
    expect(press('/').defaultPrevented).toBe(false)
  })

  it('holds back a marked form’s submit and names it for the app, which takes it once', () => {
    document.body.innerHTML = `<form id="tester-request" data-early-submit><button>Send</button></form>`
    const form = document.querySelector('form')!
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(document.documentElement.getAttribute('data-early-submit')).toBe('tester-request')
    expect(takeEarlySubmit('another-form')).toBe(false)
    expect(takeEarlySubmit('tester-request')).toBe(true)
    expect(takeEarlySubmit('tester-request')).toBe(false)
    expect(document.documentElement.hasAttribute('data-early-submit')).toBe(false)
  })

  it('leaves unmarked forms alone', () => {
    document.body.innerHTML = `<form id="plain"></form>`
    const plain = new SubmitEvent('submit', { bubbles: true, cancelable: true })
    document.getElementById('plain')!.dispatchEvent(plain)
    expect(plain.defaultPrevented).toBe(false)
    expect(document.documentElement.hasAttribute('data-early-submit')).toBe(false)
  })

  it('sees presses React stops on their way while it hydrates the markup under them', () => {
    // React's listeners on #root stop the propagation of a press on markup not yet hydrated.
    document.body.innerHTML = `<div id="root"><form id="tester-request" data-early-submit><button data-early-click="tab-body">Body</button></form><input data-early-focus="/" /></div>`
    const container = document.getElementById('root')!
    for (const type of ['submit', 'click', 'keydown']) {
      container.addEventListener(type, (event) => event.stopPropagation(), true)
    }
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true })
    document.querySelector('form')!.dispatchEvent(submit)
    expect(submit.defaultPrevented).toBe(true)
    expect(takeEarlySubmit('tester-request')).toBe(true)
    document.querySelector('button')!.click()
    expect(takeEarlyClick(['tab-body'])).toBe('tab-body')
    press('/', container)
    expect(document.activeElement).toBe(document.querySelector('input'))
  })
  it('carries out a toggle pressed before its part ran once, whether or not React then delivers the same press', () => {
    document.body.innerHTML = `<button data-early-click="compare:a">Compare</button><button data-early-click="compare:b">Compare</button>`
    const [first, second] = document.querySelectorAll('button')
    let delivered: Event | undefined
    first!.addEventListener('click', (event) => (delivered = event))
    first!.click()
    // The part's mount carries it out; React, having hydrated the button for this press, delivers it.
    expect(takeEarlyClick(['compare:a'])).toBe('compare:a')
    expect(clickTakenEarly('compare:a', delivered!)).toBe(true)
    // A later press is the handler's own, and its note is dropped so no later mount repeats it.
    second!.click()
    first!.click()
    expect(clickTakenEarly('compare:a', delivered!)).toBe(false)
    expect(takeEarlyClick(['compare:a', 'compare:b'])).toBeNull()
  })
})

describe('a page’s keyboard shortcuts before the app runs', () => {
  it('focuses the field that names Ctrl+L, from a field too, and leaves the browser its own Ctrl+L elsewhere', () => {
    document.body.innerHTML = `<input id="other" /><input id="url" data-early-focus="ctrl+l" />`
    const other = document.getElementById('other')!
    other.focus()
    const event = press('l', other, { ctrlKey: true })
    expect(document.activeElement?.id).toBe('url')
    expect(event.defaultPrevented).toBe(true)
    expect(press('l').defaultPrevented).toBe(false)
    document.body.innerHTML = `<input id="other" />`
    expect(press('l', document.body, { ctrlKey: true }).defaultPrevented).toBe(false)
  })

  it('notes a listed shortcut as a press of its control, in place of the browser’s own action', () => {
    document.body.innerHTML = `<div data-early-keys="ctrl+s=tester:save ?=tester:shortcuts"><input id="url" /></div>`
    const url = document.getElementById('url')!
    url.focus()
    const save = press('s', url, { ctrlKey: true })
    expect(save.defaultPrevented).toBe(true)
    expect(takeEarlyClick(['tester:save', 'tester:shortcuts'])).toBe('tester:save')
    expect(press('S', document.body, { metaKey: true }).defaultPrevented).toBe(true)
    expect(takeEarlyClick(['tester:save'])).toBe('tester:save')
    // '?' lists the keys outside a field; in one it is typed.
    expect(press('?', url).defaultPrevented).toBe(false)
    expect(takeEarlyClick(['tester:shortcuts'])).toBeNull()
    expect(press('?').defaultPrevented).toBe(true)
    expect(takeEarlyClick(['tester:shortcuts'])).toBe('tester:shortcuts')
    // Not listed, or with Alt: the browser's.
    expect(press('p', url, { ctrlKey: true }).defaultPrevented).toBe(false)
    expect(press('s', url, { ctrlKey: true, altKey: true }).defaultPrevented).toBe(false)
    expect(document.documentElement.hasAttribute('data-early-click')).toBe(false)
  })

  it('names each key as the app’s own listeners name it, so both read one list', () => {
    document.body.innerHTML = `<div data-early-keys="${[
      shortcutName({ ctrlKey: true, metaKey: false, key: 'S' }),
      shortcutName({ ctrlKey: false, metaKey: false, key: '?' }),
    ]
      .map((key, index) => `${key}=part:${index}`)
      .join(' ')}"></div>`
    expect(press('s', document.body, { metaKey: true }).defaultPrevented).toBe(true)
    expect(takeEarlyClick(['part:0'])).toBe('part:0')
    expect(press('?').defaultPrevented).toBe(true)
    expect(takeEarlyClick(['part:1'])).toBe('part:1')
  })

  it('sends a marked form on Ctrl+Enter in it, once, until the app takes the form over', () => {
    document.body.innerHTML = `<div id="root"><form id="keyed-form" data-early-submit><input name="url" /><button>Send</button></form></div>`
    const url = document.querySelector('input')!
    // React's keydown listener under it would carry the key out too once it hydrates the form.
    let reachedReact = 0
    document.getElementById('root')!.addEventListener('keydown', () => reachedReact++)
    const event = press('Enter', url, { ctrlKey: true })
    expect(event.defaultPrevented).toBe(true)
    expect(reachedReact).toBe(0)
    expect(takeEarlySubmit('keyed-form')).toBe(true)
    // Enter alone is the form's own (an input submits it natively), and not outside the form;
    // a key in a field React does not own yet is the browser's alone.
    press('Enter', url)
    press('Enter', document.body, { ctrlKey: true })
    expect(takeEarlySubmit('keyed-form')).toBe(false)
    expect(reachedReact).toBe(0)
    // The app has the form, and React the field (as React marks what it owns): the key is theirs.
    expect(takeEarlyTyped('keyed-form')).toBeNull()
    Object.assign(url, { __reactFiber$test: {} })
    expect(press('Enter', url, { ctrlKey: true }).defaultPrevented).toBe(false)
    expect(takeEarlySubmit('keyed-form')).toBe(false)
    expect(reachedReact).toBe(1)
  })
})

describe('a press of a marked control before its part runs', () => {
  it('is noted, the last one only, and taken once by the part that has it', () => {
    document.body.innerHTML = `<div role="tablist"><button data-early-click="tab-body"><span>Body</span></button><button data-early-click="tab-auth">Auth</button></div><button id="plain">Plain</button>`
    document.querySelector('span')!.click()
    expect(document.documentElement.getAttribute('data-early-click')).toBe('tab-body')
    document.getElementById('plain')!.click()
    expect(document.documentElement.getAttribute('data-early-click')).toBe('tab-body')
    ;(document.querySelector('[data-early-click="tab-auth"]') as HTMLElement).click()
    expect(takeEarlyClick(['other'])).toBeNull()
    expect(takeEarlyClick(['tab-body', 'tab-auth'])).toBe('tab-auth')
    expect(takeEarlyClick(['tab-body', 'tab-auth'])).toBeNull()
  })

  it('is forgotten when the part that handled it goes', () => {
    document.body.innerHTML = `<button data-early-click="tab-body">Body</button>`
    document.querySelector('button')!.click()
    forgetEarlyClick(['tab-body'])
    expect(document.documentElement.hasAttribute('data-early-click')).toBe(false)
  })
})

describe('a copy button pressed before the page runs', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-app-ready')
  })

  const copyButton = () => {
    document.body.innerHTML = `<button data-early-click="copy:Copy base URL" data-early-copy="https://api.stripe.com"><svg></svg></button>`
    return document.querySelector('button')!
  }

  it('copies the text at once and notes how it went for the button', async () => {
    const copied: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
    })
    copyButton()
      .querySelector('svg')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(copied).toEqual(['https://api.stripe.com'])
    await expect
      .poll(() => document.documentElement.getAttribute('data-early-click'))
      .toBe('copy:Copy base URL')
  })

  it('notes a copy the browser refused as failed', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    })
    copyButton().click()
    await expect
      .poll(() => document.documentElement.getAttribute('data-early-click'))
      .toBe('copy:Copy base URL:failed')
  })

  it('leaves the copy to the page once it runs', () => {
    const copied: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
    })
    document.documentElement.setAttribute('data-app-ready', '')
    copyButton().click()
    expect(copied).toEqual([])
    expect(document.documentElement.hasAttribute('data-early-click')).toBe(false)
  })
})

describe('a submit the early-input script held', () => {
  it('is sent once: by the mount, or by the form’s own handler, never by both', () => {
    document.body.innerHTML = `<form id="tester-request" data-early-submit></form>`
    const form = document.querySelector('form')!
    // React hydrated the form to deliver the press, and its mount took the press first.
    const first = new SubmitEvent('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(first)
    expect(takeEarlySubmit('tester-request')).toBe(true)
    expect(submitHere('tester-request', first)).toBe(false)
    // A later press reaches the running form: its handler sends it, and clears the mark.
    const second = new SubmitEvent('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(second)
    expect(submitHere('tester-request', second)).toBe(true)
    expect(takeEarlySubmit('tester-request')).toBe(false)
  })
})

describe('what is typed into a marked form before the app takes it over', () => {
  const type = (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    field.value = value
    field.dispatchEvent(new InputEvent('input', { bubbles: true }))
  }

  it('is kept by field name, the last text of each, and given to the app once', () => {
    document.body.innerHTML = `<form id="typed-form" data-early-submit>
      <input name="url" /><textarea name="headersText"></textarea>
      <input type="checkbox" name="followRedirects" /><input id="unnamed" /></form>`
    const form = document.querySelector('form')!
    type(form.querySelector('input[name="url"]')!, 'https://example.com/')
    type(form.querySelector('textarea')!, '{"X-A": "1"}')
    type(form.querySelector('textarea')!, '{"X-A": "2"}')
    type(form.querySelector<HTMLInputElement>('#unnamed')!, 'not a field of the draft')
    const box = form.querySelector<HTMLInputElement>('input[type="checkbox"]')!
    box.checked = true
    box.dispatchEvent(new Event('input', { bubbles: true }))
    expect(takeEarlyTyped('typed-form')).toEqual({
      url: 'https://example.com/',
      headersText: '{"X-A": "2"}',
      followRedirects: true,
    })
    // The app has the form now: what is typed next is its own to hear, and nothing is kept.
    type(form.querySelector('input[name="url"]')!, 'https://later.example/')
    expect(takeEarlyTyped('typed-form')).toBeNull()
  })

  it('is not kept for an unmarked form, and is null when nothing was typed', () => {
    document.body.innerHTML = `<form id="plain-typed"><input name="url" /></form>`
    type(document.querySelector('input')!, 'https://example.com/')
    expect(takeEarlyTyped('plain-typed')).toBeNull()
    expect(takeEarlyTyped('never-typed')).toBeNull()
  })

  it('stays in its text area while the app hydrates it, which writes the server’s text back', () => {
    document.body.innerHTML = `<form id="hydrated-form" data-early-submit>
      <textarea name="headersText">{"Content-Type": "application/json"}</textarea></form>`
    const area = document.querySelector('textarea')!
    type(area, '{"X-A": "1"}')
    // What React's hydration does to a text area (initTextarea), here twice, as on a second try.
    for (let attempt = 0; attempt < 2; attempt++) {
      area.defaultValue = '{"Content-Type": "application/json"}'
      area.value = area.textContent!
      expect(area.value).toBe('{"X-A": "1"}')
    }
    // Any other value is set as asked: a script, or the visitor's own edits.
    type(area, '{"X-A": "2"}')
    expect(area.value).toBe('{"X-A": "2"}')
    expect(takeEarlyTyped('hydrated-form')).toEqual({ headersText: '{"X-A": "2"}' })
    // The app has the form: it sets what it likes, the server's text too.
    area.value = area.defaultValue
    expect(area.value).toBe('{"Content-Type": "application/json"}')
    expect(Object.hasOwn(area, 'value')).toBe(false)
  })

  // Selected whole to be typed over, nothing typed yet: by a visitor's Ctrl+A, once focused; by
  // Playwright's fill, before: it selects, then focuses the text area, and the focus leaving the URL
  // field fires that field's change, on which React hydrates the form there and then.
  it.each([
    { when: 'once focused', focused: true },
    { when: 'before it is focused', focused: false },
  ])(
    'keeps the selection of a text area selected $when while the app hydrates it',
    ({ focused }) => {
      const text = '{"Content-Type": "application/json"}'
      const formId = `selected-${focused}`
      document.body.innerHTML = `<form id="${formId}" data-early-submit>
      <input name="url" /><textarea name="headersText">${text}</textarea></form>`
      // As the browser says once it has read the page, before the app can start.
      document.dispatchEvent(new Event('DOMContentLoaded'))
      const area = document.querySelector('textarea')!
      if (focused) area.focus()
      area.setSelectionRange(0, text.length)
      const serverText = area.firstChild
      // What React's hydration does to it (initTextarea): its own default text written again.
      // Chromium replaces the text area's text node with a new one of the same text, takes that as
      // a new text and moves the caret to the start (jsdom keeps the selection): the write is
      // skipped, so the node stays.
      area.defaultValue = text
      area.value = area.textContent!
      expect(document.activeElement === area).toBe(focused)
      expect(area.firstChild).toBe(serverText)
      expect([area.selectionStart, area.selectionEnd]).toEqual([0, text.length])
      expect(takeEarlyTyped(formId)).toBeNull()
      // The app has the form: its writes go through as asked.
      area.defaultValue = '{}'
      expect(area.defaultValue).toBe('{}')
      expect(Object.hasOwn(area, 'defaultValue')).toBe(false)
    },
  )
})

describe('a link pressed that leaves for a new document', () => {
  const leaving = () => document.documentElement.hasAttribute('data-leaving')
  const nextTask = () => new Promise((resolve) => setTimeout(resolve))
  // A press that goes ahead is followed by jsdom's "Not implemented: navigation" on the log.
  afterEach(() => {
    document.documentElement.removeAttribute('data-leaving')
  })

  /** A press of the first link in `html`, by the main button unless `init` says otherwise. */
  const pressLink = (html: string, init: MouseEventInit = {}, handled = false) => {
    document.body.innerHTML = html
    const link = document.querySelector('a')!
    // The app's own listener, below the script's, cancels a press it handles itself.
    link.addEventListener('click', (event) => handled && event.preventDefault())
    link
      .querySelector('span')
      ?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }))
  }

  it('shows at once that it was taken, and still once the press has gone ahead', async () => {
    pressLink(`<a href="/apis/category/payments"><span>Payments</span></a>`)
    expect(leaving()).toBe(true)
    await nextTask()
    expect(leaving()).toBe(true)
  })

  it('shows nothing for a link the app handles, or that stays on the page', async () => {
    // The app handles links once its page runs.
    document.documentElement.setAttribute('data-app-ready', '')
    pressLink(`<a href="/apis"><span>APIs</span></a>`, {}, true)
    document.documentElement.removeAttribute('data-app-ready')
    await nextTask()
    expect(leaving()).toBe(false)
    pressLink(`<a href="#main"><span>Skip to content</span></a>`)
    pressLink(`<a href="/blog" target="_blank"><span>Blog</span></a>`)
    pressLink(`<a href="/export.json" download><span>Export</span></a>`)
    pressLink(`<a href="/blog"><span>Blog</span></a>`, { ctrlKey: true })
    pressLink(`<a href="/blog"><span>Blog</span></a>`, { button: 1 })
    pressLink(`<a href="mailto:team@example.com"><span>Mail</span></a>`)
    await nextTask()
    expect(leaving()).toBe(false)
  })

  it('is the browser’s alone until the page runs: the press never reaches the app’s root', async () => {
    document.body.innerHTML = `<div id="root"><a href="/apis/stripe-com"><span>Stripe</span></a><a href="#main"><span>Skip</span></a><button><span>Compare</span></button></div>`
    const heard: string[] = []
    const app = document.getElementById('root')!
    for (const type of ['pointerdown', 'mousedown', 'click', 'keydown']) {
      app.addEventListener(
        type,
        (event) => heard.push(`${type} ${(event.target as Element).textContent}`),
        true,
      )
    }
    const pressOn = (text: string) => {
      const span = [...document.querySelectorAll('span')].find((s) => s.textContent === text)!
      span.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
      span.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
      span.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
      span.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    }
    pressOn('Stripe')
    // Still shown as taken, and left to go ahead.
    expect(leaving()).toBe(true)
    expect(heard).toEqual([])
    // A link that stays on the page, and anything but a link, reach the app as ever.
    pressOn('Skip')
    pressOn('Compare')
    expect(heard).toHaveLength(8)
    heard.length = 0
    document.documentElement.setAttribute('data-app-ready', '')
    try {
      pressOn('Stripe')
      expect(heard).toEqual([
        'pointerdown Stripe',
        'mousedown Stripe',
        'keydown Stripe',
        'click Stripe',
      ])
    } finally {
      document.documentElement.removeAttribute('data-app-ready')
    }
  })

  it('is over when the page comes back from the browser’s cache', async () => {
    pressLink(`<a href="/apis/category/payments"><span>Payments</span></a>`)
    await nextTask()
    dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    expect(leaving()).toBe(false)
  })
})
