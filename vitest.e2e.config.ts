import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    // Limits for a journey that hangs, never a measure of speed: on a busy 2-core machine a
    // journey's page loads and server start take many times as long as when idle.
    testTimeout: 180_000,
    // The server starts on a fresh database and loads the operations seed: minutes when busy.
    hookTimeout: 420_000,
    // expect.poll waits for a state; its 1 s default is a guess at the machine's speed, and under
    // load a page's heading once took longer to show.
    expect: { poll: { timeout: 30_000 } },
    fileParallelism: false,
  },
})
