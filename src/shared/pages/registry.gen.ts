// Written by `npm run pages` (scripts/pageRegistry.ts) from the page modules beside it: edit
// those and run it, not this file.
import { apiDetailPage } from './apiDetailPage'
import { apiDetailLegacyPage } from './apiDetailLegacyPage'
import { apiMonitoringPage } from './apiMonitoringPage'
import { apisPage } from './apisPage'
import { blogPage } from './blogPage'
import { blogPostPage } from './blogPostPage'
import { categoryPage } from './categoryPage'
import { categoryApiPage } from './categoryApiPage'
import { comparePage } from './comparePage'
import { monitoringOverviewPage } from './monitoringOverviewPage'
import { providerPage } from './providerPage'
import { testerPage } from './testerPage'
import { toolsPage } from './toolsPage'
import type { PublicRouteId } from '../routes'
import type { Page } from './page'

/** Every public page's module, by route id: what the server answers, describes and draws. */
export const PAGES: { [Id in PublicRouteId]: Page<Id> } = {
  apiDetail: apiDetailPage,
  apiDetailLegacy: apiDetailLegacyPage,
  apiMonitoring: apiMonitoringPage,
  apis: apisPage,
  blog: blogPage,
  blogPost: blogPostPage,
  category: categoryPage,
  categoryApi: categoryApiPage,
  compare: comparePage,
  monitoringOverview: monitoringOverviewPage,
  provider: providerPage,
  tester: testerPage,
  tools: toolsPage,
}
