// What the catalogue routes read of the health tables: every entry's last outcome for lists and
// filters (in memory, re-read at most once a minute or after a run of this instance), and one
// entry's whole health for its page.
import { createHash } from 'node:crypto'
import {
  VERIFIED_WITHIN_MS,
  type ApiHealth,
  type ApiHealthBadge,
  type Verified,
} from '../../src/contract/apiHealth'
import type { Queryable } from '../db/database'
import { HISTORY_DAYS } from './checker'

/** An entry's measured facts, as lists filter and show them. */
export type Measured = {
  badge: ApiHealthBadge
  https: boolean | null
  cors: boolean | null
  verified: Verified | null
}

export type HealthBoard = {
  /** Changes whenever the measured values do; part of every catalogue ETag. */
  version(): string
  measured(id: string): Measured | undefined
  /** The whole health of one entry; null before anything was tried. */
  detail(id: string): Promise<ApiHealth | null>
  /** Re-reads the table now (after a run of this instance). */
  refresh(): Promise<void>
  /** Re-reads it in the background when the copy is older than maxAgeMs. */
  refreshIfStale(): void
  /**
   * Since when every run of the checker has found no network (none measured anything since);
   * null when the last run measured something, or none ran.
   */
  networkUnavailableSince(): string | null
  /** How many entries are verified working now. */
  verifiedCount(): number
}

type BadgeRow = {
  api_id: string
  status: 'up' | 'down' | null
  checked_at: Date | null
  unreachable_at: Date | null
  https: boolean | null
  cors: 'allowed' | 'blocked' | null
  up_since?: Date | null
  matched_at?: Date | null
  match_since?: Date | null
  matched_operation?: string | null
}

type DetailRow = BadgeRow & {
  checked_url: string | null
  http_status: number | null
  redirects_to_https: boolean | null
  tls_valid: boolean | null
  tls_expires_at: Date | null
  cors_origins: string | null
  cors_methods: string | null
  error: string | null
  median_latency: number | string | null
  checks: number
  up_checks: number
}

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** The network-unavailable state counts only when no measurement came after it. */
const unreachableAfter = (row: BadgeRow) =>
  row.unreachable_at && (!row.checked_at || row.unreachable_at > row.checked_at)
    ? row.unreachable_at.toISOString()
    : null

/** "Verified working" from a row: up in the last 48 hours and an operation matching. */
export const verifiedOf = (row: BadgeRow, now = Date.now()): Verified | null => {
  if (row.status !== 'up' || !row.checked_at || !row.matched_at || !row.up_since) return null
  if (now - row.checked_at.getTime() > VERIFIED_WITHIN_MS) return null
  if (now - row.matched_at.getTime() > VERIFIED_WITHIN_MS) return null
  const since = row.match_since && row.match_since > row.up_since ? row.match_since : row.up_since
  return {
    since: since.toISOString(),
    claims: [
      {
        kind: 'reachable',
        claim: 'Answered its address',
        operationKey: null,
        at: iso(row.checked_at)!,
      },
      {
        kind: 'matches-document',
        claim: `${row.matched_operation} answered as its document says`,
        operationKey: row.matched_operation ?? null,
        at: iso(row.matched_at)!,
      },
    ],
  }
}

const toMeasured = (row: BadgeRow): Measured => ({
  badge: {
    status: row.status,
    checkedAt: iso(row.checked_at),
    networkUnavailableAt: unreachableAfter(row),
  },
  https: row.status === null ? null : row.https,
  cors: row.cors === null ? null : row.cors === 'allowed',
  verified: verifiedOf(row),
})

/** Every entry's last state, with its latest matching operation (the conformance of a few). */
const BADGES = `select h.api_id, h.status, h.checked_at, h.unreachable_at, h.https, h.cors, h.up_since,
    m.checked_at as matched_at, m.since as match_since, m.operation_key as matched_operation
  from api_health h left join lateral (
    select c.checked_at, c.since, c.operation_key from api_conformance c
    where c.api_id = h.api_id and c.status = 'matches' order by c.checked_at desc limit 1) m on true`

export const createHealthBoard = (db: Queryable, { maxAgeMs = 60_000 } = {}): HealthBoard => {
  let byId = new Map<string, Measured>()
  let version = 'none'
  let readAt = 0
  let unavailableSince: string | null = null
  let verifiedCount = 0
  let reading: Promise<void> | undefined

  const refresh = () =>
    (reading ??= (async () => {
      try {
        const rows = await db.query<BadgeRow>(
          `${BADGES} where h.checked_at is not null or h.unreachable_at is not null`,
        )
        const [network] = await db.query<{ since: Date | null }>(
          `select min(started_at) as since from api_health_runs
           where outcome = 'network-unavailable' and started_at > coalesce(
             (select max(started_at) from api_health_runs where outcome = 'checked'),
             '-infinity'::timestamptz)`,
        )
        byId = new Map(rows.map((row) => [row.api_id, toMeasured(row)]))
        unavailableSince = iso(network?.since ?? null)
        verifiedCount = 0
        const digest = createHash('sha1').update(`network:${unavailableSince}\n`)
        for (const row of rows) {
          const verified = byId.get(row.api_id)!.verified
          if (verified) verifiedCount += 1
          digest.update(
            `${row.api_id}:${iso(row.checked_at)}:${iso(row.unreachable_at)}:${verified?.since}\n`,
          )
        }
        version = digest.digest('base64url').slice(0, 16)
        readAt = Date.now()
      } finally {
        reading = undefined
      }
    })())

  return {
    version: () => version,
    measured: (id) => byId.get(id),
    refresh,
    networkUnavailableSince: () => unavailableSince,
    verifiedCount: () => verifiedCount,
    refreshIfStale: () => {
      if (Date.now() - readAt > maxAgeMs) refresh().catch(() => undefined)
    },
    detail: async (id) => {
      const [row] = await db.query<DetailRow>(
        `select h.*, m.checked_at as matched_at, m.since as match_since,
           m.operation_key as matched_operation,
           (select percentile_cont(0.5) within group (order by c.latency_ms)
              from api_health_checks c
              where c.api_id = h.api_id and c.up and c.latency_ms is not null
                and c.checked_at > now() - interval '${HISTORY_DAYS} days') as median_latency,
           (select count(*)::int from api_health_checks c
              where c.api_id = h.api_id
                and c.checked_at > now() - interval '${HISTORY_DAYS} days') as checks,
           (select count(*)::int from api_health_checks c
              where c.api_id = h.api_id and c.up
                and c.checked_at > now() - interval '${HISTORY_DAYS} days') as up_checks
         from api_health h left join lateral (
           select c.checked_at, c.since, c.operation_key from api_conformance c
           where c.api_id = h.api_id and c.status = 'matches' order by c.checked_at desc limit 1
         ) m on true
         where h.api_id = $1`,
        [id],
      )
      if (!row || (row.checked_at === null && row.unreachable_at === null)) return null
      const measured = toMeasured(row)
      return {
        ...measured.badge,
        url: row.checked_url,
        httpStatus: row.http_status,
        medianLatencyMs:
          row.median_latency === null ? null : Math.round(Number(row.median_latency)),
        availability: row.checks > 0 ? row.up_checks / row.checks : null,
        checks: row.checks,
        https: measured.https,
        redirectsToHttps: row.redirects_to_https,
        tls: { valid: row.tls_valid, expiresAt: iso(row.tls_expires_at) },
        cors: {
          verdict: row.cors,
          allowedOrigins: row.cors_origins,
          allowedMethods: row.cors_methods,
        },
        error: row.error,
      }
    },
  }
}
