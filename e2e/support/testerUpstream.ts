// The browser and the local upstream a tester journey sends to, and the steps journeys share.
// The e2e server was started with TESTER_ALLOWED_HOSTS naming the upstream's loopback port
// (globalSetup); journeys run one file at a time, so each file starts the upstream on that port and
// closes it after.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { startUpstream, type Upstream } from '../../server/tester/testUpstream'
import { launchBrowser } from './browser'

/** Starts both before the file's journeys and closes them after; read them once they run. */
export function useTesterUpstream() {
  const session = {} as { browser: Browser; upstream: Upstream }
  beforeAll(async () => {
    session.upstream = await startUpstream(inject('testerUpstreamPort'))
    session.browser = await launchBrowser()
  })
  afterAll(async () => {
    await session.browser?.close()
    await session.upstream?.close()
  })
  return session
}

/** Opens the tester (at `url`, a share link say) and waits until the app runs its form. */
export async function openTester(page: Page, url = `${inject('baseUrl')}/tools/tester`) {
  await page.goto(url)
  await page.locator('html[data-app-ready]').waitFor({ timeout: 60_000 })
  await page.getByRole('textbox', { name: 'URL' }).waitFor()
}

/**
 * Makes the environment "Local upstream" as a person would: `base`, the upstream's address, and
 * `token`, marked secret. Resolves to its dialog, still open.
 */
export async function addUpstreamEnvironment(page: Page, origin: string, token: string) {
  await page.getByRole('button', { name: 'Environments' }).click()
  const environments = page.getByRole('dialog', { name: 'Environments' })
  await environments.getByRole('button', { name: 'New environment' }).click()
  await environments.getByRole('textbox', { name: 'Name' }).fill('Local upstream')
  await environments.getByRole('button', { name: 'Add variable' }).click()
  await environments.getByRole('textbox', { name: 'Variable', exact: true }).nth(0).fill('base')
  await environments.getByLabel('Value of base', { exact: true }).fill(origin)
  await environments.getByRole('button', { name: 'Add variable' }).click()
  await environments.getByRole('textbox', { name: 'Variable', exact: true }).nth(1).fill('token')
  await environments.getByLabel('Value of token', { exact: true }).fill(token)
  await environments.getByRole('checkbox', { name: 'Secret' }).nth(1).check()
  return environments
}
