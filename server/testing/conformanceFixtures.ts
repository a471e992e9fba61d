// Small APIs served on loopback, each with its OpenAPI document and an answer planted with a
// known drift (or none), brought in through CATALOGUE_OVERLAY: what the conformance tests, the
// e2e journey and `npm run bench conformance` check the checker against.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ConformanceStatus } from '../health/conformance'

type Json = Record<string, unknown>

/** What a fixture answers: status, content type, extra headers and body. */
export type Answer = {
  status: number
  type?: string
  headers?: Record<string, string>
  body: unknown
}

export type Fixture = {
  id: string
  name: string
  /** The planted drift, in words; `none` for one that matches. */
  drift: string
  /** OpenAPI 3.0 unless given. */
  openapi?: string
  paths: Json
  components?: Json
  /** Answers by path (with the query string, as requested). */
  answers: Record<string, Answer>
  /** What the checker must find, by operationKey: the status, and a violation's pointer. */
  expected: Record<string, { status: ConformanceStatus; pointer?: string }>
}

const json = (schema: Json, extra: Json = {}) => ({
  description: 'OK',
  content: { 'application/json': { schema } },
  ...extra,
})

const item = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
}

/** The fixture set: six planted drifts of the kinds the wild has, and matching ones beside them. */
export const FIXTURES: Fixture[] = [
  {
    id: 'fixture-match-list',
    name: 'Matching list',
    drift: 'none',
    paths: {
      '/items': {
        get: {
          operationId: 'listItems',
          responses: { 200: json({ type: 'array', items: { $ref: '#/components/schemas/Item' } }) },
        },
      },
    },
    components: { schemas: { Item: item } },
    answers: {
      '/items': {
        status: 200,
        body: [
          { id: 1, name: 'a' },
          { id: 2, name: 'b' },
        ],
      },
    },
    expected: { listItems: { status: 'matches' } },
  },
  {
    id: 'fixture-match-nullable',
    name: 'Matching nullable',
    drift: 'none',
    paths: {
      '/me': {
        get: {
          operationId: 'getMe',
          responses: {
            200: json({
              type: 'object',
              required: ['email'],
              properties: { email: { type: 'string', nullable: true } },
            }),
          },
        },
      },
    },
    answers: { '/me': { status: 200, body: { email: null } } },
    expected: { getMe: { status: 'matches' } },
  },
  {
    id: 'fixture-match-31',
    name: 'Matching 3.1',
    drift: 'none',
    openapi: '3.1.0',
    paths: {
      '/status': {
        get: {
          operationId: 'getStatus',
          responses: {
            200: json({
              type: 'object',
              required: ['state', 'note'],
              properties: {
                state: { enum: ['ok', 'degraded'] },
                note: { type: ['string', 'null'] },
              },
            }),
          },
        },
      },
    },
    answers: { '/status': { status: 200, body: { state: 'ok', note: null } } },
    expected: { getStatus: { status: 'matches' } },
  },
  {
    id: 'fixture-match-path',
    name: 'Matching path parameter',
    drift: 'none',
    paths: {
      '/users/{userId}': {
        get: {
          operationId: 'getUser',
          parameters: [
            {
              name: 'userId',
              in: 'path',
              required: true,
              schema: { type: 'integer' },
              example: 42,
            },
            { name: 'fields', in: 'query', schema: { type: 'string' } },
          ],
          responses: { 200: json(item), 404: { description: 'Not found' } },
        },
      },
    },
    answers: { '/users/42': { status: 200, body: { id: 42, name: 'Ada' } } },
    expected: { getUser: { status: 'matches' } },
  },
  {
    id: 'fixture-match-default',
    name: 'Matching default response',
    drift: 'none',
    paths: {
      '/ping': {
        get: {
          responses: {
            default: json({ type: 'object', properties: { pong: { type: 'boolean' } } }),
          },
        },
      },
    },
    answers: { '/ping': { status: 200, body: { pong: true, extra: 'allowed' } } },
    expected: { 'GET /ping': { status: 'matches' } },
  },
  {
    id: 'fixture-missing-required',
    name: 'Missing required field',
    drift: 'a missing required field',
    paths: { '/items/1': { get: { operationId: 'getItem', responses: { 200: json(item) } } } },
    answers: { '/items/1': { status: 200, body: { id: 1 } } },
    expected: { getItem: { status: 'drifted', pointer: '/body/name' } },
  },
  {
    id: 'fixture-wrong-type',
    name: 'Wrong type',
    drift: 'a wrong type',
    paths: { '/items/2': { get: { operationId: 'getItem', responses: { 200: json(item) } } } },
    answers: { '/items/2': { status: 200, body: { id: '2', name: 'b' } } },
    expected: { getItem: { status: 'drifted', pointer: '/body/id' } },
  },
  {
    id: 'fixture-undeclared-null',
    name: 'Undeclared null',
    drift: 'an undeclared null',
    paths: { '/items/3': { get: { operationId: 'getItem', responses: { 200: json(item) } } } },
    answers: { '/items/3': { status: 200, body: { id: 3, name: null } } },
    expected: { getItem: { status: 'drifted', pointer: '/body/name' } },
  },
  {
    id: 'fixture-extra-status',
    name: 'Extra status',
    drift: 'an extra status',
    paths: {
      '/jobs': { get: { operationId: 'listJobs', responses: { 200: json({ type: 'array' }) } } },
    },
    answers: { '/jobs': { status: 202, body: [] } },
    expected: { listJobs: { status: 'undocumented-status', pointer: '/status' } },
  },
  {
    id: 'fixture-wrong-content-type',
    name: 'Wrong content type',
    drift: 'a wrong content type',
    paths: {
      '/report': {
        get: { operationId: 'getReport', responses: { 200: json({ type: 'object' }) } },
      },
    },
    answers: { '/report': { status: 200, type: 'text/plain', body: 'all fine' } },
    expected: { getReport: { status: 'drifted', pointer: '/headers/content-type' } },
  },
  {
    id: 'fixture-nested-type',
    name: 'Nested wrong type',
    drift: 'a wrong type deep in an array',
    paths: {
      '/prices': {
        get: {
          operationId: 'listPrices',
          responses: {
            200: json({
              type: 'array',
              items: { type: 'object', properties: { price: { type: 'number' } } },
            }),
          },
        },
      },
    },
    answers: { '/prices': { status: 200, body: [{ price: 1.5 }, { price: 'free' }] } },
    expected: { listPrices: { status: 'drifted', pointer: '/body/1/price' } },
  },
  {
    id: 'fixture-missing-header',
    name: 'Missing documented header',
    drift: 'a missing required header',
    paths: {
      '/quota': {
        get: {
          operationId: 'getQuota',
          responses: {
            200: json(
              { type: 'object' },
              { headers: { 'X-Rate-Limit': { required: true, schema: { type: 'integer' } } } },
            ),
          },
        },
      },
    },
    answers: { '/quota': { status: 200, body: {} } },
    expected: { getQuota: { status: 'drifted', pointer: '/headers/x-rate-limit' } },
  },
  {
    id: 'fixture-enum',
    name: 'Enum value not documented',
    drift: 'a value outside its enum',
    paths: {
      '/orders/7': {
        get: {
          operationId: 'getOrder',
          responses: {
            200: json({
              type: 'object',
              properties: { state: { type: 'string', enum: ['open', 'closed'] } },
            }),
          },
        },
      },
    },
    answers: { '/orders/7': { status: 200, body: { state: 'archived' } } },
    expected: { getOrder: { status: 'drifted', pointer: '/body/state' } },
  },
  {
    id: 'fixture-unsafe',
    name: 'Only unsafe operations',
    drift: 'none (nothing the checker may call)',
    paths: {
      '/things': {
        post: { operationId: 'createThing', responses: { 201: { description: 'Created' } } },
        get: {
          operationId: 'listThings',
          security: [{ key: [] }],
          responses: { 200: json({ type: 'array' }) },
        },
      },
      '/costly': {
        get: {
          operationId: 'export',
          'x-costly': true,
          responses: { 200: json({ type: 'array' }) },
        },
      },
      '/search': {
        get: {
          operationId: 'search',
          parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }],
          responses: { 200: json({ type: 'array' }) },
        },
      },
    },
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
    answers: { '/': { status: 200, body: {} } },
    expected: {},
  },
]

export type FixtureApis = {
  /** The overlay file naming every fixture. */
  overlayFile: string
  origin: string
  port: number
  /** Every request the fixtures received. */
  seen: { method: string; url: string }[]
  /** Changes what a fixture answers at a path (a drift planted later). */
  answer(id: string, path: string, answer: Answer): void
  close(): Promise<void>
}

/** Serves FIXTURES on 127.0.0.1 (one server, one path prefix each) and writes their overlay. */
export const startFixtureApis = async (fixtures = FIXTURES): Promise<FixtureApis> => {
  const answers = new Map(fixtures.map((fixture) => [fixture.id, { ...fixture.answers }]))
  const seen: FixtureApis['seen'] = []
  const server = createServer((request: IncomingMessage, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '' })
    const [, id = '', ...rest] = (request.url ?? '/').split('/')
    const rawPath = `/${rest.join('/')}`
    const own = answers.get(id)
    // The address itself (the reachability check) answers; an unknown path is a 404.
    const answer =
      own?.[rawPath] ?? (rest.join('') === '' && own ? { status: 200, body: {} } : undefined)
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'access-control-allow-origin': '*' }).end()
      return
    }
    if (!answer || request.method !== 'GET') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}')
      return
    }
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
    response
      .writeHead(answer.status, {
        'content-type': answer.type ?? 'application/json',
        ...answer.headers,
      })
      .end(text)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  const dir = mkdtempSync(path.join(tmpdir(), 'api-atlas-fixtures-'))
  for (const fixture of fixtures) {
    writeFileSync(
      path.join(dir, `${fixture.id}.json`),
      JSON.stringify({
        openapi: fixture.openapi ?? '3.0.3',
        info: { title: fixture.name, version: '1.0.0', description: `Fixture: ${fixture.drift}.` },
        servers: [{ url: `${origin}/${fixture.id}` }],
        paths: fixture.paths,
        ...(fixture.components ? { components: fixture.components } : {}),
      }),
    )
  }
  const overlayFile = path.join(dir, 'overlay.json')
  writeFileSync(
    overlayFile,
    JSON.stringify({
      apis: fixtures.map((fixture) => ({
        id: fixture.id,
        name: fixture.name,
        provider: 'fixtures.local',
        category: 'developer-tools',
        openapi: `${fixture.id}.json`,
      })),
    }),
  )
  return {
    overlayFile,
    origin,
    port,
    seen,
    answer: (id, at, answer) => {
      answers.get(id)![at] = answer
    },
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
