import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { MarketingStatsResponse, RecentPostsResponse } from '@/contract/contentMarketing'
import { launchBrowser, watchForProblems } from './support/browser'
import {
  accessTokenFor,
  account,
  addStaff,
  DESKTOP_CHROME,
  openLogin,
  signIn,
} from './support/staff'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The content-marketing figures as the server computes them now, read as staff. */
async function marketingStats(token: string) {
  const response = await fetch(`${baseUrl}/api/content-marketing/stats`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as MarketingStatsResponse).data
}

async function recentPosts(token: string) {
  const response = await fetch(`${baseUrl}/api/content-marketing/recent-posts`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return ((await response.json()) as RecentPostsResponse).data
}

const count = (value: number) => value.toLocaleString('en-US')

/** A figure on one of the dashboard's tiles, found by the tile's name. */
const tile = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/**
 * The collector's answer to the page's batch holding a view of `path`: the tracker starts once the
 * page is idle and sends what it queued a few seconds later.
 */
const countedView = (page: Page, path: string) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/analytics/events') &&
      (response.request().postData() ?? '').includes(`"path":${JSON.stringify(path)}`),
    { timeout: 60_000 },
  )

async function signInToDashboard(page: Page, email: string) {
  await openLogin(page)
  expect((await signIn(page, email)).status()).toBe(200)
  await page.waitForURL(`${baseUrl}/dashboard`)
  await page.getByText('Welcome back, Katherine Johnson').waitFor()
}

describe('the staff dashboard on real data', () => {
  it("counts a visitor's blog pages, shows the live catalogue count, and posts to LinkedIn through the outbox", async () => {
    const email = account('katherine')
    // She posts to the company's accounts, which takes an admin (docs/auth.md).
    expect(await addStaff(email, 'Katherine Johnson', 'admin')).toMatch(/Created/i)
    const token = await accessTokenFor(email)
    // Other journeys share this server: the figures are measured from where they stand now.
    const before = await marketingStats(token)

    // A visitor reads the blog list and an article.
    const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME })
    const reader = await visitor.newPage()
    const readerProblems = watchForProblems(reader)
    // Each view is waited for in the page's timed batch, never left to the beacon sent on leaving,
    // which the browser sends only as it can: on a loaded machine one was lost on its way out.
    const listCounted = countedView(reader, '/blog')
    await reader.goto(`${baseUrl}/blog`)
    await reader.getByRole('heading', { level: 1, name: 'API Atlas Blog' }).waitFor()
    expect((await listCounted).status()).toBe(202)
    const articleCounted = countedView(reader, '/blog/api-integration-guide-2024')
    await reader.getByRole('link', { name: 'How to Integrate APIs in 2024', exact: true }).click()
    await reader.waitForURL(`${baseUrl}/blog/api-integration-guide-2024`)
    await reader
      .getByRole('heading', { level: 1, name: 'How to Integrate APIs in 2024', exact: true })
      .waitFor()
    expect((await articleCounted).status()).toBe(202)
    await expect
      .poll(async () => (await marketingStats(token)).contentStats.blogViews, { timeout: 60_000 })
      .toBe(before.contentStats.blogViews + 2)
    expect(readerProblems).toEqual([])
    await visitor.close()

    // Staff sign in: the tiles and the panel show the system's own figures.
    const staff = await browser.newContext({ userAgent: DESKTOP_CHROME })
    const page = await staff.newPage()
    const problems = watchForProblems(page)
    await signInToDashboard(page, email)

    const catalogue = (await (await fetch(`${baseUrl}/api/apis?limit=1`)).json()) as {
      data: { total: number }
    }
    expect(catalogue.data.total).toBeGreaterThan(0)
    await tile(page, 'Total APIs').getByText(count(catalogue.data.total), { exact: true }).waitFor()
    await tile(page, 'Total APIs').getByText('Directory entries, versions grouped').waitFor()
    const blogViews = before.contentStats.blogViews + 2
    expect(blogViews).toBeGreaterThanOrEqual(2)
    await tile(page, 'Blog Views').getByText(count(blogViews), { exact: true }).waitFor()

    // No network credentials on this server: outbox mode, and no engagement or reach to show.
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'Outbox mode is on for LinkedIn, Twitter and Reddit' })
    await notice.waitFor()
    expect(await notice.textContent()).toContain(
      'Outbox posts have no engagement or reach figures.',
    )

    // Post to LinkedIn (the form's first network).
    const content = `Dashboard journey ${Date.now()}: what our API tester checks`
    await page.getByRole('textbox', { name: 'Post content' }).fill(content)
    const posted = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith('/api/content-marketing/post-linkedin'),
    )
    await page.getByRole('button', { name: 'Post to LinkedIn' }).click()
    expect((await posted).status()).toBe(200)
    const result = page
      .getByRole('alert')
      .filter({ hasText: 'Saved to the outbox for LinkedIn: nothing was sent' })
    await result.waitFor()
    expect(await result.textContent()).not.toContain('Posted to')
    expect(await result.textContent()).toContain(
      'LinkedIn is not connected, so nothing was sent to LinkedIn: outbox mode is on.',
    )

    // The lists reload after the post: it is in Recent posts, marked as outbox, with no figures.
    const recent = page.getByRole('region', { name: 'Recent posts' })
    const item = recent.getByRole('listitem').filter({ hasText: content })
    await item.waitFor()
    await item.getByText('Outbox', { exact: true }).waitFor()
    await item.getByText('no engagement figures').waitFor()
    await item.getByText('LinkedIn', { exact: true }).waitFor()

    // A reload ends the in-memory session; signed in again, the stored post is still there.
    await page.reload()
    await page.waitForURL(`${baseUrl}/bpm-login`)
    await signInToDashboard(page, email)
    await page
      .getByRole('region', { name: 'Recent posts' })
      .getByRole('listitem')
      .filter({ hasText: content })
      .getByText('Outbox', { exact: true })
      .waitFor()

    // What the server stored: published to the outbox, no figures, staff pages not counted.
    const stored = (await recentPosts(token)).find((post) => post.title === content)
    expect(stored).toMatchObject({
      platform: 'linkedin',
      status: 'published',
      delivery: 'outbox',
      engagement: 0,
      url: null,
    })
    const after = await marketingStats(token)
    expect(after.socialStats.linkedin).toEqual({
      posts: before.socialStats.linkedin.posts + 1,
      engagement: before.socialStats.linkedin.engagement,
      reach: before.socialStats.linkedin.reach,
    })
    expect(after.contentStats.blogViews).toBe(blogViews)
    expect(problems).toEqual([])
    await staff.close()
  })
})
