// What the catalogue routes read of the health tables: every entry's last outcome for lists and
// filters (in memory, re-read at most once a minute or after a run of this instance), and one
// entry's whole health for its page.
import { createHash } from 'node:crypto'
import type { ApiHealth, ApiHealthBadge } from '../../src/contract/apiHealth'
import type { Queryable } from '../db/database'
import { HISTORY_DAYS } from './checker'

/** An entry's measured facts, as lists filter and show them. */
export type Measured = {
  badge: ApiHealthBadge
  https: boolean | null
  cors: boolean | null
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
}

type BadgeRow = {
  api_id: string
  status: 'up' | 'down' | null
  checked_at: Date | null
  unreachable_at: Date | null
  https: boolean | null
  cors: 'allowed' | 'blocked' | null
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

const toMeasured = (row: BadgeRow): Measured => ({
  badge: {
    status: row.status,
    checkedAt: iso(row.checked_at),
    networkUnavailableAt: unreachableAfter(row),
  },
  https: row.status === null ? null : row.https,
  cors: row.cors === null ? null : row.cors === 'allowed',
})

export const createHealthBoard = (db: Queryable, { maxAgeMs = 60_000 } = {}): HealthBoard => {
  let byId = new Map<string, Measured>()
  let version = 'none'
  let readAt = 0
  let reading: Promise<void> | undefined

  const refresh = () =>
    (reading ??= (async () => {
      try {
        const rows = await db.query<BadgeRow>(
          `select api_id, status, checked_at, unreachable_at, https, cors from api_health
           where checked_at is not null or unreachable_at is not null`,
        )
        byId = new Map(rows.map((row) => [row.api_id, toMeasured(row)]))
        const digest = createHash('sha1')
        for (const row of rows) {
          digest.update(`${row.api_id}:${iso(row.checked_at)}:${iso(row.unreachable_at)}\n`)
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
    refreshIfStale: () => {
      if (Date.now() - readAt > maxAgeMs) refresh().catch(() => undefined)
    },
    detail: async (id) => {
      const [row] = await db.query<DetailRow>(
        `select h.*,
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
         from api_health h where h.api_id = $1`,
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
