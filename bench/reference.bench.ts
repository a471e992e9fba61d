// The API page of the largest API in the catalogue (Microsoft Graph beta, 22,361 operations) opened
// at the address of an operation far down its list (as the product's links write it, or with
// REFERENCE_ADDRESS=hash the fragment alone), in Chromium at 4× CPU slowdown: the time from the
// navigation's start and from the first paint to that operation shown (its auth and code panel
// drawn), the time to the whole list drawn around it, and the longest main-thread task after the
// operation showed, through the list's arrival and a reader's scrolling. Targets: shown within 2 s
// of the first paint, no task over 200 ms. Runs the real server on the built site (npm run build first), loopback only;
// REFERENCE_RUNS=n visits (3); REFERENCE_API another API's id; REFERENCE_DATA_DIR reuses a data
// directory already seeded (a first start loads the seeds for minutes), and keeps it;
// REFERENCE_PROFILE names a folder for each visit's CPU profile, navigation to shown (Chromium's
// .cpuprofile, opened by DevTools' Performance panel; the site's source maps are in .sourcemaps/).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { startSiteServer } from '../scripts/siteServer'
import { operationAnchor, operationHref } from '../src/shared/operationLinks'
import { round, writeResult } from './lib'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const RUNS = Number(process.env.REFERENCE_RUNS ?? 3)
const CPU_SLOWDOWN = 4

type Found = { data: { api: { id: string; name: string } } }
type Page = { data: { total: number; operations: { operationKey: string; path: string }[] } }

const kept = process.env.REFERENCE_DATA_DIR
const profiles = process.env.REFERENCE_PROFILE
if (profiles) mkdirSync(profiles, { recursive: true })
const server = await startSiteServer({
  dataDir: kept ?? mkdtempSync(path.join(os.tmpdir(), 'api-atlas-bench-reference-')),
  keepDataDir: kept !== undefined,
  env: { SKIP_BUILD: '1' },
  readyWithinMs: 900_000,
})
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})

try {
  // The catalogue's largest API: `select api_id from api_operation_sets order by operation_count
  // desc limit 1`. REFERENCE_API names another.
  const apiId = process.env.REFERENCE_API ?? 'microsoft-com-graph-beta'
  const api = ((await (await fetch(`${server.url}/api/apis/${apiId}`)).json()) as Found).data.api
  // An operation two thirds down the list: its chunk is far from the top.
  const first = (await (
    await fetch(`${server.url}/api/apis/${api.id}/operations?limit=1`)
  ).json()) as Page
  const total = first.data.total
  const deep = (await (
    await fetch(
      `${server.url}/api/apis/${api.id}/operations?limit=1&page=${Math.floor((total * 2) / 3)}`,
    )
  ).json()) as Page
  const target = deep.data.operations[0]!
  const anchor = operationAnchor(target.operationKey)
  // REFERENCE_ADDRESS=hash: the address with the fragment alone (`#op-…`), which the page's first
  // script asks for again with `?op=` (src/app/fragmentToQuery.js); by default the address the
  // product's own links carry (`?op=…#op-…`), whose operation the server draws.
  const url =
    process.env.REFERENCE_ADDRESS === 'hash'
      ? `${server.url}/apis/${api.id}#${anchor}`
      : `${server.url}${operationHref(`/apis/${api.id}`, target.operationKey)}`
  console.log(`${api.name} (${api.id}), ${total} operations; opening ${target.path}`)

  const runs: Record<string, number>[] = []
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = []
      ;(window as unknown as { __tasks: typeof tasks }).__tasks = tasks
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ start: entry.startTime, duration: entry.duration })
      }).observe({ type: 'longtask', buffered: true })
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    if (profiles) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
      await cdp.send('Profiler.start')
    }
    await page.goto(url, { waitUntil: 'commit' })
    const selector = `[id="${anchor}"] aside[aria-label^="Auth and code"]`
    // Checked every frame; the first frame it holds is when it showed.
    await page.waitForFunction(
      (css) => {
        const w = window as unknown as { __shown?: number }
        if (document.querySelector(css) && w.__shown === undefined) w.__shown = performance.now()
        return w.__shown !== undefined
      },
      selector,
      { polling: 'raf', timeout: 300_000 },
    )
    if (profiles) {
      const { profile } = await cdp.send('Profiler.stop')
      writeFileSync(path.join(profiles, `reference-${run + 1}.cpuprofile`), JSON.stringify(profile))
    }
    // The whole list, drawn around the open operation.
    await page.waitForFunction(
      () => {
        const w = window as unknown as { __listed?: number }
        const done = [...document.querySelectorAll('[role=status]')].some((s) =>
          /^[\d,]+ operations$/.test(s.textContent ?? ''),
        )
        if (done && w.__listed === undefined) w.__listed = performance.now()
        return w.__listed !== undefined
      },
      undefined,
      { polling: 'raf', timeout: 600_000 },
    )
    // A reader scrolls down through the list and back up, a screen at a time.
    for (const dy of [800, 800, 800, 800, -800, -800, -800, -800, -800, -800]) {
      await page.mouse.wheel(0, dy)
      await page.waitForTimeout(400)
    }
    await page.waitForTimeout(1500)
    const figures = await page.evaluate(() => {
      const w = window as unknown as {
        __shown: number
        __listed: number
        __tasks: { start: number; duration: number }[]
      }
      const paint =
        performance.getEntriesByName('first-paint')[0]?.startTime ??
        performance.getEntriesByName('first-contentful-paint')[0]!.startTime
      const after = w.__tasks.filter((t) => t.start + t.duration > w.__shown)
      return {
        // From the navigation's start (performance.now()'s origin): what the visitor waits in all.
        startToShownMs: w.__shown,
        paintToShownMs: w.__shown - paint,
        paintToListedMs: w.__listed - paint,
        longestTaskAfterShownMs: Math.max(0, ...after.map((t) => t.duration)),
        tasksOver200msAfterShown: after.filter((t) => t.duration > 200).length,
        longestTaskBeforeShownMs: Math.max(
          0,
          ...w.__tasks.filter((t) => t.start < w.__shown).map((t) => t.duration),
        ),
      }
    })
    console.log(
      `run ${run + 1}: shown ${round(figures.paintToShownMs, 0)} ms after first paint (${round(figures.startToShownMs, 0)} ms after the navigation's start), list drawn at ${round(figures.paintToListedMs, 0)} ms, longest task after ${round(figures.longestTaskAfterShownMs, 0)} ms (${figures.tasksOver200msAfterShown} over 200 ms)`,
    )
    runs.push(figures)
    await context.close()
  }
  const median = (key: string) => {
    const sorted = runs.map((r) => r[key]!).sort((a, b) => a - b)
    return round(sorted[Math.floor(sorted.length / 2)]!, 0)
  }
  const worst = (key: string) => round(Math.max(...runs.map((r) => r[key]!)), 0)
  writeResult('reference', {
    api: api.id,
    operations: total,
    opened: target.operationKey,
    address: process.env.REFERENCE_ADDRESS === 'hash' ? 'fragment only' : 'query and fragment',
    cpuSlowdown: CPU_SLOWDOWN,
    runs: runs.length,
    startToShownMs: { median: median('startToShownMs'), max: worst('startToShownMs') },
    paintToShownMs: { median: median('paintToShownMs'), max: worst('paintToShownMs') },
    paintToListedMs: { median: median('paintToListedMs'), max: worst('paintToListedMs') },
    longestTaskAfterShownMs: {
      median: median('longestTaskAfterShownMs'),
      max: worst('longestTaskAfterShownMs'),
    },
    tasksOver200msAfterShown: worst('tasksOver200msAfterShown'),
    targets: { paintToShownMs: 2000, longestTaskMs: 200 },
  })
} finally {
  await browser.close()
  await server.stop()
}
