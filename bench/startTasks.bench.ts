// What blocks a public page's main thread as the app starts, step by step: the pages whose Total
// Blocking Time misses its aim on a slow host (SLOW_HOST_PAGES in bench/lighthousePages.ts), loaded
// in Chromium at 4x and 8x processor slowdown as a phone (no cache, no service worker). The
// blocking part of each long task (as Lighthouse counts it: past its first 50 ms and after the
// first contentful paint) is split by what ran in it, from a CPU profile read through the build's
// source maps:
// - modules: the entry and its chunks evaluating (v8.evaluateModule), before the app starts;
// - theme: making the MUI theme (src/app/theme/theme.ts, makeTheme and variablesWalk);
// - store: the store and the page's first answers (makeStore, primeFirstAnswers);
// - render: React hydrating or rendering (performWorkOnRoot);
// - script: any other script;
// - browser: what no script sample covers (parsing and compiling, style, layout, paint).
// Lighthouse gives one figure per page; this says which step to shorten. Runs the real server on
// the built site (or SITE_URL's, already running); `START_RUNS` visits (3) per page and slowdown,
// the median kept; `START_PAGES` (e.g. `directory,article`) measures some pages only. Writes
// bench/results/startTasks.json.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import { chromium, type Browser } from 'playwright-core'
import { startTrace, type TraceEvent } from '../scripts/firstLoad'
import { startSiteServer, type SiteServer } from '../scripts/siteServer'
import { lighthousePages, SLOW_HOST_PAGES } from './lighthousePages'
import { round, writeResult } from './lib'

const repoRoot = path.resolve(import.meta.dirname, '..')
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const RUNS = Number(process.env.START_RUNS ?? 3)
const SLOWDOWNS = [4, 8] as const
/** A task longer than this blocks input (Lighthouse's Total Blocking Time counts the excess). */
const LONG_TASK_MS = 50
/** How long after the load event the page is watched: the app's start runs past it. */
const SETTLE_MS = 4000
/** Where the build's source maps are moved to (scripts/vitePlugins.ts, moveSourceMaps). */
const MAPS_DIR = path.join(repoRoot, '.sourcemaps/dist/assets')

const STEPS = ['modules', 'theme', 'store', 'render', 'script', 'browser'] as const
type Step = (typeof STEPS)[number]

/** Functions that name a step, by their name in the sources. */
const STEP_OF_FUNCTION: Record<string, Step> = {
  makeTheme: 'theme',
  variablesWalk: 'theme',
  makeStore: 'store',
  primeFirstAnswers: 'store',
  performWorkOnRoot: 'render',
}

/**
 * Files whose every function is a step's, for the functions whose names the build's source maps
 * do not keep (arrow functions bound to a name, as the theme's steps are).
 */
const STEP_OF_SOURCE: Record<string, Step> = {
  'src/app/theme/theme.ts': 'theme',
  'src/app/primeFirstAnswers.ts': 'store',
}

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}

const maps = new Map<string, TraceMap | null>()
const mapOf = (file: string) => {
  if (!maps.has(file)) {
    const mapFile = path.join(MAPS_DIR, `${file}.map`)
    maps.set(file, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null)
  }
  return maps.get(file)
}

/**
 * A profiled function's name and file in the sources (its start, mapped), else its name as the
 * browser has it.
 */
const sourceOf = ({ callFrame }: ProfileNode) => {
  const file = callFrame.url.replace(/^.*\//, '')
  const map = file.endsWith('.js') ? mapOf(file) : null
  if (map) {
    const original = originalPositionFor(map, {
      line: callFrame.lineNumber + 1,
      column: callFrame.columnNumber,
    })
    if (original.source) {
      const source = original.source.replace(/^(\.\.\/)+/, '')
      return { name: original.name ?? callFrame.functionName, source }
    }
  }
  return { name: callFrame.functionName, source: null }
}

type Visit = {
  blockingMs: number
  longestMs: number
  longTasks: number
  steps: Record<Step, number>
}

const visit = async (browser: Browser, url: string, slowdown: number): Promise<Visit> => {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
    const trace = await startTrace(
      cdp,
      'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute',
    )
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForTimeout(SETTLE_MS)
    const { profile } = await cdp.send('Profiler.stop')
    const events = await trace.stop()

    // The page's main thread: the renderer main thread that ran the page's first paint.
    const paint = events.find((event) => event.name === 'firstContentfulPaint')
    if (!paint) throw new Error(`${url}: no first contentful paint in the trace`)
    const onMain = (event: TraceEvent) => event.pid === paint.pid && event.tid === paint.tid
    const tasks = events.filter(
      (event) =>
        event.name === 'RunTask' &&
        onMain(event) &&
        event.ts + event.dur! > paint.ts &&
        event.dur! > LONG_TASK_MS * 1000,
    )
    const evaluations = events.filter(
      (event) => event.name === 'v8.evaluateModule' && onMain(event),
    )

    const nodes = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]))
    const parentOf = new Map<number, number>()
    for (const node of nodes.values())
      for (const child of node.children ?? []) parentOf.set(child, node.id)
    const stepOfNode = new Map<number, Step | null>()
    const stepOf = (id: number): Step | null => {
      if (stepOfNode.has(id)) return stepOfNode.get(id)!
      const node = nodes.get(id)!
      const { name, source } = sourceOf(node)
      const own = STEP_OF_FUNCTION[name] ?? (source ? STEP_OF_SOURCE[source] : undefined)
      const parent = parentOf.get(id)
      const step = own ?? (parent === undefined ? null : stepOf(parent))
      stepOfNode.set(id, step)
      return step
    }
    const idle = new Set(['(idle)', '(program)', '(garbage collector)'])

    const steps = Object.fromEntries(STEPS.map((step) => [step, 0])) as Record<Step, number>
    let blockingMs = 0
    for (const task of tasks) {
      // Lighthouse's rule: what runs past the task's first 50 ms and after the first paint blocks;
      // the steps are read in that part of the task.
      const start = Math.max(task.ts + LONG_TASK_MS * 1000, paint.ts)
      const end = task.ts + task.dur!
      if (end <= start) continue
      const inTask = Object.fromEntries(STEPS.map((step) => [step, 0])) as Record<Step, number>
      let at = profile.startTime
      profile.samples!.forEach((id, index) => {
        at += profile.timeDeltas![index] ?? 0
        if (at < start || at > end) return
        const ms = (profile.timeDeltas![index] ?? 0) / 1000
        const node = nodes.get(id)!
        if (idle.has(node.callFrame.functionName)) return
        const evaluating = evaluations.some((e) => at >= e.ts && at <= e.ts + e.dur!)
        inTask[stepOf(id) ?? (evaluating ? 'modules' : 'script')] += ms
      })
      const blocking = (end - start) / 1000
      const scripted = STEPS.reduce((sum, step) => sum + inTask[step], 0)
      inTask.browser = Math.max(0, blocking - scripted)
      blockingMs += blocking
      const total = STEPS.reduce((sum, step) => sum + inTask[step], 0) || 1
      for (const step of STEPS) steps[step] += (blocking * inTask[step]) / total
    }
    return {
      blockingMs,
      longestMs: Math.max(0, ...tasks.map((task) => task.dur! / 1000)),
      longTasks: tasks.length,
      steps,
    }
  } finally {
    await context.close()
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}

if (!existsSync(MAPS_DIR)) {
  console.warn(
    `No source maps in ${MAPS_DIR}: run npm run build; steps other than modules read as script.`,
  )
}
let server: SiteServer | undefined
const base =
  process.env.SITE_URL ??
  (server = await startSiteServer({
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'api-atlas-bench-start-')),
    env: { SKIP_BUILD: '1' },
  })).url
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
const figures: Record<string, Record<string, unknown>> = {}
try {
  const only = process.env.START_PAGES?.split(',') ?? SLOW_HOST_PAGES
  for (const [name, address] of Object.entries(await lighthousePages(base))) {
    if (!address || !only.includes(name)) continue
    figures[name] = { address }
    for (const slowdown of SLOWDOWNS) {
      const visits: Visit[] = []
      for (let run = 0; run < RUNS; run++)
        visits.push(await visit(browser, base + address, slowdown))
      // The median visit by blocking time, with its steps.
      const chosen = visits.find((v) => v.blockingMs === median(visits.map((x) => x.blockingMs)))!
      figures[name]![`${slowdown}x`] = {
        blockingMs: round(chosen.blockingMs, 0),
        longestTaskMs: round(chosen.longestMs, 0),
        longTasks: chosen.longTasks,
        blockingByStepMs: Object.fromEntries(
          STEPS.map((step) => [step, round(chosen.steps[step], 0)]),
        ),
        allRunsBlockingMs: visits.map((v) => round(v.blockingMs, 0)),
      }
      console.log(
        `${name} ${slowdown}x: blocking ${round(chosen.blockingMs, 0)} ms (${STEPS.map((step) => `${step} ${round(chosen.steps[step], 0)}`).join(', ')}), longest task ${round(chosen.longestMs, 0)} ms`,
      )
    }
  }
} finally {
  await browser.close()
  await server?.stop()
}
writeResult('startTasks', { runs: RUNS, longTaskMs: LONG_TASK_MS, pages: figures })
