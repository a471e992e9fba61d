// The comparison, /apis/compare?ids=a,b,c: drawn with its rows when the address names APIs;
// without, it says how to pick them.
import { compareIdsSchema } from '../../contract/compare'
import { pathTo } from '../routes'
import { apiDescription, COMPARE_SUMMARY, compareHead } from '../seo/heads'
import { apiQuery, entryLocation } from './apiDetailPage'
import { definePage, notFound } from './page'

export const comparePage = definePage('compare', {
  route: {
    pattern: '/apis/compare',
    query: ['ids'],
    example: '/apis/compare?ids=stripe-com,squareup-com,chaingateway-io',
  },
  firstQueries: (_, search) => {
    const ids = search.get('ids')?.trim()
    return ids ? [{ endpoint: 'getComparison', args: ids }] : []
  },
  describe: async ({ answers, siteUrl, search }) => {
    const text = search.get('ids')?.trim()
    const picking = { status: 200, heading: 'Compare APIs', summary: COMPARE_SUMMARY } as const
    if (!text) return { ...picking, head: compareHead(siteUrl) }
    const parsed = compareIdsSchema.safeParse(text)
    // Too few, too many or repeated: the screen says which; nothing here is worth indexing.
    if (!parsed.success) return { ...picking, head: { ...compareHead(siteUrl), noindex: true } }
    const apis = await Promise.all(
      parsed.data.map(async (id) => (await answers.get(apiQuery(id.toLowerCase())))?.data.api),
    )
    if (apis.some((api) => !api)) {
      return notFound(
        'APIs Not Found',
        'The comparison names an API the directory does not have.',
        pathTo('compare'),
      )
    }
    const named = apis.map((api) => ({ id: api!.id, name: api!.name }))
    const head = compareHead(siteUrl, named)
    return {
      status: 200,
      heading: head.title,
      summary: COMPARE_SUMMARY,
      head,
      items: apis.map((api) => ({
        title: api!.name,
        path: entryLocation(api!),
        summary: apiDescription(api!),
      })),
    }
  },
})
