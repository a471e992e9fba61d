import { defineConfig } from 'vitest/config'

// `npm test` runs this right after `vite build`: checks of the built site, never timings.
export default defineConfig({
  test: {
    name: 'budget',
    environment: 'node',
    include: ['scripts/**/*.budget.test.ts'],
  },
})
