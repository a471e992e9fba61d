// What went down, drifted and changed, /tools/monitoring?category=: over every API or one category.
import { categorySlugSchema } from '../../contract/categories'
import type { FirstQuery } from '../firstQueries'
import { MONITORING_OVERVIEW_SUMMARY, monitoringOverviewHead } from '../seo/monitoringHeads'
import { categoriesQuery } from './apiDetailPage'
import { definePage } from './page'

export const monitoringOverviewPage = definePage('monitoringOverview', {
  route: { pattern: '/tools/monitoring', query: ['category'], example: '/tools/monitoring' },
  // The filter's category names come with the categories, as the directory's.
  firstQueries: (_, search) => [
    categoriesQuery,
    {
      endpoint: 'getMonitoringOverview',
      args: search.get('category')?.trim() ?? '',
    } satisfies FirstQuery,
  ],
  describe: async ({ answers, siteUrl, search }) => {
    const text = search.get('category')?.trim()
    const slug = text ? categorySlugSchema.safeParse(text.toLowerCase()) : undefined
    const category = slug?.success
      ? (await answers.get(categoriesQuery))?.data.categories.find(
          (candidate) => candidate.slug === slug.data,
        )
      : undefined
    const head = monitoringOverviewHead(
      siteUrl,
      category && { slug: category.slug, name: category.name },
    )
    return {
      status: 200,
      heading: head.title,
      summary: MONITORING_OVERVIEW_SUMMARY,
      // A category the directory does not have: the screen says so; nothing worth indexing.
      head: text && !category ? { ...head, noindex: true } : head,
    }
  },
})
