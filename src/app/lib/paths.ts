/** Every address of the site, built in one place so links and routes cannot drift apart. */
export const paths = {
  home: '/',
  redirect: '/redirect',
  apis: '/apis',
  apiSearch: (term: string) => `/apis?search=${encodeURIComponent(term)}`,
  apiDetail: (id: string) => `/apis/${encodeURIComponent(id)}`,
  apiDetailLegacy: '/apis/api-detail.html',
  category: (category: string) => `/apis/category/${encodeURIComponent(category)}`,
  categoryApi: (category: string, id: string) =>
    `/apis/category/${encodeURIComponent(category)}/${encodeURIComponent(id)}`,
  tools: '/apis/tools',
  tester: '/tools/tester',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  login: '/bpm-login',
  dashboard: '/dashboard',
  ads: '/ads',
  social: '/social',
  monitor: '/monitor',
  notFound: '/404',
} as const

/** True for an address on this site (a path), false for an absolute address elsewhere. */
export function isInternalPath(target: string) {
  return target.startsWith('/') && !target.startsWith('//')
}
