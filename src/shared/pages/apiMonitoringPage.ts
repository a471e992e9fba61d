// What the health checker found of one API, /apis/{id}/monitoring: the monitoring answer names its
// API, so the page needs nothing else.
import type { FirstQuery } from '../firstQueries'
import { pathTo } from '../routes'
import { monitoringHead, monitoringSummary } from '../seo/monitoringHeads'
import { answerInLowerCase, definePage, movedOrUnknownApi } from './page'

const monitoringQuery = (id: string) =>
  ({ endpoint: 'getMonitoring', args: id }) satisfies FirstQuery

export const apiMonitoringPage = definePage('apiMonitoring', {
  route: { pattern: '/apis/:id/monitoring', query: [], example: '/apis/stripe-com/monitoring' },
  firstQueries: ({ id }) => [monitoringQuery(id)],
  describe: async ({ answers, siteUrl, params: { id }, site }) => {
    const answer = await answerInLowerCase(
      answers,
      monitoringQuery(id),
      monitoringQuery(id.toLowerCase()),
    )
    if (!answer) {
      return movedOrUnknownApi(site, id, (moved) => pathTo('apiMonitoring', { id: moved }))
    }
    const { apiId, api } = answer.data
    // A version's monitoring is its entry's (the checker measures entries): the answer is the
    // entry's, and the page moves there.
    if (apiId !== id.toLowerCase()) {
      return { status: 301, location: pathTo('apiMonitoring', { id: apiId }) }
    }
    return {
      status: 200,
      heading: `${api.name} monitoring`,
      summary: monitoringSummary(api.name),
      head: monitoringHead(siteUrl, api),
    }
  },
})
