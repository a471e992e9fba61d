import { analyticsHandlers } from './analytics'
import { apisHandlers } from './apis'
import { authHandlers } from './auth'
import { blogHandlers } from './blog'
import { categoriesHandlers } from './categories'
import { compareHandlers, similarHandlers } from './compare'
import { configHandlers } from './config'
import { contentMarketingHandlers, dashboardHandlers } from './contentMarketing'
import { healthHandlers } from './health'
import { checkNowHandlers, monitoringHandlers, monitoringOverviewHandlers } from './monitoring'
import { operationsHandlers } from './operations'
import { testerHandlers } from './tester'
import { testerOAuthHandlers } from './testerOAuth'

/** The default variant of every domain, keyed as stories override them: `msw.handlers.config`. */
export const defaultHandlers = {
  config: configHandlers.default,
  apis: apisHandlers.default,
  operations: operationsHandlers.default,
  categories: categoriesHandlers.default,
  compare: compareHandlers.default,
  similar: similarHandlers.default,
  monitoring: monitoringHandlers.default,
  monitoringOverview: monitoringOverviewHandlers.default,
  checkNow: checkNowHandlers.default,
  tester: testerHandlers.default,
  testerOAuth: testerOAuthHandlers.default,
  contentMarketing: contentMarketingHandlers.default,
  dashboard: dashboardHandlers.default,
  auth: authHandlers.default,
  blog: blogHandlers.default,
  analytics: analyticsHandlers.default,
  health: healthHandlers.default,
}

export const allDefaultHandlers = Object.values(defaultHandlers).flat()
