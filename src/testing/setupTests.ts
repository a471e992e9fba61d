import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { server } from '@mocks/node'

// findBy… and waitFor wait for the state a test names; their 1 s default is a guess at how fast a
// machine is, and a busy 2-core one (CI, with Chromium beside it) sometimes needs more.
configure({ asyncUtilTimeout: 10_000 })

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())
