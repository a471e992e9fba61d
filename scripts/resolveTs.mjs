// Lets Node run the server's TypeScript as written (`node --import ./scripts/resolveTs.mjs
// server/index.ts`): Node strips the types itself (22.18+), and this hook finds the files that
// relative imports name without an extension, as the bundler-style tsconfig allows
// (`./app` is `./app.ts`, `./db` may be `./db/index.ts`). It runs in the importing thread
// (registerHooks), so it adds no loader thread, unlike tsx.
//
// A restart should not redo work whose result it already has (the aim: ready within 3 s). So
// each of our files' JavaScript is kept in node_modules/.cache/atlas-server/ts, under the digest
// of its source, rather than transformed again at every start; and Node's compile cache keeps
// V8's compiled code of every module (ours, the packages', the built page render) in
// node_modules/.cache/atlas-server/v8. Both are checked against the source they were made from,
// so an edited file is simply transformed and compiled again; neither is needed to run.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import module from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const CACHE_DIR = fileURLToPath(new URL('../node_modules/.cache/atlas-server/', import.meta.url))
const TS_CACHE_DIR = join(CACHE_DIR, 'ts')

// Returns a status rather than throwing: a read-only tree or an older Node just goes without.
module.enableCompileCache?.(join(CACHE_DIR, 'v8'))

const MISSING = new Set(['ERR_MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT'])
const isPath = (specifier) => /^(\.{1,2}\/|\/|file:)/.test(specifier)
const HAS_EXTENSION = /\.(?:[cm]?[jt]sx?|json|node|wasm)$/

/** What else the JavaScript of a file depends on: the Node (its bundled transformer) that made it. */
const TRANSFORMER = `node ${process.version}`

/**
 * The JavaScript of one of our TypeScript files, as Node's own transform makes it (with its
 * source map, so stack traces name the .ts lines), from the cache when the source is unchanged.
 * One cache file per source file, rewritten when the source changes, so the cache does not grow
 * with edits.
 */
const javascriptOf = (url, source) => {
  const digest = createHash('sha256').update(TRANSFORMER).update('\0').update(source).digest('hex')
  const stamp = `// atlas-ts ${digest}\n`
  const file = join(TS_CACHE_DIR, `${createHash('sha256').update(url).digest('hex')}.js`)
  try {
    const cached = readFileSync(file, 'utf8')
    if (cached.startsWith(stamp)) return cached.slice(stamp.length)
  } catch {
    // Not cached yet.
  }
  // The stamp line comes first in the file, not in the code: line numbers stay the transform's.
  const code = module.stripTypeScriptTypes(source, {
    mode: 'transform',
    sourceMap: true,
    sourceUrl: url,
  })
  try {
    mkdirSync(TS_CACHE_DIR, { recursive: true })
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
    writeFileSync(partial, stamp + code)
    renameSync(partial, file)
  } catch {
    // A tree we may not write to runs uncached.
  }
  return code
}

module.registerHooks({
  resolve(specifier, context, nextResolve) {
    // In our own code a path without an extension is almost always a .ts file: tried first, as a
    // failed attempt costs an error with its stack, hundreds of times at every start. Packages'
    // requires and imports resolve as Node resolves them.
    const ours = !context.parentURL?.includes('/node_modules/')
    if (ours && isPath(specifier) && !HAS_EXTENSION.test(specifier)) {
      for (const suffix of ['.ts', '/index.ts']) {
        try {
          return nextResolve(`${specifier}${suffix}`, context)
        } catch (error) {
          if (!MISSING.has(error?.code)) throw error
        }
      }
    }
    return nextResolve(specifier, context)
  },
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context)
    // Node 22.18+ hands TypeScript over as 'module-typescript' and strips it when it compiles it;
    // an older Node has no stripTypeScriptTypes, and runs the server through tsx instead.
    if (
      loaded.format !== 'module-typescript' ||
      loaded.source == null ||
      !module.stripTypeScriptTypes ||
      url.includes('/node_modules/')
    ) {
      return loaded
    }
    const source = typeof loaded.source === 'string' ? loaded.source : Buffer.from(loaded.source)
    return {
      format: 'module',
      source: javascriptOf(url, source.toString()),
      shortCircuit: true,
    }
  },
})
