// Lets Node run the server's TypeScript as written (`node --import ./scripts/resolveTs.mjs
// server/index.ts`): Node strips the types itself (22.18+), and this hook finds the files that
// relative imports name without an extension, as the bundler-style tsconfig allows
// (`./app` is `./app.ts`, `./db` may be `./db/index.ts`). It runs in the importing thread
// (registerHooks), so it adds no loader thread, unlike tsx.
import { registerHooks } from 'node:module'

const MISSING = new Set(['ERR_MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT'])
const isPath = (specifier) => /^(\.{1,2}\/|\/|file:)/.test(specifier)
const HAS_EXTENSION = /\.(?:[cm]?[jt]sx?|json|node|wasm)$/

registerHooks({
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
})
