// Build steps of the site that Vite has no option for: the font preload with its hashed name,
// the service worker with its precache list, precompressed files, and no MSW worker or source
// map in dist/.
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { build, minifySync, runnerImport, type Plugin, type ResolvedConfig } from 'vite'
import { CSP_NONCE_PLACEHOLDER, SERVER_RENDER_DIR, SERVER_RENDER_ENTRY } from '../src/shared/ssr.ts'
import { LAZY_THEME_MODULE, withLazyThemes } from './lazyThemes.ts'
import { withStacklessErrors } from './stacklessErrors.ts'
import { withPropNameSet } from './propNameSet.ts'
import {
  measureFirstLoads,
  readManifest,
  staticImportsOf,
  type Manifest,
  type RouteLoad,
} from './firstLoad.ts'

/**
 * The faces index.html preloads: every weight the theme uses on every page (latin): 400 for text,
 * 500 for buttons and tabs, 700 for the page's heading. Each is fetched on every page anyway; found
 * only through the stylesheet, the medium and bold ones arrived after the first paint, and the
 * text they reflowed moved the tester's form (Cumulative Layout Shift 0.10, "web font loaded").
 */
export const PRELOADED_FONTS = [400, 500, 700].map(
  (weight) => new RegExp(`^assets/roboto-latin-${weight}-normal-[\\w-]+\\.woff2$`),
)

export const THEME_VARIABLES_MODULE = 'virtual:theme-variables.css'

/**
 * `import 'virtual:theme-variables.css'`: the theme's CSS variables and MUI's baseline
 * (src/app/theme/themeVariables.ts), made in Node when the site is built or served, so they land in
 * the site's cached stylesheet.
 */
export function themeVariables(): Plugin {
  let root = process.cwd()
  return {
    name: 'atlas:theme-variables',
    configResolved: (resolved) => {
      root = resolved.root
    },
    resolveId: (source) => (source === THEME_VARIABLES_MODULE ? source : undefined),
    async load(id) {
      if (id !== THEME_VARIABLES_MODULE) return undefined
      const { module, dependencies } = await runnerImport<{ themeStylesheetCss: () => string }>(
        path.join(root, 'src/app/theme/themeVariables.ts'),
        { configFile: false, root, logLevel: 'warn' },
      )
      // A change to the theme's files makes the server in development send the variables again.
      for (const file of dependencies) this.addWatchFile(file)
      return module.themeStylesheetCss()
    },
  }
}

/**
 * MUI's default themes made when first read rather than as their modules run
 * (scripts/lazyThemes.ts, src/app/theme/lazyTheme.ts).
 */
export function lazyDefaultThemes(): Plugin {
  let root = process.cwd()
  return {
    name: 'atlas:lazy-default-themes',
    configResolved: (resolved) => {
      root = resolved.root
    },
    transform(code, id) {
      const lazy = path.join(root, LAZY_THEME_MODULE).split(path.sep).join('/')
      const rewritten = withLazyThemes(id, code, lazy)
      // Every line keeps its place, so the module's source map still holds.
      return rewritten === undefined ? undefined : { code: rewritten, map: null }
    },
  }
}

/**
 * Libraries' modules made lighter to run, line for line: marker errors made without a stack as
 * their modules run (scripts/stacklessErrors.ts), and Emotion's prop names tested with a Set, not
 * a 4 KB regular expression (scripts/propNameSet.ts).
 */
export function libraryRewrites(): Plugin {
  return {
    name: 'atlas:library-rewrites',
    transform(code, id) {
      const rewritten = withStacklessErrors(id, code) ?? withPropNameSet(id, code)
      // Every line keeps its place, so the module's source map still holds.
      return rewritten === undefined ? undefined : { code: rewritten, map: null }
    },
  }
}

/** Where ButtonBase's import of its ripple is sent instead (src/components/Deferred/). */
export const DEFERRED_TOUCH_RIPPLE = 'src/components/Deferred/DeferredTouchRipple.tsx'

/**
 * MUI's TouchRipple downloaded with the first press, not in every page's entry: ButtonBase's import
 * of it resolves to a stand-in that loads it (DeferredTouchRipple). Only in builds: the dev
 * server's prebundled MUI keeps its own.
 */
export function deferredTouchRipple(): Plugin {
  let root = process.cwd()
  return {
    name: 'atlas:deferred-touch-ripple',
    apply: 'build',
    enforce: 'pre',
    configResolved: (resolved) => {
      root = resolved.root
    },
    resolveId(source, importer) {
      if (source !== './TouchRipple.mjs' || !importer) return null
      if (!/[\\/]@mui[\\/]material[\\/]ButtonBase[\\/]ButtonBase\.mjs$/.test(importer)) return null
      return path.join(root, DEFERRED_TOUCH_RIPPLE)
    },
  }
}

/** Only the site's own build: Storybook's build also runs this config's plugins. */
const isSiteBuild = (bundle: Record<string, unknown>) =>
  'index.html' in bundle && !('iframe.html' in bundle)

/** `<link rel="preload">` for the hashed fonts, ahead of the stylesheet. */
export function preloadFonts(): Plugin {
  return {
    name: 'atlas:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => {
        // Storybook builds its iframe.html with this config too; only the site's page preloads.
        if (path.basename(context.filename) !== 'index.html') return []
        const files = Object.keys(context.bundle ?? {})
        const fonts = PRELOADED_FONTS.map((face) => {
          const font = files.find((file) => face.test(file))
          if (!font) throw new Error(`No font matching ${face} in the build to preload`)
          return font
        })
        return [
          ...fonts.map((font) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${font}`,
              crossorigin: '',
            },
            injectTo: 'head' as const,
          })),
        ]
      },
    },
  }
}

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|xml|txt)$/
const MIN_COMPRESS_BYTES = 1024

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )

/** .br and .gz next to every text file, served by @fastify/static's preCompressed option. */
export const precompress = (outDir: string) => {
  for (const file of filesUnder(outDir)) {
    if (!COMPRESSIBLE.test(file)) continue
    // dist/.vite and dist/.ssr are for the server and scripts, never sent.
    if (path.relative(outDir, file).startsWith('.')) continue
    const content = readFileSync(file)
    if (content.length < MIN_COMPRESS_BYTES) continue
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    )
  }
}

/**
 * Where a build's source maps go: beside its outDir, never inside it, so the server cannot send
 * them (`.sourcemaps/dist/assets/app-abc.js.map` for `dist/assets/app-abc.js`). They hold every
 * source file's text, the staff screens' included: keep them on the build
 * machine, or upload them to wherever errors are read.
 */
export const sourceMapsDir = (outDir: string) =>
  path.join(path.dirname(outDir), '.sourcemaps', path.basename(outDir))

/**
 * Moves every .map out of outDir into sourceMapsDir(outDir), replacing the last build's. The
 * build writes them 'hidden' (vite.config.ts), so no script names its map.
 */
export const moveSourceMaps = (outDir: string) => {
  const target = sourceMapsDir(outDir)
  rmSync(target, { recursive: true, force: true })
  for (const file of filesUnder(outDir)) {
    if (!file.endsWith('.map')) continue
    const destination = path.join(target, path.relative(outDir, file))
    mkdirSync(path.dirname(destination), { recursive: true })
    renameSync(file, destination)
  }
}

/** Router path (`apis/category/:category`) as a pattern for location.pathname. */
export const routePattern = (route: string) =>
  `^/${route.replace(/[.]/g, '\\.').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`

/**
 * Script that starts downloading the current page's route chunks beside the entry, instead of
 * after the entry has run (one round trip less before the app). Only public routes, each file
 * named once; startAfterFirstPaint runs it when the app starts, just after asking for the entry.
 * Each chunk is asked for in a task of its own: starting a download costs the main thread up to a
 * few milliseconds in Chromium, and a page's nine together made one long task.
 */
export const routePreloadScript = (outDir: string) => {
  const loads = measureFirstLoads(outDir)
  const manifest = readManifest(outDir)
  // Every file of the page but the entry, which the script imports last. Files every page shares
  // are not the entry's: a chunk all the screens import (page-kit) is found only once a screen's
  // module runs, after hydration has begun, unless it is asked for here.
  const entryFile = Object.values(manifest).find((chunk) => chunk.isEntry)?.file
  const files: string[] = []
  const indexOf = (file: string) => {
    if (!files.includes(file)) files.push(file)
    return files.indexOf(file)
  }
  // Literal paths before parameters, so /apis/tools is not taken for an API id.
  const ordered = [...loads].sort(
    (a, b) =>
      Number(a.route.includes(':')) - Number(b.route.includes(':')) ||
      b.route.length - a.route.length,
  )
  // An API page whose address names an operation (#op-… or ?op=) opens it as the app starts: its parts
  // come with the page's own rather than one import after another once the page runs.
  const operationFiles = (load: RouteLoad) => {
    if (load.screen !== API_PAGE_SCREEN) return []
    return [...openedOperationChunks(manifest)]
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js') && !load.files.includes(file))
  }
  const routes = ordered.map((load) => {
    const own = load.files.filter((file) => file !== entryFile).map(indexOf)
    const opened = operationFiles(load).map(indexOf)
    return opened.length > 0
      ? [routePattern(load.route), own, opened]
      : [routePattern(load.route), own]
  })
  return `(()=>{const f=${JSON.stringify(files)},p=location.pathname,o=location.hash.startsWith('#op-')||/[?&]op=/.test(location.search);for(const[r,i,x]of ${JSON.stringify(routes)})if(new RegExp(r).test(p)){for(const n of o&&x?i.concat(x):i)setTimeout(()=>{const l=document.createElement('link');l.rel='modulepreload';l.href='/'+f[n];document.head.append(l)});break}})()`
}

/** The screen of an API's page, and the parts that ask for and draw an operation its address names. */
const API_PAGE_SCREEN = 'src/features/directory/screens/ApiDetailScreen.tsx'
const OPENED_OPERATION_PARTS = [
  'src/app/namedOperation.ts',
  'src/features/directory/components/OperationBrowser.tsx',
  'src/features/directory/components/OperationDetails.tsx',
]
/**
 * The chunk vite.config.ts puts those parts in together. The manifest then names the chunk by the
 * group rather than by its modules, so a part is found by it.
 */
export const OPERATION_PARTS_CHUNK = 'operation-parts'

/** The manifest key of a part's chunk: its own, else its group's. */
const chunkKeyOf = (manifest: Manifest, part: string) =>
  manifest[part]
    ? part
    : (Object.keys(manifest).find((key) => manifest[key]!.name === OPERATION_PARTS_CHUNK) ?? part)

/** The manifest keys of every chunk an opened operation's parts need, theirs and what they import. */
export const openedOperationChunks = (manifest: Manifest) => {
  const keys = new Set<string>()
  for (const part of OPENED_OPERATION_PARTS) {
    staticImportsOf(manifest, chunkKeyOf(manifest, part), keys)
  }
  return keys
}

const ENTRY_SCRIPT =
  /<script type="module" crossorigin src="([^"]+)" nonce="__CSP_NONCE__"><\/script>/

/** How long the app waits for the first paint to be reported before it starts anyway. */
export const START_AT_THE_LATEST_MS = 1000

/**
 * index.html with the app started only once the page has been painted: a page the server drew
 * (server/seo/ssr.ts) is the content, so it arrives and shows without the app's scripts competing
 * for the network, and before the app spends its first long task. The entry and the route's
 * chunks (`routePreload`) are then fetched together.
 *
 * "Painted" is the browser's own first-contentful-paint entry, not a guess: a frame callback can
 * run before the frame reaches the screen, and on a fast link the scripts then finish before the
 * page shows. A page with nothing drawn in #root (a staff page), a browser without paint timing,
 * and a hidden tab (which paints nothing) start after the next frame or at once; a paint that is
 * never reported lets the app start after START_AT_THE_LATEST_MS.
 */
export const startAfterFirstPaint = (page: string, routePreload = '') => {
  const entry = ENTRY_SCRIPT.exec(page)?.[1]
  if (!entry) throw new Error('index.html has no entry <script type="module"> to start late')
  const start = [
    `{let started=false;`,
    `const go=()=>{if(started)return;started=true;import(${JSON.stringify(entry)});${routePreload}},`,
    `nextFrame=()=>requestAnimationFrame(()=>setTimeout(go)),`,
    `painted=()=>{`,
    `if(document.visibilityState!=='visible')return go();`,
    `const root=document.getElementById('root');`,
    `if(!root?.firstElementChild||!PerformanceObserver.supportedEntryTypes?.includes('paint'))return nextFrame();`,
    `new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true});`,
    `setTimeout(go,${START_AT_THE_LATEST_MS})};`,
    `document.readyState==='loading'?document.addEventListener('DOMContentLoaded',painted,{once:true}):painted()}`,
  ].join('')
  return page.replace(ENTRY_SCRIPT, () => `<script nonce="__CSP_NONCE__">${start}</script>`)
}

/** One of src/app's scripts that index.html carries inline, minified. */
const inlineScript = (root: string, name: string) => {
  const file = path.join(root, 'src', 'app', name)
  const { code, errors } = minifySync(file, readFileSync(file, 'utf8'))
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((e) => e.message).join('; ')}`)
  return code.trim()
}

/** src/app/earlyInput.js, minified: what the server's page answers before the app runs. */
export const earlyInputScript = (root: string) => inlineScript(root, 'earlyInput.js')

/**
 * src/app/fragmentToQuery.js, minified: an operation's address with the fragment alone asked for
 * again with the query that the server draws.
 */
export const fragmentToQueryScript = (root: string) => inlineScript(root, 'fragmentToQuery.js')

const CHARSET = '<meta charset="UTF-8" />'

/**
 * index.html with the fragment-to-query script first in its head, right after the charset: it
 * runs before the page asks for anything else, which it then stops (under a staff page's nonce,
 * or allowed by its hash on a public page, as the early input).
 */
export const withFragmentToQuery = (page: string, script: string) => {
  if (!page.includes(CHARSET)) throw new Error(`index.html has no ${CHARSET} to follow`)
  return page.replace(
    CHARSET,
    () => `${CHARSET}\n    <script nonce="${CSP_NONCE_PLACEHOLDER}">${script}</script>`,
  )
}

/**
 * index.html with the early-input script in its head: under a staff page's nonce, or allowed by
 * its hash on a public page (server/spa.ts).
 */
export const withEarlyInput = (page: string, script: string) => {
  if (!page.includes('</head>')) throw new Error('index.html has no </head> for the early input')
  return page.replace(
    '</head>',
    () => `<script nonce="${CSP_NONCE_PLACEHOLDER}">${script}</script>\n  </head>`,
  )
}

type PrecacheEntry = { url: string; revision: string | null }

/** Modules the app's start (src/app/startApp.tsx) imports lazily on every page, after its first load. */
const AFTER_FIRST_LOAD = ['src/app/sw/register.ts', 'src/app/lib/analytics.ts']

/**
 * What the worker installs up front: every public route's first-load files and their styles,
 * the fonts, the icon and the web manifest. Staff and mock-up chunks are left out; hashed names
 * need no revision.
 */
export const precacheEntries = (
  outDir: string,
  onUnmeasured: (error: unknown) => void = () => undefined,
): PrecacheEntry[] => {
  const manifest = readManifest(outDir)
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]))
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)
  // The operation's parts are a lazy import of the entry too (what asks for a named one at start),
  // yet an API page's own: they stay in.
  const entryDynamic = new Set(
    (entryKey ? (manifest[entryKey]!.dynamicImports ?? []) : []).filter(
      (key) => manifest[key]?.name !== OPERATION_PARTS_CHUNK,
    ),
  )
  const files = new Set<string>()
  const add = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) add(imported)
    // What a public page loads after it shows (the Markdown renderer, articles), but not the
    // entry's own lazy routes: staff and mock-up screens are never precached.
    for (const lazy of chunk.dynamicImports ?? []) if (!entryDynamic.has(lazy)) add(lazy)
  }
  // What every page loads once it shows, lazily from the entry: the worker's registration and the
  // visit counter. Without them in the precache, an offline visit could not register the worker.
  for (const key of AFTER_FIRST_LOAD) if (entryDynamic.has(key)) add(key)
  let loads: ReturnType<typeof measureFirstLoads> = []
  try {
    loads = measureFirstLoads(outDir)
  } catch (error) {
    onUnmeasured(error)
    if (entryKey) add(entryKey)
  }
  for (const route of loads) {
    for (const file of route.files) {
      const chunk = byFile.get(file)
      const key = Object.keys(manifest).find((candidate) => manifest[candidate] === chunk)
      if (key) add(key)
    }
  }
  const assets = readdirSync(path.join(outDir, 'assets'))
  for (const file of assets) {
    if (file.endsWith('.woff2') || file.endsWith('.css')) files.add(`assets/${file}`)
  }
  const entries: PrecacheEntry[] = [...files]
    .sort()
    .map((file) => ({ url: `/${file}`, revision: null }))
  for (const file of ['icon.svg', 'icon-32.png', 'manifest.webmanifest']) {
    const full = path.join(outDir, file)
    if (!existsSync(full)) continue
    const revision = createHash('sha256').update(readFileSync(full)).digest('hex').slice(0, 16)
    entries.push({ url: `/${file}`, revision })
  }
  return entries
}

/**
 * src/app/ssr/renderPage.tsx for Node, into dist/.ssr/ (server/seo/ssr.ts loads it), from the
 * same config as the site so the components are the same. Everything is bundled, so Node never
 * has to resolve a browser package's own module format; each route stays a chunk of its own, so
 * the server loads only the screens it draws (no staff or mock-up code).
 */
const buildServerRender = async (config: ResolvedConfig, outDir: string) => {
  await build({
    configFile: config.configFile,
    root: config.root,
    logLevel: 'warn',
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: path.join(config.root, 'src/app/ssr/renderPage.tsx'),
      outDir: path.join(outDir, SERVER_RENDER_DIR),
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      sourcemap: false,
      target: 'node22',
      rolldownOptions: { output: { entryFileNames: SERVER_RENDER_ENTRY, codeSplitting: true } },
    },
  })
}

/**
 * After the site is written: sw.js built from src/app/sw/sw.ts with the precache list in place of
 * self.__WB_MANIFEST, MSW's worker (public/, for Storybook) removed, then everything precompressed.
 */
export function serviceWorkerAndCompression(): Plugin {
  let config: ResolvedConfig
  let siteBuild = false
  return {
    name: 'atlas:service-worker-and-compression',
    apply: 'build',
    configResolved: (resolved) => {
      config = resolved
    },
    writeBundle: (_options, bundle) => {
      siteBuild = isSiteBuild(bundle)
    },
    closeBundle: {
      sequential: true,
      handler: async () => {
        if (!siteBuild) return
        const outDir = path.resolve(config.root, config.build.outDir)
        // MSW intercepts requests in Storybook only; the production site must never ship it.
        rmSync(path.join(outDir, 'mockServiceWorker.js'), { force: true })
        // Source maps hold the whole source: out of what the server sends.
        moveSourceMaps(outDir)

        const indexFile = path.join(outDir, 'index.html')
        // A router the measure cannot read (a route renamed mid-change) must not stop the build:
        // the site then goes without the route preloads and precaches the entry only; the budget
        // test says what is wrong.
        const warn = (error: unknown) =>
          config.logger.warn(`Route chunks not measured: ${(error as Error).message}`)
        let routePreload = ''
        try {
          routePreload = routePreloadScript(outDir)
        } catch (error) {
          warn(error)
        }
        writeFileSync(
          indexFile,
          withFragmentToQuery(
            withEarlyInput(
              startAfterFirstPaint(readFileSync(indexFile, 'utf8'), routePreload),
              earlyInputScript(config.root),
            ),
            fragmentToQueryScript(config.root),
          ),
        )

        const entries = precacheEntries(outDir, warn)
        await build({
          configFile: false,
          root: config.root,
          logLevel: 'warn',
          resolve: { alias: config.resolve.alias },
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            manifest: false,
            sourcemap: false,
            target: config.build.target,
            lib: {
              entry: path.join(config.root, 'src/app/sw/sw.ts'),
              formats: ['iife'],
              name: 'atlasServiceWorker',
              fileName: () => 'sw.js',
            },
          },
        })
        const swFile = path.join(outDir, 'sw.js')
        const source = readFileSync(swFile, 'utf8')
        if (!source.includes('self.__WB_MANIFEST')) {
          throw new Error('sw.js lost its self.__WB_MANIFEST placeholder')
        }
        writeFileSync(swFile, source.replace('self.__WB_MANIFEST', JSON.stringify(entries)))
        await buildServerRender(config, outDir)
        precompress(outDir)
        const kb = (statSync(swFile).size / 1024).toFixed(1)
        config.logger.info(`sw.js: ${entries.length} files precached (${kb} KB)`)
      },
    },
  }
}
