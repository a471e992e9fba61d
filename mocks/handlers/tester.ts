import { delay, http, HttpResponse } from 'msw'
import type { TestRequest, TestResponse, TestResponseData } from '@/contract/tester'
import {
  blockedTestError,
  cookiesSetTestResponse,
  portBlockedTestError,
  errorTestResponse,
  htmlTestResponse,
  imageTestResponse,
  largeJsonTestResponse,
  largeTestResponse,
  networkErrorTestResponse,
  okTestResponse,
  testerApiDetail,
} from '../data/tester'
import {
  countryTestResponse,
  introspectionRefusedTestResponse,
  introspectionTestResponse,
} from '../data/graphql'

const testUrl = '*/api/apis/test'
const apiUrl = '*/api/apis/:id'

/** Answers with a fixture, echoing the method and URL the screen sent. */
const answer = (fixture: TestResponseData) =>
  http.post(testUrl, async ({ request }) => {
    const sent = (await request.json()) as TestRequest
    return HttpResponse.json({
      success: true,
      data: {
        ...fixture,
        url: sent.url,
        request: { ...fixture.request, method: sent.method, url: sent.url },
      },
    } satisfies TestResponse)
  })

/** A GraphQL endpoint: its schema to an introspection query, a country to any other query. */
const graphqlEndpoint = (introspection: TestResponseData) =>
  http.post(testUrl, async ({ request }) => {
    const sent = (await request.json()) as TestRequest
    const query = JSON.stringify(sent.body ?? '')
    const data = query.includes('__schema') ? introspection : countryTestResponse
    return HttpResponse.json({
      success: true,
      data: { ...data, url: sent.url, request: { ...data.request, url: sent.url } },
    } satisfies TestResponse)
  })

/**
 * A collection run's server, so a run meets every outcome: a private address is refused as the
 * guard refuses it, a host that does not resolve answers as a network error, anything else
 * answers 200.
 */
const runnerServer = http.post(testUrl, async ({ request }) => {
  const sent = (await request.json()) as TestRequest
  const host = new URL(sent.url).hostname
  if (host.startsWith('10.')) return HttpResponse.json(blockedTestError, { status: 400 })
  const fixture = host.endsWith('.invalid') ? networkErrorTestResponse : okTestResponse
  return HttpResponse.json({
    success: true,
    data: {
      ...fixture,
      url: sent.url,
      request: { ...fixture.request, method: sent.method, url: sent.url },
    },
  } satisfies TestResponse)
})

export const testerHandlers = {
  default: [answer(okTestResponse)],
  errorResponse: [answer(errorTestResponse)],
  networkError: [answer(networkErrorTestResponse)],
  largeResponse: [answer(largeTestResponse)],
  html: [answer(htmlTestResponse)],
  image: [answer(imageTestResponse)],
  largeJson: [answer(largeJsonTestResponse)],
  /** The answer set two cookies, which the jar keeps. */
  cookiesSet: [answer(cookiesSetTestResponse)],
  blocked: [http.post(testUrl, () => HttpResponse.json(blockedTestError, { status: 400 }))],
  portBlocked: [http.post(testUrl, () => HttpResponse.json(portBlockedTestError, { status: 400 }))],
  rateLimited: [
    http.post(testUrl, () =>
      HttpResponse.json(
        {
          success: false,
          error: 'Too many test requests: at most 20 a minute. Try again in 42 seconds.',
        },
        { status: 429, headers: { 'Retry-After': '42' } },
      ),
    ),
  ],
  runner: [runnerServer],
  graphql: [graphqlEndpoint(introspectionTestResponse)],
  /** A GraphQL endpoint that keeps its schema to itself. */
  graphqlRefused: [graphqlEndpoint(introspectionRefusedTestResponse)],
  /** Our own server does not answer at all. */
  serverDown: [http.post(testUrl, () => HttpResponse.error())],
  sending: [
    http.post(testUrl, async () => {
      await delay('infinite')
      return HttpResponse.json({ success: true, data: okTestResponse })
    }),
  ],
  /** GET /api/apis/:id for `?api=` (the catalogue's route). */
  api: [
    http.get(apiUrl, ({ params }) =>
      params.id === testerApiDetail.id
        ? HttpResponse.json({ success: true, data: { api: testerApiDetail } })
        : HttpResponse.json({ success: false, error: 'API not found' }, { status: 404 }),
    ),
  ],
}
