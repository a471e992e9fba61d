import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { server } from '@mocks/node'

// findBy… and waitFor wait for the state a test names; their 1 s default is a guess at how fast a
// machine is, and a busy 2-core one (npm test's other lanes, with Chromium beside them) needs far
// more. The limit only stops a wait for a state that never comes.
configure({ asyncUtilTimeout: 30_000 })

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())
