import { setupServer } from 'msw/node'
import { allDefaultHandlers } from './handlers'

/** MSW for Vitest; tests swap a variant in with `server.use(...configHandlers.error)`. */
export const server = setupServer(...allDefaultHandlers)
