// The first-load budget (docs/performance.md) on the built site (dist/, from `vite build`), served
// by the real server and loaded in Chromium: the bytes and script requests the browser itself
// counts. Sizes only, never timings.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { tmpdir } from 'node:os'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../e2e/support/browser.ts'
import {
  BROWSER_PAGES,
  FIRST_LOAD_BUDGET_BYTES,
  FIRST_LOAD_SCRIPT_REQUESTS,
  kb,
  KNOWN_OVERAGES,
  measureFirstLoads,
  measureTransfer,
  PUBLIC_ROUTES,
  readManifest,
} from './firstLoad.ts'
import { startSiteServer, type SiteServer } from './siteServer.ts'
import { earlyInputScript, openedOperationChunks, sourceMapsDir } from './vitePlugins.ts'

const repoRoot = path.resolve(import.meta.dirname, '..')
const distDir = path.resolve(repoRoot, process.env.DIST_DIR ?? 'dist')
const loads = measureFirstLoads(distDir)
const manifest = readManifest(distDir)

/**
 * Every source file a chunk list was built from, to see what a first load carries: from the
 * chunks' source maps, which the build keeps beside dist/ rather than in it.
 */
const sourcesOf = (files: string[]) =>
  Object.entries(manifest)
    .filter(([, chunk]) => files.includes(chunk.file))
    .flatMap(([, chunk]) => {
      const map = path.join(sourceMapsDir(distDir), `${chunk.file}.map`)
      return existsSync(map)
        ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources
        : []
    })

describe('first load of each public page, as Chromium downloads it', () => {
  let server: SiteServer | undefined
  let browser: Browser | undefined

  beforeAll(async () => {
    server = await startSiteServer({
      dataDir: mkdtempSync(path.join(tmpdir(), 'api-atlas-budget-')),
      // A page's first load needs no operation details: they load when one is opened.
      env: { SKIP_BUILD: '1', OPERATIONS_SEED: 'off' },
      readyWithinMs: 150_000,
    })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('measures every public page of the route table', () => {
    const measured = new Set(BROWSER_PAGES.map((page) => page.id))
    // The legacy address only answers 301 to the API page, which is measured.
    const missing = PUBLIC_ROUTES.filter(
      (route) => route.id !== 'apiDetailLegacy' && !measured.has(route.id),
    )
    expect(missing.map((route) => route.route)).toEqual([])
  })

  it.each(BROWSER_PAGES.map((page) => [page.url, page] as const))(
    '%s: at most 170 KB of JavaScript in at most 20 script requests, no locale data, no second parse',
    async (url, { id }) => {
      const load = await measureTransfer(browser!, server!.url, url)
      const ceiling = KNOWN_OVERAGES[id] ?? FIRST_LOAD_BUDGET_BYTES
      const files = load.scripts
        .toSorted((a, b) => b.bytes - a.bytes)
        .map((script) => `${new URL(script.url).pathname} ${kb(script.bytes)}`)
        .join(', ')
      expect(
        load.scripts.length,
        `${url} asks for ${load.scripts.length} scripts: ${files}`,
      ).toBeLessThanOrEqual(FIRST_LOAD_SCRIPT_REQUESTS)
      expect(
        load.bytes,
        `${url} downloads ${kb(load.bytes)} of JavaScript, over ${kb(ceiling)}: ${files}`,
      ).toBeLessThanOrEqual(ceiling)
      // Nor does it load the browser's locale data (docs/performance.md): numbers and dates on a
      // public page are formatted by hand.
      expect(load.localeData, `${url} calls for the browser's locale data`).toEqual([])
      // Nor does a module make an error with a stack as it runs: under DevTools, and in every lab
      // measure, that is a second parse of the whole module in the entry's first task.
      expect(
        load.reparsedWhileEvaluating,
        `${url}: V8 parsed a module again for an error's stack while it evaluated`,
      ).toBe(0)
      // Nor does its code set a timer, ask for a file or change the page while a module's body
      // runs: a DevTools recording takes a stack for each, a parse of the module with it.
      expect(
        load.stacksWhileEvaluating,
        `${url}: a module's body did what a recording takes a stack for`,
      ).toEqual([])
    },
  )
})

describe('what each public page loads', () => {
  it.each(loads.map((load) => [load.url, load] as const))(
    '%s loads no staff, mock-up, chart or Supabase code',
    (_url, load) => {
      const sources = sourcesOf(load.files)
      // Without the maps there would be nothing to look through.
      expect(
        sources.length,
        `source maps of ${load.name} in ${sourceMapsDir(distDir)}`,
      ).toBeGreaterThan(0)
      const heavy = sources.filter((source) =>
        /node_modules\/(@supabase|@mui\/x-charts)\/|src\/features\/(auth|dashboard|ads|social|monitor)\//.test(
          source,
        ),
      )
      expect(heavy, `${load.name} (${load.url})`).toEqual([])
    },
  )
})

describe('the start script in index.html', () => {
  const page = readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const script = /<script nonce="__CSP_NONCE__">(\{let started=false;.*?)<\/script>/.exec(page)?.[1]
  const entry = loads[0]!.files[0]!

  type Paint = { name: string }
  type PaintListener = (
    list: { getEntriesByName: (name: string) => Paint[] },
    observer: { disconnect: () => void },
  ) => void

  /**
   * The script run for an address against stand-ins for a parsed page, #root drawn by the server
   * or empty: what it has done so far (links added, modules imported, in order), and the ways to
   * move time on: report a paint, run the waiting timers.
   */
  const startFor = (pathname: string, { drawn = true, hash = '', search = '' } = {}) => {
    const steps: string[] = []
    const added: { rel: string; href: string }[] = []
    const timers: (() => void)[] = []
    const paintListeners: PaintListener[] = []
    const document = {
      readyState: 'interactive',
      visibilityState: 'visible',
      getElementById: (id: string) =>
        id === 'root' ? { firstElementChild: drawn ? {} : null } : null,
      createElement: () => ({ rel: '', href: '' }),
      head: {
        append: (link: { rel: string; href: string }) => {
          added.push(link)
          steps.push(`preload ${link.href}`)
        },
      },
    }
    class PerformanceObserver {
      static supportedEntryTypes = ['paint']
      constructor(private readonly listener: PaintListener) {}
      observe() {
        paintListeners.push(this.listener)
      }
    }
    new Function(
      'location',
      'document',
      'requestAnimationFrame',
      'setTimeout',
      'PerformanceObserver',
      'importModule',
      script!.replaceAll('import(', 'importModule('),
    )(
      { pathname, hash, search },
      document,
      (callback: () => void) => callback(),
      (callback: () => void) => timers.push(callback),
      PerformanceObserver,
      (specifier: string) => steps.push(`import ${specifier}`),
    )
    const runTimers = () => {
      while (timers.length > 0) timers.splice(0).forEach((timer) => timer())
    }
    const reportPaint = (name: string) => {
      for (const listener of paintListeners) {
        listener(
          { getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) },
          { disconnect: () => paintListeners.splice(paintListeners.indexOf(listener), 1) },
        )
      }
    }
    return { added, steps, runTimers, reportPaint }
  }

  it.each(loads.map((load) => [load.url, load] as const))(
    'starts %s’s own chunks downloading with the entry',
    (url, load) => {
      expect(script).toBeDefined()
      const pathname = new URL(url.replace('{slug}', 'an-article'), 'http://site').pathname
      // Everything but the entry, which it imports: shared chunks too, which only a screen imports.
      const own = load.files.filter((file) => file !== entry)
      const start = startFor(pathname)
      start.reportPaint('first-contentful-paint')
      start.runTimers()
      expect(start.added.every((link) => link.rel === 'modulepreload')).toBe(true)
      expect(start.added.map((link) => link.href.slice(1)).sort()).toEqual(own.sort())
      expect(start.steps[0]).toBe(`import /${entry}`)
    },
  )

  it('starts the parts that draw an operation with an API page whose address names one', () => {
    const apiPage = loads.find((load) => load.name === 'apiDetail')!
    const pathname = new URL(apiPage.url, 'http://site').pathname
    const preloaded = (hash: string, search = '') => {
      const start = startFor(pathname, { hash, search })
      start.reportPaint('first-contentful-paint')
      start.runTimers()
      return start.added.map((link) => link.href.slice(1))
    }
    const plain = preloaded('')
    const opened = preloaded('#op-customers.2Fcreate')
    const partFiles = [...openedOperationChunks(manifest)]
      .map((key) => manifest[key]!.file)
      .filter((f) => f.endsWith('.js'))
    const ownParts = partFiles.filter((f) => !apiPage.files.includes(f))
    expect(ownParts.length).toBeGreaterThan(1)
    expect(plain.filter((f) => ownParts.includes(f))).toEqual([])
    expect(opened.slice(0, plain.length)).toEqual(plain)
    expect(new Set(opened)).toEqual(new Set([...plain, ...ownParts]))
    // The address the server draws names it in its query: the same parts.
    expect(preloaded('', '?version=x&op=customers%2Fcreate')).toEqual(opened)
    expect(preloaded('', '?version=x')).toEqual(plain)
  })

  it('fetches nothing of the app until the server’s page has been painted, then starts it once', () => {
    const start = startFor('/apis')
    start.reportPaint('first-paint')
    expect(start.steps).toEqual([])
    start.reportPaint('first-contentful-paint')
    expect(start.steps).toEqual([])
    start.runTimers()
    expect(start.steps[0]).toBe(`import /${entry}`)
    const steps = start.steps.length
    start.runTimers()
    expect(start.steps).toHaveLength(steps)
    expect(start.steps.filter((step) => step.startsWith('import'))).toHaveLength(1)
  })

  it('starts anyway when no paint is reported, after the timer', () => {
    const start = startFor('/apis')
    start.runTimers()
    expect(start.steps[0]).toBe(`import /${entry}`)
  })

  it('starts a page with nothing drawn after the next frame, with no preloads off the public routes', () => {
    const start = startFor('/dashboard', { drawn: false })
    start.runTimers()
    expect(start).toMatchObject({ added: [], steps: [`import /${entry}`] })
    expect(startFor('/monitor', { drawn: false }).added).toEqual([])
  })

  it('answers a visitor before the app runs: the early-input script, under the page’s nonce', () => {
    expect(page).toContain(`<script nonce="__CSP_NONCE__">${earlyInputScript(repoRoot)}</script>`)
    expect(page.indexOf('data-early-focus')).toBeLessThan(page.indexOf('</head>'))
  })

  it('has no module script or preload in the page itself', () => {
    expect(page).not.toContain('<script type="module"')
    expect(page).not.toContain('rel="modulepreload"')
    expect(script).toContain(`import("/${entry}")`)
  })
})

/** Every file under dir, as paths relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))

describe('the built site', () => {
  // A source map holds the text of every source file, the staff screens' included.
  it('holds no source map, and no script or stylesheet names one', () => {
    const files = filesUnder(distDir)
    expect(files.filter((file) => /\.map(\.br|\.gz)?$/.test(file))).toEqual([])
    const naming = files.filter(
      (file) =>
        /\.(m?js|css)$/.test(file) &&
        /[#@] sourceMappingURL=/.test(readFileSync(path.join(distDir, file), 'utf8')),
    )
    expect(naming).toEqual([])
  })

  // V8 reads the hint at the top of a file: a build step that put anything before it (a helper,
  // a banner) would quietly bring back compiling on the main thread.
  it('opens the entry with the compile hint, and its compressed copies too', () => {
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!.file
    const hint = '//# allFunctionsCalledOnLoad\n'
    expect(readFileSync(path.join(distDir, entry), 'utf8').startsWith(hint)).toBe(true)
    const brotli = brotliDecompressSync(readFileSync(path.join(distDir, `${entry}.br`)))
    expect(brotli.toString('utf8').startsWith(hint)).toBe(true)
    const gzip = gunzipSync(readFileSync(path.join(distDir, `${entry}.gz`)))
    expect(gzip.toString('utf8').startsWith(hint)).toBe(true)
  })

  it('ships no MSW worker, which belongs to Storybook', () => {
    expect(existsSync(path.join(distDir, 'mockServiceWorker.js'))).toBe(false)
  })

  it('has the service worker and precompressed copies of its scripts', () => {
    expect(existsSync(path.join(distDir, 'sw.js'))).toBe(true)
    // An operation opens offline on a page read online before: its parts are installed up front.
    const worker = readFileSync(path.join(distDir, 'sw.js'), 'utf8')
    for (const key of openedOperationChunks(manifest)) {
      const file = manifest[key]!.file
      if (file.endsWith('.js')) expect(worker, file).toContain(file)
    }
    for (const file of loads[0]!.files) {
      expect(
        existsSync(path.join(distDir, `${file}.br`)) ||
          readFileSync(path.join(distDir, file)).length < 1024,
        file,
      ).toBe(true)
    }
  })
})
