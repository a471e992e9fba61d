// DESIGN.md §8 on the built site (dist/, from `vite build`): sizes only, never timings.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  FIRST_LOAD_BUDGET_BYTES,
  kb,
  KNOWN_OVERAGES,
  measureFirstLoads,
  readManifest,
  type PublicRouteName,
} from './firstLoad.ts'

const distDir = path.resolve(import.meta.dirname, '..', process.env.DIST_DIR ?? 'dist')
const loads = measureFirstLoads(distDir)
const manifest = readManifest(distDir)

/** Every source file a chunk list was built from, to see what a first load carries. */
const sourcesOf = (files: string[]) =>
  Object.entries(manifest)
    .filter(([, chunk]) => files.includes(chunk.file))
    .flatMap(([, chunk]) => {
      const map = path.join(distDir, `${chunk.file}.map`)
      return existsSync(map)
        ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources
        : []
    })

const largest = (files: string[]) =>
  files
    .map((file) => ({ file, bytes: readFileSync(path.join(distDir, file)).length }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5)
    .map(({ file, bytes }) => `${file} (${kb(bytes)} raw)`)
    .join(', ')

describe('first load of each public page', () => {
  it.each(loads.map((load) => [load.url, load] as const))(
    '%s stays within 170 KB of compressed JavaScript, or under its known overage',
    (_url, load) => {
      const overage = KNOWN_OVERAGES[load.name as PublicRouteName]
      const ceiling = overage ?? FIRST_LOAD_BUDGET_BYTES
      expect(
        load.gzipBytes,
        `${load.name} (${load.url}) loads ${kb(load.gzipBytes)} of gzipped JavaScript first (${kb(load.brotliBytes)} as brotli), over ${overage ? `its known overage of ${kb(overage)}` : `the ${kb(FIRST_LOAD_BUDGET_BYTES)} budget`}; largest: ${largest(load.files)}`,
      ).toBeLessThanOrEqual(ceiling)
      if (overage) {
        expect(
          load.gzipBytes,
          `${load.name} fits the budget now (${kb(load.gzipBytes)}): remove it from KNOWN_OVERAGES in scripts/firstLoad.ts`,
        ).toBeGreaterThan(FIRST_LOAD_BUDGET_BYTES)
      }
    },
  )

  it.each(loads.map((load) => [load.url, load] as const))(
    '%s loads no staff, mock-up, chart or Supabase code',
    (_url, load) => {
      const heavy = sourcesOf(load.files).filter((source) =>
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
  const script = /<script nonce="__CSP_NONCE__">(\{const go=.*?)<\/script>/.exec(page)?.[1]
  const entry = loads[0]!.files[0]!

  /**
   * What the script does for an address, run against stand-ins for a parsed and painted page: the
   * links it adds and the modules it imports, in order.
   */
  const startFor = (pathname: string) => {
    const steps: string[] = []
    const added: { rel: string; href: string }[] = []
    const document = {
      readyState: 'interactive',
      visibilityState: 'visible',
      createElement: () => ({ rel: '', href: '' }),
      head: {
        append: (link: { rel: string; href: string }) => {
          added.push(link)
          steps.push(`preload ${link.href}`)
        },
      },
    }
    const run = (callback: () => void) => callback()
    const importModule = (specifier: string) => steps.push(`import ${specifier}`)
    new Function(
      'location',
      'document',
      'requestAnimationFrame',
      'setTimeout',
      'importModule',
      script!.replaceAll('import(', 'importModule('),
    )({ pathname }, document, run, run, importModule)
    return { added, steps }
  }

  it.each(loads.map((load) => [load.url, load] as const))(
    'starts %s’s own chunks downloading with the entry',
    (url, load) => {
      expect(script).toBeDefined()
      const pathname = new URL(url.replace('{slug}', 'an-article'), 'http://site').pathname
      const entryFiles = loads[0]!.files.filter((file) =>
        loads.every((l) => l.files.includes(file)),
      )
      const own = load.files.filter((file) => !entryFiles.includes(file))
      const { added, steps } = startFor(pathname)
      expect(added.every((link) => link.rel === 'modulepreload')).toBe(true)
      expect(added.map((link) => link.href.slice(1)).sort()).toEqual(own.sort())
      expect(steps.at(-1)).toBe(`import /${entry}`)
    },
  )

  it('preloads nothing on pages that are not public, and still starts the app', () => {
    expect(startFor('/dashboard')).toEqual({ added: [], steps: [`import /${entry}`] })
    expect(startFor('/monitor').added).toEqual([])
  })

  it('fetches nothing of the app before the first paint (no module script or preload at parse)', () => {
    expect(page).not.toContain('<script type="module"')
    expect(page).not.toContain('rel="modulepreload"')
    expect(script).toContain(`requestAnimationFrame(()=>setTimeout(go))`)
    expect(script).toContain(`import("/${entry}")`)
  })
})

describe('the built site', () => {
  it('ships no MSW worker, which belongs to Storybook', () => {
    expect(existsSync(path.join(distDir, 'mockServiceWorker.js'))).toBe(false)
  })

  it('has the service worker and precompressed copies of its scripts', () => {
    expect(existsSync(path.join(distDir, 'sw.js'))).toBe(true)
    for (const file of loads[0]!.files) {
      expect(
        existsSync(path.join(distDir, `${file}.br`)) ||
          readFileSync(path.join(distDir, file)).length < 1024,
        file,
      ).toBe(true)
    }
  })
})
