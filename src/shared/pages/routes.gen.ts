// Written by `npm run pages` (scripts/pageRegistry.ts) from the page modules beside it: edit
// those and run it, not this file.

/** Every public page's route, as its module writes it (the route table adds them). */
export const PAGE_ROUTES = {
  apiDetail: {
    audience: 'public',
    pattern: '/apis/:id',
    query: ['version', 'op'],
    example: '/apis/stripe',
  },
  apiDetailLegacy: {
    audience: 'public',
    pattern: '/apis/api-detail.html',
    query: ['api'],
    example: '/apis/api-detail.html?api=stripe',
  },
  apiMonitoring: {
    audience: 'public',
    pattern: '/apis/:id/monitoring',
    query: [],
    example: '/apis/stripe-com/monitoring',
  },
  apis: {
    audience: 'public',
    pattern: '/apis',
    query: ['search', 'category', 'auth', 'https', 'cors', 'free', 'verified', 'sort', 'page'],
    example: '/apis',
  },
  blog: { audience: 'public', pattern: '/blog', query: [], example: '/blog' },
  blogPost: { audience: 'public', pattern: '/blog/:slug', query: [], example: '/blog/{slug}' },
  category: {
    audience: 'public',
    pattern: '/apis/category/:category',
    query: ['page'],
    example: '/apis/category/payments',
  },
  categoryApi: {
    audience: 'public',
    pattern: '/apis/category/:category/:apiId',
    query: ['version', 'op'],
    example: '/apis/category/payments/stripe',
  },
  compare: {
    audience: 'public',
    pattern: '/apis/compare',
    query: ['ids'],
    example: '/apis/compare?ids=stripe-com,squareup-com,chaingateway-io',
  },
  monitoringOverview: {
    audience: 'public',
    pattern: '/tools/monitoring',
    query: ['category'],
    example: '/tools/monitoring',
  },
  provider: {
    audience: 'public',
    pattern: '/apis/provider/:provider',
    query: ['search', 'page'],
    example: '/apis/provider/twilio-com',
  },
  tester: {
    audience: 'public',
    pattern: '/tools/tester',
    query: ['api', 'op'],
    example: '/tools/tester',
  },
  tools: { audience: 'public', pattern: '/apis/tools', query: ['api'], example: '/apis/tools' },
} as const
