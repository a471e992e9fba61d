import { setupWorker } from 'msw/browser'
import { allDefaultHandlers } from './handlers'

/** MSW in a browser outside Storybook (e.g. `VITE_MSW=true npm run dev` without the server). */
export const worker = setupWorker(...allDefaultHandlers)
