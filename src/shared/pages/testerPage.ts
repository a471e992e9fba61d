// The tester, /tools/tester: a `?api=` link (an API page's "Test API") opens it filled from that API.
import { TESTER_SUMMARY, testerHead } from '../seo/heads'
import { definePage } from './page'

export const testerPage = definePage('tester', {
  route: { pattern: '/tools/tester', query: ['api', 'op'], example: '/tools/tester' },
  firstQueries: (_, search) => {
    const id = search.get('api')
    return id ? [{ endpoint: 'getTesterApi', args: id }] : []
  },
  describe: async ({ siteUrl }) => ({
    status: 200,
    heading: 'API Tester',
    summary: TESTER_SUMMARY,
    head: testerHead(siteUrl),
  }),
})
