// The monitoring pages' heads, apart from heads.ts: that module comes with every public page, and
// these only with the monitoring pages (and the server).
import { pathTo } from '../routes'
import { breadcrumbJsonLd } from './jsonLd'
import type { PageHead } from './heads'

const APIS = pathTo('apis')
const TOOLS = pathTo('tools')
const apiPath = (id: string) => pathTo('apiDetail', { id })

/** What an API's monitoring page says of it. */
export const monitoringSummary = (name: string) =>
  `Is ${name} up, and does it answer as its document says? Uptime and latency over 30 days, TLS, CORS, conformance per operation and changes, as our checker measured them.`

const monitoringPath = (id: string) => pathTo('apiMonitoring', { id })

export function monitoringHead(
  siteUrl: string,
  api: { id: string; name: string; provider: string },
): PageHead {
  return {
    title: `${api.name} monitoring`,
    description: monitoringSummary(api.name),
    path: monitoringPath(api.id),
    keywords: [api.name, api.provider, 'API monitoring', 'uptime', 'API status'],
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: 'API Directory', path: APIS },
        { name: api.name, path: apiPath(api.id) },
        { name: 'Monitoring', path: monitoringPath(api.id) },
      ]),
    ],
  }
}

export const MONITORING_OVERVIEW_SUMMARY =
  'Which APIs went down, which answer differently from their documents, which came back and whose documents changed, as our checker found them.'

const MONITORING_OVERVIEW = pathTo('monitoringOverview')

/** The overview's head: of every API, or of one category's (its slug and name). */
export function monitoringOverviewHead(
  siteUrl: string,
  category?: { slug: string; name: string },
): PageHead {
  const path = category
    ? `${MONITORING_OVERVIEW}?category=${encodeURIComponent(category.slug)}`
    : MONITORING_OVERVIEW
  return {
    title: category ? `API Monitoring: ${category.name}` : 'API Monitoring',
    description: MONITORING_OVERVIEW_SUMMARY,
    path,
    keywords: ['API monitoring', 'API status', 'API uptime', 'OpenAPI conformance'],
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: 'API Directory', path: APIS },
        { name: 'API Tools', path: TOOLS },
        { name: 'API Monitoring', path },
      ]),
    ],
  }
}
