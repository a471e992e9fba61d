// The monitoring overview: what is down, which operations drifted from their documents, what came
// back up and which documents changed, over the whole catalogue or one category. Each list is cut
// at OVERVIEW_LIST_LIMIT entries and says how many it has, so the answer stays small at any size.
import {
  OVERVIEW_LIST_LIMIT,
  OVERVIEW_RECENT_DAYS,
  OVERVIEW_VIOLATIONS,
  type MonitoredApi,
  type MonitoringOverview,
  type SpecChange,
  type Violation,
} from '../../src/contract/monitoring'
import type { CategorySlug } from '../../src/contract/categories'
import type { Queryable } from '../db/database'

export type MonitoredApiRow = {
  id: string
  name: string
  provider: string
  category: CategorySlug
  local: boolean
}

export const monitoredApi = (row: MonitoredApiRow): MonitoredApi => ({
  id: row.id,
  name: row.name,
  provider: row.provider,
  category: row.category,
  local: row.local,
})

/** The API's columns, as every list of the overview selects them from `apis a`. */
const API_COLUMNS = `a.id, a.name, a.provider, a.category, 'local' = any(a.sources) as local`
/** `$1` is the category, or null for every one. */
const IN_CATEGORY = `($1::text is null or a.category = $1)`

type Total = { total: number | string }

const iso = (date: Date) => date.toISOString()
const totalOf = (rows: Total[]) => Number(rows[0]?.total ?? 0)

export type OverviewOptions = {
  category: CategorySlug | null
  /** The scheduled checker runs on this server. */
  enabled: boolean
  networkUnavailableSince: string | null
  /** Whether an entry is verified working now (the health board's reading). */
  isVerified: (apiId: string) => boolean
}

export async function monitoringOverview(
  db: Queryable,
  { category, enabled, networkUnavailableSince, isVerified }: OverviewOptions,
): Promise<MonitoringOverview> {
  const params = [category]
  const [down, drifted, recovered, changes, checked, candidates] = await Promise.all([
    db.query<
      MonitoredApiRow &
        Total & {
          checked_at: Date
          http_status: number | null
          error: string | null
          since: Date | null
        }
    >(
      `select ${API_COLUMNS}, h.checked_at, h.http_status, h.error,
         (select max(e.at) from api_monitoring_events e
          where e.api_id = h.api_id and e.kind = 'down') as since,
         count(*) over () as total
       from api_health h join apis a on a.id = h.api_id
       where h.status = 'down' and h.checked_at is not null and ${IN_CATEGORY}
       order by h.checked_at desc, a.id limit ${OVERVIEW_LIST_LIMIT}`,
      params,
    ),
    db.query<
      MonitoredApiRow &
        Total & {
          operation_key: string
          status: 'drifted' | 'undocumented-status'
          violations: Violation[]
          http_status: number | null
          checked_at: Date
          since: Date
        }
    >(
      `select ${API_COLUMNS}, c.operation_key, c.status, c.violations, c.http_status,
         c.checked_at, c.since, count(*) over () as total
       from api_conformance c join apis a on a.id = c.api_id
       where c.status <> 'matches' and ${IN_CATEGORY}
       order by c.since desc, a.id, c.operation_key limit ${OVERVIEW_LIST_LIMIT}`,
      params,
    ),
    // Up now, and its last "up" of the recent days followed a "down".
    db.query<MonitoredApiRow & Total & { at: Date; down_at: Date }>(
      `select r.*, count(*) over () as total from (
         select distinct on (e.api_id) ${API_COLUMNS}, e.at, d.at as down_at
         from api_monitoring_events e
         join apis a on a.id = e.api_id
         join api_health h on h.api_id = e.api_id and h.status = 'up'
         join lateral (
           select max(p.at) as at from api_monitoring_events p
           where p.api_id = e.api_id and p.kind = 'down' and p.at < e.at
         ) d on d.at is not null
         where e.kind = 'up' and e.at > now() - interval '${OVERVIEW_RECENT_DAYS} days'
           and ${IN_CATEGORY}
         order by e.api_id, e.at desc
       ) r
       order by r.at desc, r.id limit ${OVERVIEW_LIST_LIMIT}`,
      params,
    ),
    db.query<
      MonitoredApiRow &
        Total & {
          operation_key: string | null
          level: SpecChange['level']
          change_category: string
          message: string
          from_version: string
          to_version: string
          detected_at: Date
          source: SpecChange['source']
        }
    >(
      // The changes of the directory's last two snapshots whatever their age: the catalogue is
      // of the newer one. Each API's most severe change comes before any API's second, so one
      // large rewrite does not fill the list.
      `select c.*, count(*) over () as total from (
         select ${API_COLUMNS}, s.id as change_id, s.operation_key, s.level,
           s.category as change_category, s.message, s.from_version, s.to_version, s.detected_at,
           s.source,
           row_number() over (
             partition by s.api_id, s.detected_at
             order by case s.level when 'breaking' then 0 when 'warning' then 1 else 2 end, s.id
           ) as rank
         from api_spec_changes s join apis a on a.id = s.api_id
         where (s.detected_at > now() - interval '${OVERVIEW_RECENT_DAYS} days'
             or s.source = 'directory')
           and ${IN_CATEGORY}
       ) c
       order by c.detected_at desc, c.rank, c.id, c.change_id limit ${OVERVIEW_LIST_LIMIT}`,
      params,
    ),
    db.query<Total>(
      `select count(*)::int as total from api_health h join apis a on a.id = h.api_id
       where h.checked_at is not null and ${IN_CATEGORY}`,
      params,
    ),
    // Only an entry up with a matching operation can be verified: a few, whatever the catalogue's
    // size; the board decides which of them are.
    db.query<{ api_id: string }>(
      `select h.api_id from api_health h join apis a on a.id = h.api_id
       where h.status = 'up' and ${IN_CATEGORY} and exists (
         select 1 from api_conformance c where c.api_id = h.api_id and c.status = 'matches')`,
      params,
    ),
  ])
  return {
    category,
    down: {
      total: totalOf(down),
      items: down.map((row) => ({
        api: monitoredApi(row),
        checkedAt: iso(row.checked_at),
        since: row.since ? iso(row.since) : null,
        httpStatus: row.http_status,
        error: row.error,
      })),
    },
    drifted: {
      total: totalOf(drifted),
      items: drifted.map((row) => ({
        api: monitoredApi(row),
        operationKey: row.operation_key,
        status: row.status,
        violations: row.violations.slice(0, OVERVIEW_VIOLATIONS),
        violationCount: row.violations.length,
        httpStatus: row.http_status,
        checkedAt: iso(row.checked_at),
        since: iso(row.since),
      })),
    },
    recovered: {
      total: totalOf(recovered),
      items: recovered.map((row) => ({
        api: monitoredApi(row),
        at: iso(row.at),
        downAt: iso(row.down_at),
      })),
    },
    changes: {
      total: totalOf(changes),
      items: changes.map((row) => ({
        api: monitoredApi(row),
        operationKey: row.operation_key,
        level: row.level,
        category: row.change_category,
        message: row.message,
        fromVersion: row.from_version,
        toVersion: row.to_version,
        detectedAt: iso(row.detected_at),
        source: row.source,
      })),
    },
    checks: {
      enabled,
      networkUnavailableSince,
      checkedApis: totalOf(checked),
      verified: candidates.filter((row) => isVerified(row.api_id)).length,
    },
  }
}
