import { chromium, type Browser, type Page } from 'playwright-core'

/** Debian's Chromium, launched the way this machine allows (no sandbox as root, no background traffic). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  })
}

/** Collects what would tell a user or a developer that a page is broken: CSP violations, errors. */
export function watchForProblems(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // Chromium's "Failed to load resource" names no address; its location is the resource.
    const { url } = message.location()
    const failed = message.text().startsWith('Failed to load resource') && url
    problems.push(`console: ${message.text()}${failed ? ` (${url})` : ''}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  return problems
}

/**
 * Holds back the scripts whose address matches `file` until the returned release is called: a part
 * (or, with the entry, the whole app) stays the server's markup meanwhile, as on a slow phone.
 */
export async function holdBack(page: Page, file: RegExp) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(file, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** The app's entry, which the page's start script imports after the first paint. */
export const ENTRY_SCRIPT = /\/assets\/index-[\w-]+\.js$/

/** Resolves once the browser has painted the page's first content. */
export const firstPaint = (page: Page) =>
  page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
    undefined,
    { timeout: 30_000 },
  )
