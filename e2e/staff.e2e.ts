import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, watchForProblems } from './support/browser'
import { account, addStaff, DESKTOP_CHROME, openLogin, PASSWORD, signIn } from './support/staff'

const baseUrl = inject('baseUrl')

const HEADLESS_CHROME = DESKTOP_CHROME.replace('Chrome/', 'HeadlessChrome/')

let browser: Browser
let context: BrowserContext

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await context?.close()
})

async function newPage(userAgent: string) {
  context = await browser.newContext({ userAgent })
  const page = await context.newPage()
  return { page, problems: watchForProblems(page) }
}

/** The security events the account has stored, read through the table API as that account. */
async function storedEvents(email: string) {
  // Embedded auth answers on this server, at the address the browser used (staffClientUrl).
  const config = (await (await fetch(`${baseUrl}/api/config`)).json()) as {
    supabaseAnonKey: string
  }
  const headers = { apikey: config.supabaseAnonKey, 'content-type': 'application/json' }
  const token = (await (
    await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD }),
    })
  ).json()) as { access_token: string; user: { id: string } }
  const response = await fetch(
    `${baseUrl}/rest/v1/security_events?select=event_type,description&user_id=eq.${token.user.id}&order=timestamp.asc`,
    { headers: { ...headers, authorization: `Bearer ${token.access_token}` } },
  )
  return (await response.json()) as { event_type: string; description: string }[]
}

/** A refused sign-in (400 from the token call) is the browser's one console error. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (problem) =>
      !/^console: Failed to load resource: the server responded with a status of 400/.test(problem),
  )

describe('staff sign-in', () => {
  it('signs in, is welcomed by name, is signed out by a reload, signs in again and logs out', async () => {
    const email = account('ada')
    expect(await addStaff(email, 'Ada Lovelace')).toMatch(/Created/i)
    const { page, problems } = await newPage(DESKTOP_CHROME)

    await openLogin(page)
    expect(await page.title()).toBe('Staff sign-in | API Atlas')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe(
      'noindex,nofollow',
    )
    expect((await signIn(page, email)).status()).toBe(200)
    await page.waitForURL(`${baseUrl}/dashboard`)
    await page.getByText('Welcome back, Ada Lovelace').waitFor()
    await page.getByRole('region', { name: 'Total APIs' }).waitFor()
    // A viewer reads the panel but gets no post form, and is told why.
    await page.getByText('Read-only for viewers.').waitFor()
    expect(await page.getByRole('textbox', { name: 'Post content' }).count()).toBe(0)

    // The session lives in memory only (docs/auth.md): a reload asks for the password again.
    await page.reload()
    await page.waitForURL(`${baseUrl}/bpm-login`)
    await openLogin(page)
    await signIn(page, email)
    await page.getByText('Welcome back, Ada Lovelace').waitFor()

    await page.getByRole('button', { name: 'Logout' }).click()
    await page.getByRole('button', { name: 'Are you sure?' }).click()
    await page.waitForURL(`${baseUrl}/bpm-login`)
    await page.getByText('You have signed out.').waitFor()
    await page.goto(`${baseUrl}/dashboard`)
    await page.waitForURL(`${baseUrl}/bpm-login`)

    expect(problems).toEqual([])
    expect(await storedEvents(email)).toEqual([
      { event_type: 'LOGIN_SUCCESS', description: 'User logged in successfully' },
      { event_type: 'LOGIN_SUCCESS', description: 'User logged in successfully' },
      { event_type: 'LOGOUT', description: 'User logged out' },
    ])
  })

  it('shows the service’s message for three wrong passwords, then blocks the fourth attempt', async () => {
    const email = account('grace')
    await addStaff(email, 'Grace Hopper')
    const { page, problems } = await newPage(DESKTOP_CHROME)
    const tokenRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/token')) tokenRequests.push(request.url())
    })

    await openLogin(page)
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await signIn(page, email, `Wrong-horse-${attempt}`)).status()).toBe(400)
      await page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }).waitFor()
    }
    await page.getByRole('button', { name: 'Access Dashboard' }).click()
    await page.getByRole('alert').filter({ hasText: 'Access denied' }).waitFor()
    expect(await page.getByRole('button', { name: 'Access Dashboard' }).isDisabled()).toBe(true)
    expect(await page.getByRole('textbox', { name: 'Email' }).isDisabled()).toBe(true)
    expect(tokenRequests).toHaveLength(3)
    expect(page.url()).toBe(`${baseUrl}/bpm-login`)
    expect(unexpected(problems)).toEqual([])
    // The auth server stored each failure for the account (the browser, signed out, cannot).
    const failed = {
      event_type: 'LOGIN_FAILED',
      description: 'Login failed: Invalid login credentials',
    }
    await expect.poll(() => storedEvents(email)).toEqual([failed, failed, failed])
  })

  it('blocks a headless browser: Access Denied, then /404 after a second', async () => {
    const { page, problems } = await newPage(HEADLESS_CHROME)
    const visited: string[] = []
    page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname))

    await page.goto(`${baseUrl}/bpm-login`)
    await page.getByRole('alert').filter({ hasText: 'Access Denied' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Email' }).count()).toBe(0)
    // /404 is no page of the site, so it goes on to /redirect.
    await page.waitForURL(`${baseUrl}/redirect`)
    expect(visited).toContain('/404')
    expect(problems).toEqual([])
  })
})
