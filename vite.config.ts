/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { blogMarkdown } from './scripts/blogMarkdown.ts'
import {
  lazyDefaultThemes,
  OPERATION_PARTS_CHUNK,
  preloadFonts,
  serviceWorkerAndCompression,
  libraryRewrites,
  deferredTouchRipple,
  themeVariables,
} from './scripts/vitePlugins.ts'

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@mocks': fileURLToPath(new URL('./mocks', import.meta.url)),
}

/** graphql's one ES module build, for the tests (see the client project below). */
const graphqlEsm = fileURLToPath(new URL('./node_modules/graphql/index.mjs', import.meta.url))

/**
 * Client test files that need the default pool, where modules load as Node loads them: in a VM
 * context, graphql-language-service and the test's schema meet as two copies of graphql (another
 * realm), which graphql refuses; and sanitize-html (CommonJS) cannot require htmlparser2 (ESM).
 */
const OUTSIDE_VM = ['src/features/tester/graphql/suggest.test.ts', 'mocks/data/fixtures.test.ts']

/** A project of the browser code's tests, in jsdom. */
const clientProject = ({
  name,
  pool,
  include = ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts'],
  exclude = [],
}: {
  name: string
  pool?: 'vmThreads'
  include?: string[]
  exclude?: string[]
}) => ({
  extends: true,
  test: {
    name,
    environment: 'jsdom',
    ...(pool && { pool }),
    include,
    exclude,
    setupFiles: ['src/testing/vmGlobals.ts', 'src/testing/setupTests.ts'],
    // Through Vite like the app's own code, so the tests and graphql-language-service share
    // one copy of graphql: loaded as is, each would get its own, which graphql refuses to mix.
    server: { deps: { inline: ['graphql-language-service'] } },
    alias: [{ find: /^graphql$/, replacement: graphqlEsm }],
    // A test ends when its state is reached; the limit only stops one that never gets there.
    // jsdom with user-event on a busy 2-core machine (npm test's other lanes, a busy core
    // beside them) is ten times slower than idle, and a file's first test also compiles the
    // lazy parts it opens: 30 s was once not enough.
    testTimeout: 120_000,
  },
})

/**
 * React Router's own production build, for ours: its package's exports name only its development
 * build, warnings and their checks included (remix-run/react-router#14753), which the site then
 * ran on every page's start.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
    ),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
    ),
  },
]

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    blogMarkdown(),
    themeVariables(),
    lazyDefaultThemes(),
    libraryRewrites(),
    deferredTouchRipple(),
    preloadFonts(),
    serviceWorkerAndCompression(),
  ],
  resolve: {
    alias: [
      ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  html: {
    // The server swaps this for a fresh nonce on a staff page, and drops it from a public page,
    // whose policy allows its inline scripts by hash (server/spa.ts).
    cspNonce: '__CSP_NONCE__',
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/auth/v1': 'http://127.0.0.1:3000',
      '/rest/v1': 'http://127.0.0.1:3000',
    },
  },
  build: {
    target: 'es2022',
    // One stylesheet for the whole site, linked by every page and kept by the browser: a part's
    // own CSS (an API's card) is there before the first paint of a page the server drew, not
    // fetched with the part's script after it.
    cssCodeSplit: false,
    // Maps without a sourceMappingURL comment, moved out of dist/ once written
    // (scripts/vitePlugins.ts, moveSourceMaps): they hold every source file, staff screens' too.
    sourcemap: 'hidden',
    // scripts/firstLoad.ts reads it to measure each public route's first-load JavaScript.
    manifest: true,
    // No preload helper and dependency map in the entry (~1.7 KB gz on every first load): the
    // first page's chunks are preloaded by index.html's route preloader (scripts/vitePlugins.ts),
    // and the service worker has every public page's chunks once it is installed.
    modulePreload: false,
    rolldownOptions: {
      treeshake: {
        // @emotion/react imports it bare for withTheme, which the app never uses; the package
        // declares no side effects of its own, so without this its 3 KB (and react-is) rode in
        // every first load.
        moduleSideEffects: [
          { test: /node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Chromium's compile hint: V8 compiles every function of the entry while the file streams
        // in, off the main thread, rather than each one on the main thread the first time it is
        // called; nearly all of the entry's functions run as the page starts.
        postBanner: (chunk) => (chunk.isEntry ? '//# allFunctionsCalledOnLoad\n' : ''),
        codeSplitting: {
          groups: [
            // All that the entry imports in one chunk, rather than split into a dozen by which
            // lazy routes share it: every page loads all of them anyway, and one file compresses
            // better (~6 KB gz less on each first load, docs/performance.md).
            { name: 'app', tags: ['$initial'] },
            // MUI's small shared internals and the app's small shared parts would otherwise each
            // be a file of a few hundred bytes, most of it response headers, a dozen on a page
            // (docs/performance.md): a browser counts requests, not modules.
            {
              name: 'ui-kit',
              // With the form control's context, which a checkbox reads as well as a field.
              test: /node_modules[\\/]@mui[\\/](utils|material[\\/](utils|internal|FormControl[\\/](useFormControl|FormControlContext)\.m?js$))/,
              // The small ones only: a bigger internal (a transition, tab keys) goes with its users.
              maxModuleSize: 2500,
            },
            // MUI's form parts come together, for the staff's forms and dialogs that still use them.
            {
              name: 'form-kit',
              // Their own modules only: a helper they share with other parts (useSlot) stays with
              // those, or every page with a chip or a checkbox would load this.
              includeDependenciesRecursively: false,
              test: /@mui[\\/]material[\\/](InputBase|OutlinedInput|InputLabel|FormControl|FormControlLabel|FormGroup|FormLabel|FormHelperText|InputAdornment|TextareaAutosize)[\\/]/,
            },
            // The public pages' fields (the outline and the text field, select and choice drawn in
            // it, src/components/FieldFrame/), the note beside them, and an API page's parts that
            // load just after it (its sections, the endpoint filter, the version picker): one file
            // for every page with a field.
            {
              name: 'field-kit',
              test: /src[\\/](components[\\/](FieldFrame|OutlinedField|OutlinedSelect|SelectField|ChoiceLabel|Note)[\\/]\w+|features[\\/]directory[\\/]components[\\/](Section|EndpointFilter|VersionPicker))\.tsx$/,
            },
            // What every public page's screen draws (its head, its crumbs, deferred tooltips and
            // alerts, the icons of the API pages and the tester: back, the operations' list,
            // delete, copy), with what the app starts once the page is up (the page-view tracker,
            // the worker's registration), which every page loads as well: one request, not three.
            {
              name: 'page-kit',
              test: /(src[\\/](components[\\/](Deferred[\\/]Deferred\w+\.tsx$|LazySlot[\\/]|PageMeta[\\/]|Breadcrumbs[\\/])|lib[\\/](store[\\/](errors|createAppSlice|hooks)|earlyInput)\.ts$|shared[\\/]seo[\\/](heads|jsonLd)\.ts$|app[\\/](lib[\\/]analytics|sw[\\/]register)\.ts$)|@mui[\\/]icons-material[\\/](esm[\\/])?(ListAlt|ArrowBack|DeleteOutlined|ContentCopyOutlined)\.m?js$)/,
            },
            // The request an operation makes and the tabs, which the tester and an operation's panel
            // share: one file, not two of a few hundred bytes each.
            {
              name: 'tester-kit',
              test: /src[\\/](shared[\\/]operationRequest\.ts|components[\\/]TabBar[\\/]TabBar\.tsx)$/,
            },
            // The directory's small shared parts (badges, the visually hidden label, the grid's
            // columns, the Compare toggle and the slot its tray loads into, an operation's address,
            // a settled search, the directory's queries): each page of the directory draws
            // several, one file rather than one each.
            {
              name: 'directory-kit',
              test: /src[\\/](features[\\/]directory[\\/](components[\\/](HealthBadge|ApiBadges|CompareToggle|CompareTraySlot)\.tsx$|lib[\\/](compareSelection|useSettled)\.ts$|api[\\/]directoryApi\.ts$)|shared[\\/]operationLinks\.ts$|components[\\/](Columns[\\/]columns\.ts|VisuallyHidden[\\/]VisuallyHidden\.tsx)$|components[\\/]StateViews[\\/]offline\.tsx$|lib[\\/]format\.ts$)/,
            },
            // The tester's draft, its request model and its queries, which its form draws at once
            // and its lazy parts share: one file, not three of a few hundred bytes each.
            {
              name: 'tester-parts',
              test: /src[\\/](features[\\/]tester[\\/](lib[\\/]draft|api[\\/]testerApi)\.ts|contract[\\/]testerRequestModel\.ts)$/,
            },
            // What a listing of cards with its filters draws from MUI (the cards' content and
            // actions, the filters' checkboxes): five small files were five requests on /apis.
            {
              name: 'listing-mui',
              test: /@mui[\\/]material[\\/](Checkbox[\\/]|CardContent[\\/]|CardActions[\\/]|internal[\\/](SwitchBase|switchBaseClasses)\.m?js$|internal[\\/]svg-icons[\\/](CheckBox|CheckBoxOutlineBlank|IndeterminateCheckBox)\.m?js$|utils[\\/]mergeSlotProps\.m?js$)/,
            },
            // An operation as it opens: its details (with the schema's fold icons), the browser of
            // all operations around it, and what asks for a named one at start. They load together
            // whenever one is opened; apart they were three more requests on an operation's
            // address. Their own modules only: what they share with the tester and the API page
            // (code samples, tabs) stays where it was, or every such page would load all of this.
            {
              name: OPERATION_PARTS_CHUNK,
              includeDependenciesRecursively: false,
              test: /(src[\\/](features[\\/]directory[\\/]components[\\/](OperationDetails|OperationPanel|SchemaSection|ResponseExample|OperationBrowser|OperationNav|WindowedRows)\.tsx|app[\\/]namedOperation\.ts)|@mui[\\/]icons-material[\\/](esm[\\/])?(ChevronRight|ExpandMore)\.m?js)$/,
            },
            // An alert comes whole: MUI's Alert and AlertTitle with the app's wrapper.
            {
              name: 'alert',
              test: /(@mui[\\/]material[\\/]Alert(Title)?[\\/]|Deferred[\\/]TitledAlert\.tsx$)/,
            },
          ],
        },
      },
    },
  },
  test: {
    // Vitest leaves one core free by default: on 2 cores, one file at a time. Both cores, since
    // npm test's other lanes wait on these files more than on anything else.
    maxWorkers: 2,
    // expect.poll waits for a state; its 1 s default is a guess at the machine's speed.
    expect: { poll: { timeout: 30_000 } },
    projects: [
      clientProject({
        name: 'client',
        // Each file in a VM context of its own on one jsdom per worker: building jsdom for every
        // file was a third of this layer's time (Vitest's own report: 182 s of 288).
        pool: 'vmThreads',
        exclude: OUTSIDE_VM,
      }),
      clientProject({ name: 'client-default-pool', include: OUTSIDE_VM }),
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // Worker threads, not a process per file: the same 740 tests took 196 s of CPU against
          // 266 s as forks (113 s against 239 s of wall time), on a machine where npm test's
          // lanes share two cores.
          pool: 'threads',
          include: [
            'server/**/*.test.ts',
            'scripts/lazyThemes.test.ts',
            'scripts/stacklessErrors.test.ts',
            'scripts/propNameSet.test.ts',
          ],
          // One empty PGlite for the whole run, which each test database starts from.
          globalSetup: ['server/testing/pgliteTemplate.ts'],
          // Limits for a test that hangs, never a measure of speed (see the client's above): on
          // a host two to three times slower than others, the operations routes'
          // set-up, which reads the whole operations seed, took over 120 s at load average 12 to
          // 20, and a staff command waiting for a starting server over 60 s on a quiet run.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
}))
