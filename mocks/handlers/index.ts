import { apisHandlers } from './apis'
import { categoriesHandlers } from './categories'
import { configHandlers } from './config'
import { testerHandlers } from './tester'

/** The default variant of every domain, keyed as stories override them: `msw.handlers.config`. */
export const defaultHandlers = {
  config: configHandlers.default,
  apis: apisHandlers.default,
  categories: categoriesHandlers.default,
  tester: testerHandlers.default,
}

export const allDefaultHandlers = Object.values(defaultHandlers).flat()
