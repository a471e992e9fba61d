// The tools hub, /apis/tools: nothing to ask.
import { TOOLS_SUMMARY, toolsHead } from '../seo/heads'
import { definePage } from './page'

export const toolsPage = definePage('tools', {
  route: { pattern: '/apis/tools', query: ['api'], example: '/apis/tools' },
  firstQueries: () => [],
  describe: async ({ siteUrl }) => ({
    status: 200,
    heading: 'API Tools',
    summary: TOOLS_SUMMARY,
    head: toolsHead(siteUrl),
  }),
})
