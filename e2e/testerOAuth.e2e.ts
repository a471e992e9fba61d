// OAuth 2 in the tester against a loopback identity provider on the port TESTER_ALLOWED_HOSTS
// names (globalSetup): the browser visits its authorization page, our server makes every token
// request through the tester's guard, and the token goes into the environment as a secret.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  IDP_CLIENTS,
  startIdentityProvider,
  type IdentityProvider,
} from '../server/tester/testIdentityProvider'
import { launchBrowser, watchForProblems } from './support/browser'
import { openTester } from './support/testerUpstream'

let idp: IdentityProvider
let browser: Browser
let context: BrowserContext
let page: Page
let problems: string[]

beforeAll(async () => {
  idp = await startIdentityProvider(inject('testerUpstreamPort'), { interval: 1 })
  browser = await launchBrowser()
  // One context for the whole journey: the token one step gets is the one the next step uses.
  context = await browser.newContext()
  page = await context.newPage()
  problems = watchForProblems(page)
  await openTester(page)
  await page.getByRole('tab', { name: 'Auth' }).click()
  await page.getByRole('combobox', { name: 'Authentication' }).selectOption('oauth2')
  await page.getByRole('region', { name: 'OAuth 2' }).waitFor()
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await idp?.close()
})

const panel = () => page.getByRole('region', { name: 'OAuth 2' })

/** Fills a field of the panel, clearing what was there. */
const fill = (label: string, value: string) =>
  panel().getByRole('textbox', { name: label, exact: true }).fill(value)

/** Sends GET /me of the provider with the request's Authorization header and reads its answer. */
async function callMe() {
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`${idp.origin}/me`)
  await page.getByRole('button', { name: 'Send Request' }).click()
  const body = page.getByRole('group', { name: 'JSON body' })
  await body.waitFor()
  return body
}

/** The history this browser keeps, as stored text. */
const kept = () => page.evaluate(() => localStorage.getItem('api-atlas:tester-history') ?? '')

describe('OAuth 2 in the tester', () => {
  it('signs in with an authorization code and PKCE, through our callback page', async () => {
    await panel().getByRole('combobox', { name: 'Grant type' }).selectOption('authorizationCode')
    await fill('Authorization URL', `${idp.origin}/authorize`)
    await fill('Token URL', `${idp.origin}/token`)
    await fill('Client ID', IDP_CLIENTS.browser.id)
    await fill('Scopes', 'mail.read')
    const popup = context.waitForEvent('page')
    await panel().getByRole('button', { name: 'Sign in' }).click()
    // The provider approves at once and sends the window to our callback page.
    const signIn = await popup
    const granted = panel().getByRole('alert', { name: 'Token granted' })
    await granted.waitFor()
    expect(await granted.textContent()).toContain('{{oauth2_access_token}}')
    expect(await granted.textContent()).toContain('mail.read')
    if (!signIn.isClosed()) await signIn.close()

    const exchange = idp.seen.at(-1)!
    expect(exchange.path).toBe('/token')
    expect(exchange.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(exchange.form).toMatchObject({
      grant_type: 'authorization_code',
      client_id: IDP_CLIENTS.browser.id,
      redirect_uri: `${inject('baseUrl')}/oauth/callback`,
      code_verifier: expect.stringMatching(/^[A-Za-z0-9\-._~]{43,128}$/),
    })

    // The request names the variable; the provider's resource takes the token it stands for.
    const body = await callMe()
    await expect.poll(() => body.textContent()).toContain('"client": "atlas-browser"')
    // History is written once the answer is shown, with the Authorization header masked.
    await expect.poll(kept).toContain(`${idp.origin}/me`)
    expect(await kept()).toContain('Bearer ••••••')
    expect(await kept()).not.toMatch(/at-[A-Za-z0-9_-]{10}/)
  })

  it('gets a token with client credentials, then refreshes it', async () => {
    await panel().getByRole('combobox', { name: 'Grant type' }).selectOption('clientCredentials')
    await fill('Token URL', `${idp.origin}/token`)
    await fill('Client ID', IDP_CLIENTS.machine.id)
    await panel().getByLabel('Client secret').fill(IDP_CLIENTS.machine.secret)
    await fill('Scopes', 'reports')
    const before = idp.seen.length
    await panel().getByRole('button', { name: 'Get token' }).click()
    await expect.poll(() => idp.seen.length).toBeGreaterThan(before)
    const granted = panel().getByRole('alert', { name: 'Token granted' })
    await expect.poll(() => granted.textContent()).toContain('reports')
    expect(idp.seen.at(-1)!.form).toMatchObject({ grant_type: 'client_credentials' })
    expect(idp.seen.at(-1)!.headers.authorization).toMatch(/^Basic /)
    const body = await callMe()
    await expect.poll(() => body.textContent()).toContain('"client": "atlas-machine"')

    const refreshed = idp.seen.length
    await panel().getByRole('button', { name: 'Refresh the token' }).click()
    await expect.poll(() => idp.seen.length).toBeGreaterThan(refreshed)
    expect(idp.seen.at(-1)!.form).toMatchObject({ grant_type: 'refresh_token' })
    await granted.waitFor()
    await callMe()
    await expect
      .poll(() => page.getByRole('group', { name: 'JSON body' }).textContent())
      .toContain('"client": "atlas-machine"')
  })

  it('refreshes that token after a reload, as the client the environment kept beside it', async () => {
    await page.reload()
    await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
    await page.getByRole('tab', { name: 'Auth' }).click()
    const kind = page.getByRole('combobox', { name: 'Authentication' })
    if ((await kind.inputValue()) !== 'oauth2') await kind.selectOption('oauth2')
    // The panel's settings went with the page; the client comes back from the environment.
    await expect
      .poll(() => panel().getByRole('textbox', { name: 'Client ID', exact: true }).inputValue())
      .toBe(IDP_CLIENTS.machine.id)
    const before = idp.seen.length
    await panel().getByRole('button', { name: 'Refresh the token' }).click()
    await expect.poll(() => idp.seen.length).toBeGreaterThan(before)
    expect(idp.seen.at(-1)!.path).toBe('/token')
    expect(idp.seen.at(-1)!.form).toMatchObject({ grant_type: 'refresh_token' })
    // The machine client's secret, kept as a secret variable, still goes with it.
    expect(idp.seen.at(-1)!.headers.authorization).toMatch(/^Basic /)
    await panel().getByRole('alert', { name: 'Token granted' }).waitFor()
  })

  it('runs a device code flow: the user code, polling, then the token', async () => {
    await panel().getByRole('combobox', { name: 'Grant type' }).selectOption('deviceCode')
    await fill('Device authorization URL', `${idp.origin}/device/code`)
    await fill('Token URL', `${idp.origin}/token`)
    await fill('Client ID', IDP_CLIENTS.device.id)
    await panel().getByLabel('Client secret').fill('')
    await panel().getByRole('button', { name: 'Start device sign-in' }).click()
    const waiting = panel().getByRole('status', { name: 'Waiting for the device approval' })
    const userCode = (await waiting.getByLabel('User code').textContent())!.trim()
    // The tester asks at least once while the device is not approved yet.
    await expect
      .poll(() => idp.seen.filter((s) => s.form.device_code).length)
      .toBeGreaterThanOrEqual(1)
    expect(await waiting.isVisible()).toBe(true)
    // The person approves on the provider's page, in another tab of the same browser.
    const approval = await context.newPage()
    await approval.goto(`${idp.origin}/device?user_code=${userCode}`)
    await approval.close()
    await panel().getByRole('alert', { name: 'Token granted' }).waitFor()
  })

  it('shows the provider’s refusal of an authorization request', async () => {
    await panel().getByRole('combobox', { name: 'Grant type' }).selectOption('authorizationCode')
    await fill('Authorization URL', `${idp.origin}/authorize`)
    await fill('Token URL', `${idp.origin}/token`)
    await fill('Client ID', IDP_CLIENTS.refused.id)
    const popup = context.waitForEvent('page')
    await panel().getByRole('button', { name: 'Sign in' }).click()
    const signIn = await popup
    const refused = panel().getByRole('alert', { name: 'Token refused' })
    await refused.waitFor()
    expect(await refused.textContent()).toContain('access_denied')
    expect(await refused.textContent()).toContain('The user declined to share their mail')
    if (!signIn.isClosed()) await signIn.close()
    expect(problems).toEqual([])
  })
})
