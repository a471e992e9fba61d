import { pathTo } from '@/shared/routes'

/** Every address of the site, built from the one route table so links and routes agree. */
export const paths = {
  home: '/',
  redirect: pathTo('redirect'),
  apis: pathTo('apis'),
  apiSearch: (term: string) => `${pathTo('apis')}?search=${encodeURIComponent(term)}`,
  apiDetail: (id: string) => pathTo('apiDetail', { id }),
  apiDetailLegacy: pathTo('apiDetailLegacy'),
  category: (category: string) => pathTo('category', { category }),
  categoryApi: (category: string, id: string) => pathTo('categoryApi', { category, apiId: id }),
  provider: (slug: string) => pathTo('provider', { provider: slug }),
  tools: pathTo('tools'),
  /** The comparison of these APIs, in this order (2 to 4; fewer shows how to pick them). */
  compare: (ids: readonly string[] = []) =>
    ids.length > 0
      ? `${pathTo('compare')}?ids=${ids.map(encodeURIComponent).join(',')}`
      : pathTo('compare'),
  /** What the health checker found of one API: uptime, latency, conformance and changes. */
  apiMonitoring: (id: string) => pathTo('apiMonitoring', { id }),
  /** What went down, drifted and changed, over every API or one category. */
  monitoringOverview: (category = '') =>
    category
      ? `${pathTo('monitoringOverview')}?category=${encodeURIComponent(category)}`
      : pathTo('monitoringOverview'),
  tester: pathTo('tester'),
  blog: pathTo('blog'),
  blogPost: (slug: string) => pathTo('blogPost', { slug }),
  login: pathTo('login'),
  dashboard: pathTo('dashboard'),
  analytics: pathTo('analytics'),
  ads: pathTo('ads'),
  social: pathTo('social'),
  monitor: pathTo('monitor'),
  notFound: '/404',
} as const

/** True for an address on this site (a path), false for an absolute address elsewhere. */
export function isInternalPath(target: string) {
  return target.startsWith('/') && !target.startsWith('//')
}
