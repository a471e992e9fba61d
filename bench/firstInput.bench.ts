// How soon a visitor's first keystroke or click works on each public page. A fresh
// visitor acts the moment Chromium reports the first contentful paint; the figures are, in the
// page's own clock, from that paint to the first press, from each press to what it shows (the
// field focused, the typed text where it was typed; the slowest is kept), and from the first press
// to what the journey does (results that follow, a Send that may be pressed, the next page). Also
// when the app took the page over (data-app-ready), for contrast.
// Runs the real server on the built site (npm run build first), loopback only; RUNS=n visits per
// page (5), on every page or the INPUT_ONLY ones, at each of SLOWDOWNS (1 and 6): Chromium's
// processor that many times slower, as a mid-range phone meets the page. The aim is every press
// shown within 100 ms at 6x. SITE_URL measures a server already running instead.
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { startSiteServer } from '../scripts/siteServer'
import { round, writeResult } from './lib'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const RUNS = Number(process.env.RUNS ?? 5)
const SLOWDOWNS = (process.env.SLOWDOWNS ?? '1,6').split(',').map(Number)
/** INPUT_ONLY=/blog,/apis/tools: just the pages whose address is one of these (all by default). */
const ONLY = process.env.INPUT_ONLY?.split(',')
/** The longest a press may wait to show, at every slowdown (docs/performance.md). */
const SHOWN_WITHIN_MS = 100

/**
 * A check run in the page, every animation frame, with its argument. A check of what a press shows
 * counts from that press (`since`): `pointerdown`, or `key:` and the key's name; from the
 * journey's first press when unset.
 */
type Check = { test: (arg: string) => boolean; arg: string; since?: string }

type Journey = {
  /** What the visitor does, from the first paint on. */
  act: (page: Page) => Promise<void>
  /**
   * True once a press shows where it was made (the field focused, the first character in it, the
   * next address): each press of the journey timed from its own moment, not from the first one,
   * since the driver's round trips between presses are no wait of the page's.
   */
  shown: Check[]
  /** True once the press did what it is for. */
  done: Check
  /** Set for a link that leaves the page: the path the click leads to. */
  navigatesTo?: string
}

/** The field at `selector` shows the start of `value`: the first keystroke, or more, arrived. */
const fieldStarts: Check['test'] = (arg) => {
  const { selector, value } = JSON.parse(arg) as { selector: string; value: string }
  const field = document.querySelector(selector)
  return field instanceof HTMLInputElement && field.value !== '' && value.startsWith(field.value)
}

const searchJourney = (query: string): Journey => ({
  act: async (page) => {
    await page.keyboard.press('/')
    await page.keyboard.type(query)
  },
  shown: [
    {
      test: () => {
        const field = document.activeElement
        return field instanceof HTMLInputElement && field.type === 'search'
      },
      arg: '',
      since: 'key:/',
    },
    {
      test: (value) => {
        const field = document.activeElement
        return (
          field instanceof HTMLInputElement &&
          field.type === 'search' &&
          field.value !== '' &&
          value.startsWith(field.value)
        )
      },
      arg: query,
      since: `key:${query[0]}`,
    },
  ],
  done: {
    test: (value) =>
      [...document.querySelectorAll('[role=status]')].some((status) =>
        status.textContent?.endsWith(`for “${value}”`),
      ),
    arg: query,
  },
})

const TESTER_URL = 'https://example.com/'
const testerJourney: Journey = {
  act: async (page) => {
    const field = page.getByRole('textbox', { name: 'URL' })
    await field.click()
    // Over what is there: the tester opened from an API has its address filled in.
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type(TESTER_URL)
  },
  shown: [
    { test: (id) => document.activeElement?.id === id, arg: 'tester-url', since: 'pointerdown' },
    {
      test: fieldStarts,
      arg: JSON.stringify({ selector: '#tester-url', value: TESTER_URL }),
      since: `key:${TESTER_URL[0]}`,
    },
  ],
  done: {
    test: (url) => {
      const field = document.querySelector('#tester-url')
      const send = [...document.querySelectorAll('button')].find(
        (button) => button.textContent?.trim() === 'Send Request',
      )
      return (
        field instanceof HTMLInputElement &&
        field.value === url &&
        !!send &&
        !send.disabled &&
        document.documentElement.hasAttribute('data-app-ready')
      )
    },
    arg: TESTER_URL,
  },
}

/**
 * A click on the page's first link to `landing`. Shown once this page says the press was taken
 * (the bar along its top, src/app/earlyInput.js), in its clock; done once the next page (a new
 * document, whose marks start over, unless the app followed the link) has its heading, timed
 * from outside.
 */
const linkJourney = (landing: string): Journey => ({
  act: (page) => page.locator(`main a[href^="${landing}"]:not([href$=".xml"])`).first().click(),
  navigatesTo: landing,
  // Or, once the app runs and follows the link itself, the new address.
  shown: [
    {
      test: (next) =>
        document.documentElement.hasAttribute('data-leaving') || location.pathname.startsWith(next),
      arg: landing,
    },
  ],
  done: { test: () => true, arg: '' },
})

const PAGES: { url: string; journey: Journey }[] = [
  { url: '/apis', journey: searchJourney('weather') },
  { url: '/apis?cors=true', journey: searchJourney('maps') },
  { url: '/apis/category/payments', journey: linkJourney('/apis/category/payments/') },
  {
    url: '/apis/stripe-com',
    journey: {
      act: (page) =>
        page.getByRole('textbox', { name: 'Filter endpoints' }).pressSequentially('refunds'),
      shown: [
        {
          test: fieldStarts,
          arg: JSON.stringify({
            selector: 'input[placeholder="Method, path or description"]',
            value: 'refunds',
          }),
        },
      ],
      done: {
        // The list's status line alone: checks run every frame, and a walk of the whole page's
        // text there is work of the bench's own that the slowed page would be timed with.
        test: () =>
          [...document.querySelectorAll('[role=status]')].some((element) =>
            /^[1-9]\d* of \d+ endpoints match$/.test(element.textContent ?? ''),
          ),
        arg: '',
      },
    },
  },
  { url: '/tools/tester', journey: testerJourney },
  { url: '/tools/tester?api=stripe-com', journey: testerJourney },
  { url: '/apis/tools', journey: linkJourney('/tools/tester') },
  { url: '/blog', journey: linkJourney('/blog/') },
]

/**
 * Marks, in the page's clock, the first animation frame at which each check holds. It runs as an
 * init script (the DevTools protocol's, which the page's CSP does not govern: the site allows no
 * eval, so checks cannot be sent in later as strings).
 */
const marker = (checks: Record<string, Check>) => `(() => {
  // tsx names functions with a helper of its own, which the checks' source may call.
  window.__name ??= (fn) => fn
  const checks = [${Object.entries(checks)
    .map(
      ([name, { test, arg }]) =>
        `[${JSON.stringify(name)}, ${test.toString()}, ${JSON.stringify(arg)}]`,
    )
    .join(',')}]
  const marks = (window.__marks = {})
  const tick = () => {
    for (const [name, test, arg] of checks) {
      if (marks[name] !== undefined) continue
      try { if (test(arg)) marks[name] = performance.now() } catch {}
      // Told at once on the console, which the bench hears: a page that leaves takes its marks
      // along, and while it is leaving the bench can evaluate nothing in it.
      if (marks[name] !== undefined && window.__firstPress !== undefined) {
        const sincePress = marks[name] - window.__firstPress
        console.debug('atlas-mark ' + name + ' ' + sincePress)
        // Kept for the next document too: a console message sent as the page leaves can be lost.
        try { sessionStorage.setItem('atlas-mark-' + name, String(sincePress)) } catch {}
      }
    }
    if (Object.keys(marks).length < checks.length) requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})()`

type Marks = Record<string, number | undefined>
const marksOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __marks?: Marks }).__marks ?? {})

/** The page's marks once `names` are all set; a journey that never gets there fails the bench. */
const marksOnce = async (page: Page, names: string[]) => {
  const deadline = Date.now() + 60_000
  for (;;) {
    const marks = await marksOf(page)
    if (names.every((name) => marks[name] !== undefined)) {
      return (name: string) => marks[name]!
    }
    if (Date.now() > deadline) throw new Error(`Not seen within 60 s: ${names.join(', ')}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const CHECKS_EVERY_PAGE: Record<string, Check> = {
  paint: {
    test: () => performance.getEntriesByName('first-contentful-paint').length > 0,
    arg: '',
  },
  ready: { test: () => document.documentElement.hasAttribute('data-app-ready'), arg: '' },
}

type Run = {
  paintToPressMs: number
  pressToShownMs: number
  pressToDoneMs: number
  paintToAppReadyMs: number
  /** The longest any one press or keystroke waited for a frame that showed it (Event Timing). */
  slowestInputMs: number
}

async function once(
  browser: Browser,
  baseUrl: string,
  url: string,
  journey: Journey,
  slowdown: number,
): Promise<Run> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    if (slowdown > 1) {
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
    }
    // Marks set after the press, press to mark, as the page tells them.
    const seen = new Map<string, number>()
    page.on('console', (message) => {
      const [tag, name, sincePress] = message.text().split(' ')
      if (tag === 'atlas-mark' && name && !seen.has(name)) seen.set(name, Number(sincePress))
    })
    // The first check is `shown`, as a page that leaves tells it; the others shown1, shown2, …
    const shownNames = journey.shown.map((_, index) => (index === 0 ? 'shown' : `shown${index}`))
    await page.addInitScript({
      content: marker({
        ...CHECKS_EVERY_PAGE,
        ...Object.fromEntries(shownNames.map((name, index) => [name, journey.shown[index]!])),
        done: journey.done,
      }),
    })
    // Each press's moment in the page's clock, before any of the page's own listeners hear it:
    // the first press, and the first of each kind (a check's `since`).
    await page.addInitScript({
      content: `(() => {
        window.__pressAt = {}
        const mark = (event) => {
          const now = performance.now()
          window.__firstPress ??= now
          window.__pressAt[event.type === 'keydown' ? 'key:' + event.key : event.type] ??= now
        }
        addEventListener('keydown', mark, true)
        addEventListener('pointerdown', mark, true)
        // Each press and keystroke, from the moment it was made to the next frame that showed
        // it handled (Event Timing, as for INP): the slowest of the visit.
        window.__slowestInput = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            window.__slowestInput = Math.max(window.__slowestInput, entry.duration)
          }
        }).observe({ type: 'event', durationThreshold: 16, buffered: true })
      })()`,
    })
    await page.goto(`${baseUrl}${url}`, { waitUntil: 'commit' })
    await marksOnce(page, ['paint'])
    // The paint's own time, not the frame that noticed it.
    const paintAt = () =>
      page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime)
    if (journey.navigatesTo) {
      const before = await page.evaluate(() => performance.now())
      const paint = await paintAt()
      const clicked = Date.now()
      const arrived = page.waitForURL((next) => next.pathname.startsWith(journey.navigatesTo!), {
        waitUntil: 'commit',
      })
      await journey.act(page)
      await arrived
      await page.locator('h1').first().waitFor({ timeout: 60_000 })
      const done = Date.now() - clicked
      // The mark the page that was left kept in the tab's session storage, if its frame came.
      const kept = await page.evaluate(() => sessionStorage.getItem('atlas-mark-shown'))
      if (kept !== null && !seen.has('shown')) seen.set('shown', Number(kept))
      return {
        paintToPressMs: before - paint,
        // Never shown, as before the bar: the next page's arrival is then the first sign.
        pressToShownMs: seen.get('shown') ?? done,
        pressToDoneMs: done,
        paintToAppReadyMs: NaN,
        // The page that was pressed has gone: the bar's timing above says it.
        slowestInputMs: NaN,
      }
    }
    await journey.act(page)
    const mark = await marksOnce(page, ['paint', ...shownNames, 'done', 'ready'])
    // The last entries are told a frame or two after their paint.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    const slowestInputMs = await page.evaluate(
      () => (window as unknown as { __slowestInput: number }).__slowestInput,
    )
    const pressed = await page.evaluate(
      () => (window as unknown as { __firstPress?: number }).__firstPress ?? NaN,
    )
    const pressAt = await page.evaluate(
      () => (window as unknown as { __pressAt: Record<string, number> }).__pressAt,
    )
    const shownAfter = journey.shown.map((check, index) => {
      const since = check.since === undefined ? pressed : pressAt[check.since]
      if (since === undefined) throw new Error(`No press ${check.since} on ${url}`)
      return mark(shownNames[index]!) - since
    })
    const paint = await paintAt()
    return {
      paintToPressMs: pressed - paint,
      // The slowest of the journey's presses.
      pressToShownMs: Math.max(...shownAfter),
      pressToDoneMs: mark('done') - pressed,
      paintToAppReadyMs: mark('ready') - paint,
      slowestInputMs,
    }
  } finally {
    await context.close()
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

// A server already running (SITE_URL) has its catalogue loaded; a fresh one loads it in the
// background, which takes a processor from the browser for its first minutes.
const server = process.env.SITE_URL
  ? undefined
  : await startSiteServer({
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'api-atlas-bench-input-')),
      env: { SKIP_BUILD: '1' },
      readyWithinMs: 400_000,
    })
const base = process.env.SITE_URL ?? server!.url
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
try {
  const pages: (Record<string, unknown> & { slowdown: number; everyPressShownInTime: boolean })[] =
    []
  for (const slowdown of SLOWDOWNS) {
    for (const { url, journey } of PAGES) {
      if (ONLY && !ONLY.includes(url)) continue
      const runs: Run[] = []
      for (let run = 0; run < RUNS; run++) {
        runs.push(await once(browser, base, url, journey, slowdown))
      }
      const figure = (key: keyof Run) => ({
        medianMs: round(median(runs.map((r) => r[key])), 0),
        maxMs: round(Math.max(...runs.map((r) => r[key])), 0),
      })
      const row = {
        url,
        slowdown,
        paintToPress: figure('paintToPressMs'),
        pressToShown: figure('pressToShownMs'),
        pressToDone: figure('pressToDoneMs'),
        paintToAppReady: figure('paintToAppReadyMs'),
        slowestInput: figure('slowestInputMs'),
        everyPressShownInTime: runs.every((r) => r.pressToShownMs <= SHOWN_WITHIN_MS),
      }
      console.log(
        `${url} at ${slowdown}x: shown ${row.pressToShown.medianMs} ms (max ${row.pressToShown.maxMs}), done ${row.pressToDone.medianMs} ms (max ${row.pressToDone.maxMs}), app ready ${row.paintToAppReady.medianMs} ms after paint, slowest input ${row.slowestInput.medianMs} ms (max ${row.slowestInput.maxMs})`,
      )
      pages.push(row)
    }
  }
  writeResult('firstInput', {
    runsPerPage: RUNS,
    shownWithinMs: SHOWN_WITHIN_MS,
    everyPressShownInTime: Object.fromEntries(
      SLOWDOWNS.map((slowdown) => [
        `${slowdown}x`,
        pages.filter((row) => row.slowdown === slowdown).every((row) => row.everyPressShownInTime),
      ]),
    ),
    pages,
  })
} finally {
  await browser.close()
  await server?.stop()
}
