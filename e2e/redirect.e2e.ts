import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, watchForProblems } from './support/browser'

const baseUrl = inject('baseUrl')
let browser: Browser
let context: BrowserContext

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('arriving at the site', () => {
  it('lands on /redirect from / and forwards to the directory by itself', async () => {
    context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    const violations: string[] = []
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        ;(window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        )
      })
    })

    const response = await page.goto(`${baseUrl}/`)
    expect(response?.status()).toBe(200)
    const csp = response?.headers()['content-security-policy'] ?? ''
    // A public page: its inline scripts are allowed by their hashes, with no nonce.
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
    expect(csp).not.toContain("'nonce-")

    await page.waitForURL(`${baseUrl}/redirect`)
    await expect
      .poll(() => page.getByRole('heading', { name: 'Redirecting...' }).isVisible(), {
        timeout: 60_000,
      })
      .toBe(true)
    expect(await page.getByText('Taking you to the main API Directory').isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'click here' }).getAttribute('href')).toBe('/apis')
    expect(await page.title()).toBe('Redirecting | API Atlas')

    // Emotion's styles were allowed by the CSP: the header has the theme's surface colour.
    const headerBackground = await page
      .locator('header')
      .evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(headerBackground).not.toBe('rgba(0, 0, 0, 0)')

    await page.waitForURL(`${baseUrl}/apis`, { timeout: 60_000 })
    expect(violations).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('sends an unknown address to /redirect too', async () => {
    context = await browser.newContext()
    const page = await context.newPage()
    const response = await page.goto(`${baseUrl}/no/such/page`)
    expect(response?.status()).toBe(200)
    await page.waitForURL(`${baseUrl}/redirect`)
    await page.getByRole('link', { name: 'click here' }).click()
    await page.waitForURL(`${baseUrl}/apis`)
    await context.close()
  })

  it('answers unknown /api paths with JSON, not the page', async () => {
    const response = await fetch(`${baseUrl}/api/no-such-route`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      success: false,
      error: expect.stringContaining('/api/no-such-route'),
    })
  })
})
