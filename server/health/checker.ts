// The scheduled health checker: every directory entry once a period (a day by default), spread
// evenly, at most maxPerMinute a minute per instance. Instances sharing one database claim due
// entries with `for update skip locked`, so each entry is checked by one of them per turn.
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/database'
import { probeApi, type ProbeOptions, type ProbeResult } from './probe'
import { checkConformance, type ConformanceResult, type ConformanceTarget } from './conformance'

export type HealthCheckerOptions = {
  /** Read at each use, so a getter may stand for a database not open yet. */
  db: Db
  probe: ProbeOptions
  /** How often each entry is checked. */
  periodMs: number
  /** At most this many checks a minute by this instance (a backlog drains at this rate). */
  maxPerMinute: number
  /** How often the checker looks for due entries. */
  tickMs?: number
  /** The first look, after start(). */
  firstTickMs?: number
  /** When a run found no network, its entries are due again after this long. */
  retryMs?: number
  /** Checks in flight at once. */
  concurrency?: number
  /** Who claims; a random name per process by default. */
  instance?: string
  log?: FastifyBaseLogger
  /** After each run that recorded something (the listing's measured values are then stale). */
  onRecorded?: () => void
  /**
   * Conformance checks: the document and base URL of an API whose document the server holds
   * (CATALOGUE_OVERLAY's entries), undefined for the others; and the pause between two requests
   * to one API.
   */
  conformance?: { targetOf(apiId: string): ConformanceTarget | undefined; spacingMs?: number }
  /**
   * Entries checked first: due at once when never checked (CATALOGUE_OVERLAY's, within a minute of
   * the start). An entry `reachable` refuses is never requested.
   */
  local?: { ids: string[]; reachable(apiId: string): boolean }
}

export type CheckedApi = {
  apiId: string
  result: ProbeResult
  conformance: ConformanceResult[]
}

export type RunReport = {
  instance: string
  checked: CheckedApi[]
  outcome: 'idle' | 'checked' | 'network-unavailable'
}

export type HealthChecker = {
  instance: string
  start(): void
  /** Stops the schedule and cuts short a run in progress; resolves once it has ended. */
  stop(): Promise<void>
  /** One turn now: claim due entries, check them, record. Tests drive the checker with this. */
  runOnce(): Promise<RunReport>
  /** Adds a row for every new entry (due times spread over the period) and drops old ones. */
  sync(): Promise<void>
  /**
   * Checks one entry now, out of turn (staff's "Check now"), and records it as a run would;
   * undefined when the entry has no address to check.
   */
  checkNow(apiId: string): Promise<RunReport | undefined>
}

export const HISTORY_DAYS = 30
const HOUR_MS = 3_600_000

/**
 * The address checked: the base URL, else the docs; none when neither is an http(s) URL, or its
 * host is under `.example` (reserved, RFC 2606: the synthetic APIs of scale tests), which no
 * check could ever reach.
 */
export const addressToCheck = (baseUrl: string | null, docs: string | null) => {
  for (const candidate of [baseUrl, docs]) {
    if (!candidate || /[{}]/.test(candidate)) continue
    try {
      const url = new URL(candidate)
      if (url.hostname.endsWith('.example')) continue
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.username) return url.href
    } catch {
      // not a URL: try the next
    }
  }
  return undefined
}

/** Every check failed the same way at the network level: this machine has no network. */
export const networkUnavailable = (results: ProbeResult[]) =>
  results.length > 0 &&
  results.every((result) => result.networkClass !== null) &&
  new Set(results.map((result) => result.networkClass)).size === 1

const mapLimit = async <T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) => {
  const out: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next
      next += 1
      out[index] = await fn(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

export const createHealthChecker = (options: HealthCheckerOptions): HealthChecker => {
  const {
    periodMs,
    maxPerMinute,
    // Every 5 minutes: runs of a dozen checks at the default rate, few enough rows of runs, and a
    // run large enough that "every check failed the same way" means the network, not one API.
    tickMs = 5 * 60_000,
    firstTickMs = 5_000,
    retryMs = 15 * 60_000,
    concurrency = 4,
    log,
  } = options
  const instance =
    options.instance ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`
  const perRun = Math.max(1, Math.floor((maxPerMinute * tickMs) / 60_000))
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let stopped = false
  let lastSync = 0
  let lastPrune = 0
  const abort = new AbortController()
  // Read when used: the app's database opens after the checker is made (a getter in app.ts).
  const db = {
    query: ((text: string, params?: unknown[]) => options.db.query(text, params)) as Db['query'],
    transaction: (<T>(fn: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>) =>
      options.db.transaction(fn)) as Db['transaction'],
  }

  const sync = async () => {
    await db.query(
      `insert into api_health (api_id, due_at)
       select id, now() + ($1::double precision * (row_number() over (order by md5(id)) - 1)
         / count(*) over ()) * interval '1 millisecond'
       from apis where entry = id
       on conflict (api_id) do nothing`,
      [periodMs],
    )
    await db.query(
      `delete from api_health h
       where not exists (select 1 from apis a where a.id = h.api_id and a.entry = a.id)`,
    )
    if (options.local && options.local.ids.length > 0) {
      await db.query(
        `update api_health set due_at = now()
         where api_id = any($1::text[]) and checked_at is null and unreachable_at is null`,
        [options.local.ids],
      )
    }
    lastSync = Date.now()
  }

  const prune = async () => {
    await db.query(
      `delete from api_health_checks where checked_at < now() - interval '${HISTORY_DAYS} days'`,
    )
    await db.query(
      `delete from api_health_runs where started_at < now() - interval '${HISTORY_DAYS} days'`,
    )
    await db.query(
      `delete from api_monitoring_events where at < now() - interval '${HISTORY_DAYS} days'`,
    )
    lastPrune = Date.now()
  }

  /** Atomically takes up to `limit` due entries for this instance and moves them a period on. */
  const claim = (limit: number) =>
    db.query<{ api_id: string; base_url: string | null; docs: string | null }>(
      `with claimed as (
         update api_health set claimed_by = $1,
           claimed_until = now() + $2::double precision * interval '1 millisecond',
           due_at = now() + $3::double precision * interval '1 millisecond'
         where api_id in (
           select api_id from api_health where due_at <= now()
           order by (checked_at is null) desc, due_at limit $4 for update skip locked)
         returning api_id)
       select c.api_id, a.base_url, a.docs from claimed c join apis a on a.id = c.api_id
       order by c.api_id`,
      [instance, options.probe.timeoutMs * 2, periodMs, limit],
    )

  const record = async (checked: RunReport['checked']) => {
    await db.transaction(async (tx) => {
      for (const { apiId, result, conformance } of checked) {
        // A change of state is an event of the timeline (the first check's too).
        await tx.query(
          `insert into api_monitoring_events (api_id, kind, detail)
           select $1, $2, $3 where not exists (
             select 1 from api_health where api_id = $1 and status is not distinct from $2)`,
          [apiId, result.status, result.error?.slice(0, 500) ?? null],
        )
        await tx.query(
          `update api_health set checked_at = now(), status = $2, checked_url = $3,
             http_status = $4, latency_ms = $5, https = $6, redirects_to_https = $7,
             tls_valid = $8, tls_expires_at = $9, cors = $10, cors_origins = $11,
             cors_methods = $12, error = $13, unreachable_at = null, claimed_until = null,
             up_since = case when $2 = 'up' then coalesce(
               case when status = 'up' then up_since end, now()) end
           where api_id = $1`,
          [
            apiId,
            result.status,
            result.url,
            result.httpStatus,
            result.latencyMs,
            result.https,
            result.redirectsToHttps,
            result.tlsValid,
            result.tlsExpiresAt,
            result.cors,
            result.corsOrigins?.slice(0, 500) ?? null,
            result.corsMethods?.slice(0, 500) ?? null,
            result.error?.slice(0, 500) ?? null,
          ],
        )
        await tx.query(
          `insert into api_health_checks (api_id, up, http_status, latency_ms)
           values ($1, $2, $3, $4)`,
          [apiId, result.status === 'up', result.httpStatus, result.latencyMs],
        )
        for (const operation of conformance) {
          await tx.query(
            `insert into api_monitoring_events (api_id, kind, operation_key, detail)
             select $1, $2, $3, $4 where not exists (
               select 1 from api_conformance
               where api_id = $1 and operation_key = $3 and status = $2)`,
            [
              apiId,
              operation.status,
              operation.operationKey,
              operation.violations.length > 0
                ? `${operation.violations.length} violation${operation.violations.length === 1 ? '' : 's'}: ${operation.violations[0]!.pointer}`
                : null,
            ],
          )
          await tx.query(
            `insert into api_conformance
               (api_id, operation_key, status, http_status, violations, checked_at, since)
             values ($1, $2, $3, $4, $5::jsonb, now(), now())
             on conflict (api_id, operation_key) do update set
               since = case when api_conformance.status = excluded.status
                 then api_conformance.since else now() end,
               status = excluded.status, http_status = excluded.http_status,
               violations = excluded.violations, checked_at = excluded.checked_at`,
            [
              apiId,
              operation.operationKey,
              operation.status,
              operation.httpStatus,
              JSON.stringify(operation.violations),
            ],
          )
        }
      }
      await tx.query(
        `insert into api_health_runs (instance, checks, outcome) values ($1, $2, 'checked')`,
        [instance, checked.length],
      )
    })
  }

  /** Nothing was measured: the entries keep their last check and are tried again soon. */
  const recordUnavailable = async (checked: RunReport['checked']) => {
    const ids = checked.map((check) => check.apiId)
    await db.transaction(async (tx) => {
      await tx.query(
        `update api_health set unreachable_at = now(), claimed_until = null,
           due_at = now() + $2::double precision * interval '1 millisecond'
         where api_id = any($1::text[])`,
        [ids, retryMs],
      )
      await tx.query(
        `insert into api_health_runs (instance, checks, outcome, error)
         values ($1, $2, 'network-unavailable', $3)`,
        [instance, checked.length, checked[0]?.result.error?.slice(0, 500) ?? null],
      )
    })
  }

  /** Probes, then the conformance of those found up; records; reports. */
  const checkTargets = async (targets: { apiId: string; address: string }[]) => {
    const checked = await mapLimit(targets, concurrency, async ({ apiId, address }) => {
      const result = await probeApi(address, { ...options.probe, signal: abort.signal })
      const target = result.status === 'up' ? options.conformance?.targetOf(apiId) : undefined
      const conformance = target
        ? await checkConformance(target, {
            ...options.probe,
            signal: abort.signal,
            spacingMs: options.conformance?.spacingMs ?? 1000,
          }).catch((error: unknown) => {
            log?.warn({ err: error, apiId }, 'Conformance check failed')
            return []
          })
        : []
      return { apiId, result, conformance }
    })
    if (abort.signal.aborted) {
      // Stopped mid-run: what it claimed is due again, for another instance or the next start.
      await db
        .query(
          `update api_health set due_at = now(), claimed_until = null
           where api_id = any($1::text[])`,
          [targets.map((target) => target.apiId)],
        )
        .catch(() => undefined)
      return { instance, checked: [], outcome: 'idle' } satisfies RunReport
    }
    const unavailable = networkUnavailable(checked.map((check) => check.result))
    if (unavailable) {
      await recordUnavailable(checked)
      log?.warn(
        { checks: checked.length, error: checked[0]?.result.error },
        'Health checks: no network; nothing marked down, tried again later',
      )
    } else {
      await record(checked)
    }
    options.onRecorded?.()
    return {
      instance,
      checked,
      outcome: unavailable ? 'network-unavailable' : 'checked',
    } satisfies RunReport
  }

  /** A local entry outside TESTER_ALLOWED_HOSTS is never requested (it stays unchecked). */
  const reachable = (apiId: string) =>
    !options.local?.ids.includes(apiId) || options.local.reachable(apiId)

  const runOnce = async (): Promise<RunReport> => {
    if (Date.now() - lastSync > HOUR_MS) await sync()
    if (Date.now() - lastPrune > HOUR_MS) await prune()
    const due = await claim(perRun)
    const targets = due.flatMap((row) => {
      const address = reachable(row.api_id) && addressToCheck(row.base_url, row.docs)
      return address ? [{ apiId: row.api_id, address }] : []
    })
    if (targets.length === 0) return { instance, checked: [], outcome: 'idle' }
    return checkTargets(targets)
  }

  const checkNow = async (apiId: string) => {
    await db.query(
      `insert into api_health (api_id, due_at) select id, now() from apis
       where id = $1 and entry = id on conflict (api_id) do nothing`,
      [apiId],
    )
    const [row] = await db.query<{ base_url: string | null; docs: string | null }>(
      `update api_health set claimed_by = $2,
         due_at = now() + $3::double precision * interval '1 millisecond'
       from apis a where a.id = api_health.api_id and api_health.api_id = $1
       returning a.base_url, a.docs`,
      [apiId, instance, periodMs],
    )
    const address = row && reachable(apiId) && addressToCheck(row.base_url, row.docs)
    if (!address) return undefined
    return checkTargets([{ apiId, address }])
  }

  const schedule = (delay: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      const run = runOnce().catch((error: unknown) => {
        if (!stopped) log?.warn({ err: error }, 'Health check run failed')
      })
      running = run
      void run.finally(() => {
        running = undefined
        schedule(tickMs)
      })
    }, delay)
    timer.unref()
  }

  return {
    instance,
    start: () => {
      log?.info(
        { everyHours: periodMs / HOUR_MS, maxPerMinute, instance },
        'Health checks scheduled',
      )
      schedule(firstTickMs)
    },
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      abort.abort()
      await running
    },
    runOnce,
    sync,
    checkNow,
  }
}
