// Every screen laid out for a phone: each page at 360 x 740 and 390 x 844, light and dark, on a
// touch screen. No page scrolls sideways, the header keeps to one line, nothing spills out of its
// card (a table may scroll inside its own), and no keyboard hint is offered to a finger.
// Screenshots of each first screen go to test-results/layout/ for a person to look at.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { BROWSER_PAGES } from '../scripts/firstLoad'
import { launchBrowser } from './support/browser'
import { addStaff, DESKTOP_CHROME, openLogin, signIn } from './support/staff'

const baseUrl = inject('baseUrl')
const SHOTS = path.join(import.meta.dirname, '..', 'test-results', 'layout')
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const
const SCHEMES = ['light', 'dark'] as const

const ADDRESSES = [
  ...new Set(BROWSER_PAGES.map((page) => page.url)),
  '/bpm-login',
  '/ads',
  '/social',
  '/monitor',
]
const STAFF_ADDRESSES = ['/dashboard', '/analytics']

/** The header's height at most: one line of toolbar. */
const HEADER_MAX_PX = 64

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

const phoneContext = (scheme: (typeof SCHEMES)[number]) =>
  browser.newContext({
    viewport: PHONES[0],
    colorScheme: scheme,
    isMobile: true,
    hasTouch: true,
    userAgent: DESKTOP_CHROME.replace('X11; Linux x86_64', 'Linux; Android 14; Pixel 8'),
  })

/** Waits until the page is the app's, its heading shows and nothing is loading. */
async function settled(page: Page) {
  await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 60_000 })
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 })
  await page.waitForLoadState('networkidle')
  // Loading indicators gone; the monitor mock-up's gauges are progress bars that stay.
  await expect
    .poll(() => page.getByRole('progressbar', { name: /^Loading/ }).count(), { timeout: 30_000 })
    .toBe(0)
}

type Layout = {
  scrollWidth: number
  innerWidth: number
  headerHeight: number
  brandLines: number
  spilled: string[]
  keyboardHint: boolean
}

/** What the page's layout comes to at the viewport it has now. */
const measure = (page: Page) =>
  page.evaluate((): Layout => {
    const scrolls = (element: Element) =>
      /(auto|scroll|hidden|clip)/.test(getComputedStyle(element).overflowX)
    const spilled: string[] = []
    for (const card of document.querySelectorAll('.MuiCard-root, .MuiPaper-outlined, .api-card')) {
      const box = card.getBoundingClientRect()
      // A card that scrolls its own content (a table's) holds it however wide. One that clips
      // (most do, for their rounded corners) is checked all the same: what it cuts off is lost.
      if (box.width === 0 || /(auto|scroll)/.test(getComputedStyle(card).overflowX)) continue
      for (const inner of card.querySelectorAll('*')) {
        const rect = inner.getBoundingClientRect()
        if (rect.width === 0 || rect.right <= box.right + 1) continue
        // Inside something of the card's that scrolls or clips it (a table that scrolls), or
        // not shown: not spilling.
        let parent = inner.parentElement
        let held = false
        while (parent && parent !== card) {
          if (scrolls(parent)) held = true
          parent = parent.parentElement
        }
        if (held || getComputedStyle(inner).visibility === 'hidden') continue
        const text = (inner.textContent ?? '').trim().slice(0, 40)
        spilled.push(
          `${inner.tagName.toLowerCase()} "${text}" ends at ${Math.round(rect.right)} px, its card at ${Math.round(box.right)} px`,
        )
        break
      }
    }
    const brand = [...document.querySelectorAll('header a span')].find(
      (span) => span.textContent === 'API Atlas',
    )
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      headerHeight: document.querySelector('header')?.getBoundingClientRect().height ?? 0,
      brandLines: brand ? brand.getClientRects().length : 0,
      spilled,
      keyboardHint: /Press \/ to search/.test(document.body.innerText),
    }
  })

async function checkEachPhone(page: Page, name: string, scheme: string) {
  for (const phone of PHONES) {
    await page.setViewportSize(phone)
    // A new width is laid out by the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    const layout = await measure(page)
    await page.screenshot({
      path: path.join(SHOTS, `${name.replace(/[^a-z0-9]+/gi, '_')}-${phone.width}-${scheme}.png`),
      fullPage: false,
    })
    const where = `${name} at ${phone.width} px, ${scheme}`
    expect(layout.scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(
      layout.innerWidth,
    )
    expect(layout.headerHeight, `${where}: the header`).toBeLessThanOrEqual(HEADER_MAX_PX)
    expect(layout.brandLines, `${where}: "API Atlas" in one line`).toBe(1)
    expect(layout.spilled, where).toEqual([])
    expect(layout.keyboardHint, `${where}: a keyboard hint on a touch screen`).toBe(false)
  }
}

describe('every page on a phone', () => {
  let contexts: Record<string, BrowserContext> = {}
  // One tab per scheme, as one visitor reading on: a new tab is a new visit, and the server allows
  // one address 120 visits an hour (the whole suite comes from one address).
  let pages: Record<string, Page> = {}
  beforeAll(async () => {
    contexts = Object.fromEntries(
      await Promise.all(SCHEMES.map(async (scheme) => [scheme, await phoneContext(scheme)])),
    )
    pages = Object.fromEntries(
      await Promise.all(SCHEMES.map(async (scheme) => [scheme, await contexts[scheme]!.newPage()])),
    )
  })
  afterAll(async () => {
    await Promise.all(Object.values(contexts).map((context) => context.close()))
  })

  it.each(ADDRESSES)('%s fits 360 and 390 px, light and dark', async (address) => {
    for (const scheme of SCHEMES) {
      const page = pages[scheme]!
      await page.setViewportSize(PHONES[0])
      await page.goto(`${baseUrl}${address}`)
      await settled(page)
      await checkEachPhone(page, address, scheme)
    }
  })

  it('the staff pages fit too, signed in', async () => {
    const email = `layout-${Date.now()}@api-atlas.example`
    await addStaff(email, 'Layout Check', 'admin')
    for (const scheme of SCHEMES) {
      const page = pages[scheme]!
      await page.setViewportSize(PHONES[0])
      await openLogin(page)
      await signIn(page, email)
      await page.waitForURL(/\/dashboard$/)
      for (const address of STAFF_ADDRESSES) {
        if (!page.url().endsWith(address)) await page.goto(`${baseUrl}${address}`)
        await settled(page)
        await checkEachPhone(page, address, scheme)
      }
    }
  })
})
