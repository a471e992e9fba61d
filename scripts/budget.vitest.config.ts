import { defineConfig } from 'vitest/config'

// `npm test` runs this after `vite build`: checks of the built site, loaded by the real server in
// Chromium where it says what a browser downloads. Sizes only, never timings.
export default defineConfig({
  test: {
    name: 'budget',
    environment: 'node',
    include: ['scripts/**/*.budget.test.ts'],
    // A limit only for a page that never settles; a first start loads the seed into a new database.
    testTimeout: 60_000,
    // A fresh server loads the operations seed (125,207 operations): minutes on a busy machine.
    hookTimeout: 420_000,
  },
})
