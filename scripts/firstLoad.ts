// What a visitor's browser downloads as JavaScript on the first load of each public page: counted in
// Chromium as it loads the page from the real server (measureTransfer, what the budget holds), and
// read from the build's manifest and the router's lazy imports (which modules a page carries, and
// which chunks index.html preloads).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, CDPSession } from 'playwright-core'
import { APP_READY_ATTRIBUTE } from '../src/shared/ssr.ts'
import { PUBLIC_PAGES, routerPath, type PublicRouteId, type RouteId } from '../src/shared/routes.ts'

/** At most 170 KB of compressed JavaScript on a public page's first load (docs/performance.md). */
export const FIRST_LOAD_BUDGET_BYTES = 170 * 1024

/**
 * Every public page of the route table, an example address and the router path that answers it;
 * a page is called by its route id, so a new page needs nothing here.
 */
export const PUBLIC_ROUTES = PUBLIC_PAGES.map(({ id, example }) => ({
  id,
  url: example,
  route: routerPath(id),
}))

/**
 * Pages allowed over the budget for a while, each with the ceiling (bytes as Chromium counts them)
 * it may not grow past. There are none, and a page over the budget should be fixed rather than
 * listed here: the entry every page loads (react-dom, the router, Redux Toolkit with RTK Query, MUI
 * and Emotion) is ~136 KB of the 170, so a page's own parts must be small or wait for the visitor
 * (docs/performance.md). The sizes are in bench/results (npm run bench web).
 */
export const KNOWN_OVERAGES: Partial<Record<PublicRouteId, number>> = {}

export type ManifestChunk = {
  file: string
  /** The chunk's name: a group's of vite.config.ts for the chunk it makes. */
  name?: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export type RouteLoad = {
  name: string
  url: string
  route: string
  /** The source module the router loads lazily for this route; null when it renders eagerly. */
  screen: string | null
  /** Built files, entry first. */
  files: string[]
  bytes: number
  gzipBytes: number
  /** What browsers actually receive from the server (precompressed .br), where the build made it. */
  brotliBytes: number
}

const repoRoot = path.resolve(import.meta.dirname, '..')

export const readManifest = (distDir: string): Manifest => {
  const file = path.join(distDir, '.vite', 'manifest.json')
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build the site with \`npm run build\` first`)
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest
}

/** The module a route loads lazily: the first import() inside that route's object. */
export const lazyModuleOf = (routerSource: string, id: RouteId, routerFile: string) => {
  const start = routerSource.indexOf(`path: routerPath('${id}')`)
  if (start === -1) throw new Error(`${routerFile} has no route with path routerPath('${id}')`)
  const rest = routerSource.slice(start + 1)
  const next = rest.search(/path: /)
  const body = next === -1 ? rest : rest.slice(0, next)
  const specifier = /import\(\s*'([^']+)'\s*\)/.exec(body)?.[1]
  // A route without its own import (pending() before a feature lands) uses the helper's import.
  const helper = /\.\.\.(\w+)\(/.exec(body)?.[1]
  if (!specifier && helper) {
    const helperBody = routerSource.slice(routerSource.indexOf(`function ${helper}(`))
    const helperImport = /import\(\s*'([^']+)'\s*\)/.exec(helperBody)?.[1]
    if (helperImport) return resolveSpecifier(helperImport, routerFile)
  }
  return specifier ? resolveSpecifier(specifier, routerFile) : null
}

const resolveSpecifier = (specifier: string, routerFile: string) => {
  const absolute = specifier.startsWith('@/')
    ? path.join(repoRoot, 'src', specifier.slice(2))
    : path.resolve(path.dirname(routerFile), specifier)
  const found = ['', '.tsx', '.ts', '/index.tsx', '/index.ts']
    .map((extension) => absolute + extension)
    .find((candidate) => existsSync(candidate) && !candidate.endsWith('/'))
  if (!found) throw new Error(`${specifier} (imported by ${routerFile}) does not exist`)
  return path.relative(repoRoot, found).split(path.sep).join('/')
}

/** A chunk and everything it imports statically, each once, in load order. */
export const staticImportsOf = (manifest: Manifest, key: string, seen: Set<string>) => {
  if (seen.has(key)) return
  const chunk = manifest[key]
  if (!chunk) throw new Error(`The build manifest has no chunk '${key}'`)
  seen.add(key)
  for (const imported of chunk.imports ?? []) staticImportsOf(manifest, imported, seen)
}

const gzipSizes = new Map<string, number>()
/** Compressed size as the server sends it: the build's .gz file, or gzip -9 of the file. */
const gzipSize = (distDir: string, file: string) => {
  const full = path.join(distDir, file)
  let size = gzipSizes.get(full)
  if (size === undefined) {
    size = existsSync(`${full}.gz`)
      ? readFileSync(`${full}.gz`).length
      : gzipSync(readFileSync(full), { level: 9 }).length
    gzipSizes.set(full, size)
  }
  return size
}

/** The size of a list of built files: raw, gzip and (where the build made it) brotli. */
const sizesOf = (distDir: string, files: string[]) => ({
  bytes: files.reduce((sum, file) => sum + readFileSync(path.join(distDir, file)).length, 0),
  gzipBytes: files.reduce((sum, file) => sum + gzipSize(distDir, file), 0),
  brotliBytes: files.reduce((sum, file) => {
    const br = path.join(distDir, `${file}.br`)
    return sum + (existsSync(br) ? readFileSync(br).length : gzipSize(distDir, file))
  }, 0),
})

/** The first-load JavaScript of every public route in a built site. */
export const measureFirstLoads = (
  distDir: string,
  routerFile = path.join(repoRoot, 'src/app/router.tsx'),
): RouteLoad[] => {
  const manifest = readManifest(distDir)
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)
  if (!entryKey) throw new Error('The build manifest has no entry chunk')
  const routerSource = readFileSync(routerFile, 'utf8')
  const lazyFromEntry = new Set<string>()
  for (const key of [entryKey, ...(manifest[entryKey]!.imports ?? [])]) {
    for (const dynamic of manifest[key]?.dynamicImports ?? []) lazyFromEntry.add(dynamic)
  }

  return PUBLIC_ROUTES.map(({ id, url, route }) => {
    const screen = lazyModuleOf(routerSource, id, routerFile)
    const keys = new Set<string>()
    staticImportsOf(manifest, entryKey, keys)
    if (screen) {
      if (!manifest[screen]?.isDynamicEntry) {
        throw new Error(
          `${route}: ${screen} is not a lazily loaded chunk of the build (is the build older than the router?)`,
        )
      }
      if (!lazyFromEntry.has(screen)) {
        throw new Error(`${route}: the entry does not load ${screen} lazily`)
      }
      staticImportsOf(manifest, screen, keys)
    }
    const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'))
    return { name: id, url, route, screen, files, ...sizesOf(distDir, files) }
  })
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** At most this many script files on a public page's first load, as the browser requests them. */
export const FIRST_LOAD_SCRIPT_REQUESTS = 20

/**
 * A real address for each public page, as a visitor reaches it, for measuring in a browser; some
 * pages twice (the tester filled from an API, a searched and filtered listing, an API with versions). The legacy address
 * only answers 301 to the API page.
 */
export const BROWSER_PAGES: { id: PublicRouteId; url: string }[] = [
  { id: 'apis', url: '/apis' },
  { id: 'apis', url: '/apis?search=weather&cors=true' },
  { id: 'apiDetail', url: '/apis/stripe-com' },
  // An API with versions: its page also draws the version picker.
  { id: 'apiDetail', url: '/apis/github-com-api-github-com' },
  { id: 'categoryApi', url: '/apis/category/payments/stripe-com' },
  { id: 'category', url: '/apis/category/payments' },
  // A search whose results stand for families: their cards load the part that draws them.
  { id: 'apis', url: '/apis?search=twilio' },
  { id: 'provider', url: '/apis/provider/twilio-com' },
  { id: 'tools', url: '/apis/tools' },
  { id: 'compare', url: '/apis/compare?ids=stripe-com,squareup-com,chaingateway-io' },
  { id: 'apiMonitoring', url: '/apis/stripe-com/monitoring' },
  { id: 'monitoringOverview', url: '/tools/monitoring' },
  { id: 'tester', url: '/tools/tester' },
  { id: 'tester', url: '/tools/tester?api=stripe-com' },
  { id: 'blog', url: '/blog' },
  { id: 'blogPost', url: '/blog/api-integration-guide-2024' },
]

export type TransferredScript = { url: string; bytes: number }

/** What the browser downloaded as JavaScript for one page, by its own count. */
export type TransferredLoad = {
  url: string
  /** Bytes on the wire (CDP encodedDataLength: compressed body and response headers), per file. */
  scripts: TransferredScript[]
  bytes: number
  /**
   * What the page called, up to then, that makes a browser load its locale data (an `Intl`
   * formatter, `localeCompare`, `toLocaleString`...), each with the script that called it.
   */
  localeData: string[]
  /**
   * How many times V8 parsed a whole module again while modules evaluated, to find the source
   * positions of an error's stack: with DevTools attached (as here), an error made as a module
   * runs costs a parse of the module that runs it (scripts/stacklessErrors.ts). V8's parses of a
   * single function for the same reason, as it optimises one, are not counted.
   */
  reparsedWhileEvaluating: number
  /**
   * What the page's own scripts did, while a module evaluated, that a recording profiler or trace
   * takes a JavaScript stack for (a timer set, a request, a style change), each as its event's
   * name and where it was made. Taken with a module's body on the stack, that stack costs a parse
   * of the whole module in a DevTools session: the entry's evaluation doubled in its profiles.
   */
  stacksWhileEvaluating: string[]
}

/** A trace event of Chromium's, with the fields read here. */
export type TraceEvent = { name: string; ts: number; dur?: number; pid: number; tid: number }

/** A frame of the JavaScript stack an event of the timeline carries (its `stackTrace`). */
type StackFrame = { url: string; lineNumber: number; columnNumber: number }
type TimelineEvent = TraceEvent & { args?: { data?: { stackTrace?: StackFrame[] } } }

/** Records Chromium's trace in `categories` until `stop`, which gives its events. */
export async function startTrace(cdp: CDPSession, categories: string) {
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' })
  return {
    stop: async () => {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
      await cdp.send('Tracing.end')
      await complete
      return events
    },
  }
}

/** Whether `inner` lies within `outer`, on the same thread. */
const within = (inner: TraceEvent, outer: TraceEvent) =>
  inner.pid === outer.pid &&
  inner.tid === outer.tid &&
  inner.ts >= outer.ts &&
  inner.ts <= outer.ts + (outer.dur ?? 0)

/** V8's parses of a whole script for source positions inside a module's evaluation. */
const reparsesWhileEvaluating = (events: TraceEvent[]) => {
  const evaluations = events.filter((event) => event.name === 'v8.evaluateModule')
  const wholeParses = events.filter((event) => event.name === 'V8.ParseProgram')
  return events.filter(
    (event) =>
      event.name === 'V8.CollectSourcePositions' &&
      evaluations.some((evaluation) => within(event, evaluation)) &&
      wholeParses.some((parse) => within(parse, event)),
  ).length
}

/** The events with a stack whose frames are `origin`'s scripts, made inside a module's evaluation. */
const stacksWhileEvaluating = (events: TimelineEvent[], origin: string) => {
  const evaluations = events.filter((event) => event.name === 'v8.evaluateModule')
  return events.flatMap((event) => {
    const top = event.args?.data?.stackTrace?.[0]
    if (!top?.url.startsWith(origin)) return []
    if (!evaluations.some((evaluation) => within(event, evaluation))) return []
    return [`${event.name} at ${new URL(top.url).pathname}:${top.lineNumber}:${top.columnNumber}`]
  })
}

/**
 * Counts the calls that make a browser load its locale data: a fresh page's first one took about
 * 50 ms of its start on a slow host (docs/performance.md, "No Intl on a public first load").
 * A string, run before the page's own scripts: each such constructor and method is wrapped in a
 * Proxy that notes its name and its caller's script, and does what it did.
 */
const LOCALE_DATA_PROBE = `(() => {
  const uses = (window.__localeDataUses = [])
  const caller = () => {
    const frames = (new Error().stack || '').split('\\n').slice(3)
    const frame = frames.find((line) => /https?:/.test(line)) || frames[0] || ''
    return (frame.match(/https?:[^\\s)]+/) || [''])[0]
  }
  const wrap = (owner, name, label) => {
    const original = owner && owner[name]
    if (typeof original !== 'function') return
    const note = () => uses.push(label + ' from ' + caller())
    owner[name] = new Proxy(original, {
      construct(target, args, newTarget) { note(); return Reflect.construct(target, args, newTarget) },
      apply(target, self, args) { note(); return Reflect.apply(target, self, args) },
    })
  }
  for (const name of ['Collator', 'DateTimeFormat', 'DisplayNames', 'ListFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'Segmenter']) wrap(Intl, name, 'Intl.' + name)
  wrap(String.prototype, 'localeCompare', 'String#localeCompare')
  wrap(Number.prototype, 'toLocaleString', 'Number#toLocaleString')
  wrap(Array.prototype, 'toLocaleString', 'Array#toLocaleString')
  for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) wrap(Date.prototype, name, 'Date#' + name)
})()`

/** How long no script may be asked for before the first load counts as over. */
const QUIET_MS = 1000

/**
 * Loads `url` in a fresh context of `browser` (no cache, service workers blocked, as a first
 * visit) and counts every script response as Chrome's network stack does: until the app has
 * taken the page over, no script request is still open and the network has been idle.
 */
export async function measureTransfer(
  browser: Browser,
  baseUrl: string,
  url: string,
): Promise<TransferredLoad> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const scripts = new Map<string, string>()
    const open = new Set<string>()
    const sizes: TransferredScript[] = []
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type !== 'Script') return
      scripts.set(event.requestId, event.request.url)
      open.add(event.requestId)
    })
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId)
      if (script === undefined) return
      open.delete(event.requestId)
      sizes.push({ url: script, bytes: event.encodedDataLength })
    })
    cdp.on('Network.loadingFailed', (event) => {
      if (!open.delete(event.requestId)) return
      throw new Error(`${scripts.get(event.requestId)} failed: ${event.errorText}`)
    })
    await cdp.send('Network.enable')
    // With the timeline's events and their stacks, as DevTools' Performance panel records them.
    const trace = await startTrace(
      cdp,
      'v8,disabled-by-default-v8.compile,devtools.timeline,disabled-by-default-devtools.timeline.stack',
    )
    await page.addInitScript(LOCALE_DATA_PROBE)
    await page.goto(`${baseUrl}${url}`, { waitUntil: 'load' })
    await page.waitForSelector(`html[${APP_READY_ATTRIBUTE}]`, { state: 'attached' })
    // Lazy parts start their downloads as their screen's module runs, the page-view tracker and
    // the worker's registration once the page is idle: count until no script has been asked for
    // in a quiet second with none open.
    let asked = scripts.size
    for (;;) {
      while (open.size > 0) await page.waitForTimeout(50)
      await page.waitForTimeout(QUIET_MS)
      if (scripts.size === asked && open.size === 0) break
      asked = scripts.size
    }
    const events = await trace.stop()
    return {
      url,
      scripts: sizes,
      bytes: sizes.reduce((sum, script) => sum + script.bytes, 0),
      localeData: await page.evaluate(
        () => (window as unknown as { __localeDataUses: string[] }).__localeDataUses,
      ),
      reparsedWhileEvaluating: reparsesWhileEvaluating(events),
      stacksWhileEvaluating: stacksWhileEvaluating(events, new URL(baseUrl).origin),
    }
  } finally {
    await context.close()
  }
}
