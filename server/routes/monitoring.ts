// GET /apis/:id/monitoring: everything the checker knows of one API (health, conformance per
// operation, "verified" with its claims, changes, the timeline and 30 days of latency);
// GET /monitoring/overview: what is down, drifted, back up or changed, over all APIs or a category;
// POST /apis/:id/check: an admin's "Check now", answered with the fresh result.
import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify'
import { apiIdParamsSchema } from '../../src/contract/apis'
import {
  monitoringOverviewQuerySchema,
  monitoringOverviewResponseSchema,
  monitoringResponseSchema,
  type Conformance,
  type LatencyDay,
  type Monitoring,
  type MonitoringEvent,
  type SpecChange,
} from '../../src/contract/monitoring'
import { loadChangesSeed } from '../catalog/changesSeed'
import { overlayReachable } from '../catalog/overlay'
import { HISTORY_DAYS } from '../health/checker'
import { monitoredApi, monitoringOverview, type MonitoredApiRow } from '../health/overview'
import { recordDocumentVersion } from '../health/specChanges'
import { createHash } from 'node:crypto'
import { HttpError, sendError } from '../errors'
import { rateLimitStore } from '../redis'
import { perAddressLimit } from './perAddress'
import type { ZodTypeProvider } from '../zodTypes'

export type MonitoringRouteOptions = {
  /** Answers 401 unless the request carries a valid staff access token (app.requireStaff). */
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
  /** Requests per address per minute (tests lower them). */
  perMinute?: Partial<typeof PER_MINUTE>
  /** "Check now" per admin account and per API (tests lower them). */
  checkLimits?: Partial<CheckLimits>
  /**
   * The change seed loaded at start (catalog/changesSeed.ts); false leaves api_spec_changes to
   * the test, as the catalogue's `load: false` leaves its tables.
   */
  changesSeedFile?: string | false
}

/** A page reads one answer; a "Check now" reaches out to the API, so it is rarer still. */
const PER_MINUTE = { read: 120, check: 6 }

type Limit = { max: number; timeWindowMs: number }
export type CheckLimits = { perAccount: Limit; perApi: Limit }

/**
 * A "Check now" sends the API the same requests as a scheduled check, outside the schedule's
 * per-minute cap. Per account: an admin checking after a fix needs a few, a stolen token or a
 * script would send dozens. Per API, whoever asks: two checks a minute are enough to see a fix
 * land, and the API's owner never sees a burst from us however many admins press the button.
 */
export const DEFAULT_CHECK_LIMITS: CheckLimits = {
  perAccount: { max: 20, timeWindowMs: 60 * 60_000 },
  perApi: { max: 2, timeWindowMs: 60_000 },
}

const inWords = (seconds: number) =>
  seconds < 90 ? `${seconds} s` : `${Math.ceil(seconds / 60)} minutes`
const windowWords = (ms: number) =>
  ms === 3_600_000 ? 'an hour' : ms === 60_000 ? 'a minute' : `per ${inWords(ms / 1000)}`

const iso = (date: Date | null) => (date ? date.toISOString() : null)

export const monitoringRoutes: FastifyPluginAsync<
  MonitoringRouteOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  const perMinute = { ...PER_MINUTE, ...options.perMinute }
  const checkLimits = { ...DEFAULT_CHECK_LIMITS, ...options.checkLimits }
  await app.register(fastifyRateLimit, {
    global: false,
    ...rateLimitStore(app.redis, 'monitoring-'),
  })
  /** The entry a check is for, set before its per-API count (a version counts as its entry). */
  const checkedEntry = new WeakMap<FastifyRequest, string>()
  const countChecks = {
    perAccount: app.createRateLimit({
      max: checkLimits.perAccount.max,
      timeWindow: checkLimits.perAccount.timeWindowMs,
      // Only signed-in admins get this far.
      keyGenerator: (request) => `check-account:${request.staff?.id ?? ''}`,
    }),
    perApi: app.createRateLimit({
      max: checkLimits.perApi.max,
      timeWindow: checkLimits.perApi.timeWindowMs,
      keyGenerator: (request) => `check-api:${checkedEntry.get(request) ?? ''}`,
    }),
  }
  /** Counts one check against a limit; past it answers 429 with Retry-After and what was limited. */
  const count = async (request: FastifyRequest, reply: FastifyReply, which: keyof CheckLimits) => {
    const result = await countChecks[which](request)
    if (result.isAllowed || !result.isExceeded) return
    const retryAfter = Math.max(1, Math.ceil(result.ttlInSeconds))
    const { max, timeWindowMs } = checkLimits[which]
    reply.header('retry-after', String(retryAfter))
    throw new HttpError(
      429,
      which === 'perAccount'
        ? `Too many checks from this account: at most ${max} ${windowWords(timeWindowMs)}. Try again in ${inWords(retryAfter)}.`
        : `This API was just checked: at most ${max} checks of one API ${windowWords(timeWindowMs)}, whoever asks. Try again in ${inWords(retryAfter)}.`,
    )
  }
  const overlay = new Map(app.config.catalogueOverlay?.apis.map((api) => [api.record.id, api]))

  // The directory's snapshots first: a few dozen rows, written once per seed, whoever starts.
  // A document of the overlay changed since the last start: its changes join the timeline.
  app.addHook('onReady', async () => {
    if (options.changesSeedFile !== false) {
      const result = await loadChangesSeed(app.db, options.changesSeedFile)
      if (result.loaded) {
        app.log.info(
          { changes: result.changes, added: result.added },
          'Loaded the change seed of the directory snapshots',
        )
      }
    }
    for (const api of overlay.values()) {
      const hash = createHash('sha256').update(api.text).digest('hex')
      const changes = await recordDocumentVersion(app.db, api.record.id, api.document, hash)
      if (changes.length > 0) {
        app.log.info({ apiId: api.record.id, changes: changes.length }, 'Document changed')
      }
    }
  })

  /** The directory entry of an id (a version's entry), or 404. */
  const entryOf = async (id: string) => {
    const [row] = await app.db.query<{ entry: string }>('select entry from apis where id = $1', [
      id,
    ])
    if (!row) throw new HttpError(404, 'API not found')
    return row.entry
  }

  const monitoringOf = async (apiId: string): Promise<Monitoring> => {
    const [api] = await app.db.query<MonitoredApiRow>(
      `select id, name, provider, category, 'local' = any(sources) as local from apis where id = $1`,
      [apiId],
    )
    if (!api) throw new HttpError(404, 'API not found')
    const board = app.healthBoard
    board.refreshIfStale()
    const [health, conformance, changes, events, latency] = await Promise.all([
      board.detail(apiId),
      app.db.query<{
        operation_key: string
        status: Conformance['status']
        violations: Conformance['violations']
        checked_at: Date
        http_status: number | null
        since: Date
      }>(
        `select operation_key, status, violations, checked_at, http_status, since
         from api_conformance where api_id = $1 order by operation_key`,
        [apiId],
      ),
      app.db.query<{
        operation_key: string | null
        level: SpecChange['level']
        category: string
        message: string
        from_version: string
        to_version: string
        detected_at: Date
        source: SpecChange['source']
      }>(
        `select operation_key, level, category, message, from_version, to_version, detected_at,
           source
         from api_spec_changes where api_id = $1 order by detected_at desc, id limit 200`,
        [apiId],
      ),
      app.db.query<{
        at: Date
        kind: MonitoringEvent['kind']
        operation_key: string | null
        detail: string | null
      }>(
        `select at, kind, operation_key, detail from api_monitoring_events
         where api_id = $1 order by at desc, id desc limit 200`,
        [apiId],
      ),
      app.db.query<{
        day: string
        checks: number
        up: number
        p50: number | string | null
        p95: number | string | null
      }>(
        `select to_char(date_trunc('day', checked_at), 'YYYY-MM-DD') as day,
           count(*)::int as checks, count(*) filter (where up)::int as up,
           percentile_cont(0.5) within group (order by latency_ms)
             filter (where up and latency_ms is not null) as p50,
           percentile_cont(0.95) within group (order by latency_ms)
             filter (where up and latency_ms is not null) as p95
         from api_health_checks
         where api_id = $1 and checked_at > now() - interval '${HISTORY_DAYS} days'
         group by 1 order by 1`,
        [apiId],
      ),
    ])
    const local = overlay.get(apiId)
    const round = (value: number | string | null) =>
      value === null ? null : Math.round(Number(value))
    return {
      apiId,
      api: monitoredApi(api),
      health,
      conformance: conformance.map((row) => ({
        operationKey: row.operation_key,
        status: row.status,
        violations: row.violations,
        checkedAt: iso(row.checked_at)!,
        httpStatus: row.http_status,
        since: iso(row.since)!,
      })),
      verified: board.measured(apiId)?.verified ?? null,
      changes: changes.map((row) => ({
        operationKey: row.operation_key,
        level: row.level,
        category: row.category,
        message: row.message,
        fromVersion: row.from_version,
        toVersion: row.to_version,
        detectedAt: iso(row.detected_at)!,
        source: row.source,
      })),
      events: events.map((row) => ({
        at: iso(row.at)!,
        kind: row.kind,
        operationKey: row.operation_key,
        detail: row.detail,
      })),
      latency: latency.map((row): LatencyDay => ({
        day: row.day,
        checks: row.checks,
        up: row.up,
        p50Ms: round(row.p50),
        p95Ms: round(row.p95),
      })),
      checks: {
        enabled: app.healthChecker !== undefined,
        networkUnavailableSince: board.networkUnavailableSince(),
        local: local !== undefined,
        reachable: !local || overlayReachable(local, app.config.testerAllowedHosts),
        conformanceChecked: local !== undefined,
      },
    }
  }

  app.get(
    '/apis/:id/monitoring',
    {
      config: perAddressLimit(perMinute.read, 'monitoring'),
      schema: { params: apiIdParamsSchema, response: { 200: monitoringResponseSchema } },
    },
    async (request, reply) => {
      const apiId = await entryOf(request.params.id)
      // Changes with every check: short-lived in shared caches, the same for every visitor.
      reply.header('cache-control', 'public, max-age=30')
      return { success: true as const, data: await monitoringOf(apiId) }
    },
  )

  app.get(
    '/monitoring/overview',
    {
      config: perAddressLimit(perMinute.read, 'the monitoring overview'),
      schema: {
        querystring: monitoringOverviewQuerySchema,
        response: { 200: monitoringOverviewResponseSchema },
      },
    },
    async (request, reply) => {
      app.healthBoard.refreshIfStale()
      reply.header('cache-control', 'public, max-age=30')
      const data = await monitoringOverview(app.db, {
        category: request.query.category ?? null,
        enabled: app.healthChecker !== undefined,
        networkUnavailableSince: app.healthBoard.networkUnavailableSince(),
        isVerified: (apiId) => Boolean(app.healthBoard.measured(apiId)?.verified),
      })
      return { success: true as const, data }
    },
  )

  app.post(
    '/apis/:id/check',
    {
      config: perAddressLimit(perMinute.check, 'checks'),
      schema: { params: apiIdParamsSchema, response: { 200: monitoringResponseSchema } },
      onRequest: [
        options.authenticate,
        async (request, reply) => {
          if (reply.sent) return reply
          const staff = request.staff
          if (!staff) return sendError(reply, 401, 'Sign in first: this needs a staff access token')
          const [profile] = await app.db.query<{ role: string }>(
            'select role from profiles where id = $1',
            [staff.id],
          )
          if (profile?.role !== 'admin') {
            return sendError(reply, 403, 'Checking an API now needs the admin role')
          }
        },
      ],
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      await count(request, reply, 'perAccount')
      const apiId = await entryOf(request.params.id)
      const checker = app.healthChecker
      if (!checker) {
        throw new HttpError(409, 'Health checks are off on this server (HEALTH_CHECKS=off)')
      }
      const local = overlay.get(apiId)
      if (local && !overlayReachable(local, app.config.testerAllowedHosts)) {
        throw new HttpError(
          409,
          `This local API's host (${local.hostPort}) is not in TESTER_ALLOWED_HOSTS, so the checker may not reach it`,
        )
      }
      checkedEntry.set(request, apiId)
      await count(request, reply, 'perApi')
      const report = await checker.checkNow(apiId)
      if (!report) {
        throw new HttpError(409, 'This API has no address the checker could call')
      }
      await app.healthBoard.refresh()
      return { success: true as const, data: await monitoringOf(apiId) }
    },
  )
}
