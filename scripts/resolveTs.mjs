// Lets Node run the server's TypeScript as written (`node --import ./scripts/resolveTs.mjs
// server/index.ts`): Node strips the types itself (22.18+), and this hook finds the files that
// relative imports name without an extension, as the bundler-style tsconfig allows
// (`./app` is `./app.ts`, `./db` may be `./db/index.ts`). It runs in the importing thread
// (registerHooks), so it adds no loader thread, unlike tsx.
import { registerHooks } from 'node:module'

const MISSING = new Set(['ERR_MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT'])
const isPath = (specifier) => /^(\.{1,2}\/|\/|file:)/.test(specifier)

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context)
    } catch (error) {
      if (!MISSING.has(error?.code) || !isPath(specifier)) throw error
      for (const suffix of ['.ts', '/index.ts']) {
        try {
          return nextResolve(`${specifier}${suffix}`, context)
        } catch (retry) {
          if (!MISSING.has(retry?.code)) throw retry
        }
      }
      throw error
    }
  },
})
