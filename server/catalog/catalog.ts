import { createHash } from 'node:crypto'
import {
  AUTH_KINDS,
  type ApiDetail,
  type ApiListQuery,
  type ApiSource,
  type ApiSummary,
  type ApiVersion,
  type AuthKind,
  type Endpoint,
  type ProviderFamily,
  providerSlug,
} from '../../src/contract/apis'
import type { Category, CategorySlug } from '../../src/contract/categories'
import type { Db, Queryable } from '../db/database'
import { HttpError } from '../errors'
import type { Measured } from '../health/board'
import { popularity, viewsByApi } from './popularity'
import { nameTier, queryTokens, searchTasks, type HeldCounts, type TaskSearch } from './searchDb'
import { matchedOperations, type MatchedOperation } from './operationSearch'
import { providerWords, tokenize } from './search'
import { isDatabaseUnavailable } from '../db/dbErrors'
import { renderDescription } from './description'
import { snapshotsIn, type EntrySnapshots } from './entrySnapshot'

/** A directory entry as the catalogue keeps it in memory. */
export type Listed = Omit<ApiSummary, 'health' | 'verified'> & {
  authTypes: AuthKind[]
  preferred: boolean
}

/** An entry's measured health facts, when the checker has any (server/health/board.ts). */
export type MeasuredOf = ((id: string) => Measured | undefined) & {
  /**
   * Changes whenever any entry's facts do (the board's version). With it, a list filtered by
   * HTTPS, CORS or "verified" reads the facts of every entry once per version, not per request.
   */
  version?: () => string
}

/** An API as the sitemaps list it. */
export type DatedApi = Pick<ApiSummary, 'id' | 'category' | 'updated'>

/**
 * The catalogue as the server sees it, and the only reader of its tables: lists and categories in
 * memory, search and whole records from the database.
 */
export type Catalog = {
  /** Identifies the data: the seed hash. Part of every ETag. */
  version: string
  categories: Category[]
  category(slug: string): Category | undefined
  /**
   * A page of entries. With `measured`, CORS and HTTPS are the measured values first, then the
   * sources', `verified` keeps the entries last found up, and each summary carries its badge.
   */
  list(
    query: ApiListQuery,
    measured?: MeasuredOf,
  ): Promise<{
    apis: ApiSummary[]
    total: number
    /**
     * True when the search could not reach the database and matched names only: an answer to
     * show now, not to keep.
     */
    namesOnly?: boolean
  }>
  /**
   * An API's whole record. One read in the last DETAIL_REUSE_MS is reused (shared: never change
   * it): the detail, similar and compare routes read the same few records over and over, and
   * reading a record again costs those routes half to three quarters of their throughput.
   */
  detail(id: string): Promise<ApiDetail | undefined>
  /** The API whose name holds the text, in any case, shortest name first (the old `?api=`). */
  findByName(text: string): Promise<ApiDetail | undefined>
  /** Every API's id, category and last update, by id. */
  datedApis(): DatedApi[]
  /** A provider's family by its slug (`twilio-com`); undefined when no provider has it. */
  family(slug: string): ProviderFamily | undefined
  /** Every provider's family, in the order of their slugs. */
  families(): ProviderFamily[]
}

export type CatalogOptions = {
  /** The clock of the reuse of records (tests pass their own). */
  now?: () => number
  /** Entries read per query as the catalogue opens (READ_BATCH). */
  readBatch?: number
  /**
   * Where the entries read are kept for the next opening, and read from while the directory's
   * records have not changed since (entrySnapshot.ts): PGlite in a data directory.
   */
  snapshots?: EntrySnapshots
  /** The copy `snapshots` keeps, when it is being read already (readAhead); else read here. */
  kept?: Promise<KeptEntries | undefined>
}

/** How long a record read is reused: the tables change only when a new seed loads. */
const DETAIL_REUSE_MS = 30_000
/** Records kept at most: those of the pages being read right now, not the whole catalogue. */
const DETAILS_KEPT = 100

const SUMMARY_COLUMNS = `id, name, provider, summary, category, auth, auth_types, base_url, https,
  cors, free, rating, logo, version, to_char(updated, 'YYYY-MM-DD') as updated, endpoint_count,
  sources, preferred`

const DETAIL_COLUMNS = `${SUMMARY_COLUMNS}, description, docs, endpoints, entry, variant`

type SummaryRow = {
  id: string
  name: string
  provider: string
  summary: string
  category: CategorySlug
  auth: AuthKind
  auth_types: AuthKind[]
  base_url: string | null
  https: boolean | null
  cors: boolean | null
  free: boolean | null
  rating: number | null
  logo: string | null
  version: string
  updated: string
  endpoint_count: number
  sources: ApiSource[]
  preferred: boolean
}

const toSummary = (row: SummaryRow): Listed => ({
  id: row.id,
  name: row.name,
  provider: row.provider,
  summary: row.summary,
  category: row.category,
  auth: row.auth,
  authTypes: row.auth_types,
  baseUrl: row.base_url,
  https: row.https,
  cors: row.cors,
  free: row.free,
  rating: row.rating === null ? null : Number(row.rating),
  logo: row.logo,
  version: row.version,
  updated: row.updated,
  endpointCount: row.endpoint_count,
  sources: row.sources,
  preferred: row.preferred,
})

// What leaves in lists: the summary fields only (authTypes is for filtering, preferred for ranking).
const publicSummary = (
  { authTypes: _authTypes, preferred: _preferred, ...summary }: Listed,
  measured?: Measured,
): ApiSummary =>
  measured
    ? {
        ...summary,
        https: measured.https ?? summary.https,
        cors: measured.cors ?? summary.cors,
        health: measured.badge,
        verified: measured.verified,
      }
    : { ...summary, health: null, verified: null }

type DetailRow = SummaryRow & {
  description: string
  docs: string | null
  endpoints: Endpoint[]
  entry: string
  variant: string
}

const toDetail = (row: DetailRow, versions: ApiVersion[]): ApiDetail => ({
  ...publicSummary(toSummary(row)),
  entry: row.entry,
  versions,
  authTypes: row.auth_types,
  description: row.description,
  descriptionHtml: renderDescription(row.description),
  docs: row.docs,
  endpoints: row.endpoints,
  // Measured per request (routes/catalog.ts): a record is reused, health changes.
  health: null,
  verified: null,
})

/** The versions of every entry of several, default first, by entry id: a few hundred rows. */
const versionsByEntry = (rows: { id: string; entry: string; label: string }[]) => {
  const byEntry = new Map<string, ApiVersion[]>()
  for (const { id, entry, label } of rows) {
    const versions = byEntry.get(entry)
    if (versions) versions.push({ id, label })
    else byEntry.set(entry, [{ id, label }])
  }
  return byEntry
}

const triState = (value: 'true' | 'false' | 'unknown') =>
  value === 'unknown' ? null : value === 'true'

/** The orders a list keeps ready (relevance is the search's). */
type ListOrder = 'popular' | 'updated' | 'name'

/** true, false and unknown as one byte each, for the filters' flat arrays. */
const triByte = (value: boolean | null) => (value === null ? -1 : value ? 1 : 0)

/** Each way to authenticate as one bit of a byte. */
const AUTH_BIT = Object.fromEntries(AUTH_KINDS.map((kind, bit) => [kind, 1 << bit])) as Record<
  AuthKind,
  number
>

const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,199}$/

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/**
 * What a name match adds to a search score (searchDb.ts, nameTier): the query is the provider's
 * address (4) or the name (3), the name or provider starts with it or holds it as words (2), every
 * word is in the name (1). A whole name outweighs any text match (each rank is at most 1), and an
 * address outweighs a name.
 */
const TIER_BONUS = [0, 1, 2, 4, 5] as const
/**
 * How much more an entry's own words (name, summary, description) tell of what it is for than its
 * operations' words: a short summary says what an API is about, while a large document holds
 * nearly every word in some operation.
 */
const OWN_TEXT_WEIGHT = 1.5
/**
 * What an entry's own words saying the query as a phrase adds ("weather forecast" in "Global
 * weather forecast API"): about a third of a strong text match, so a phrase lifts an entry among
 * those matching as well, not over a name.
 */
const PHRASE_BONUS = 0.2
/**
 * What an operation saying the query's words together adds (searchDb.ts, TaskHit.together): an
 * API with a "Create a repository" operation does the task "create a repository", where one that
 * says "create" in one operation and "repository" in another may not. A quarter of a strong text
 * match: weighed more, it put APIs with documents over the well-known ones without (below).
 */
const TOGETHER_WEIGHT = 0.25
/** Popularity (popularity.ts, about 0 to 12) breaks near ties and no more. */
const POPULARITY_WEIGHT = 0.01

/** The host of a base URL, lower case; '' when there is none. */
const hostOf = (baseUrl: string | null) => {
  if (!baseUrl) return ''
  try {
    return new URL(baseUrl).host.toLowerCase()
  } catch {
    return ''
  }
}

/** Search answers kept per catalogue, at most this many queries ... */
const SEARCHES_KEPT = 500
/** ... holding at most this many entries between them. */
const SEARCH_ENTRIES_KEPT = 1_000_000
/** Words whose count of entries holding them is kept per catalogue (a few bytes each). */
const HELD_WORDS_KEPT = 50_000

/**
 * Rows read per query as the catalogue opens (tests pass a small one): about 2.5 MB of JSON. The
 * database builds each page in PGlite's WebAssembly memory, which keeps what it grew to: at
 * 100,000 APIs, pages of 2,500, 5,000, 10,000 and 20,000 rows left 59, 69, 91 and over 128 MB of
 * it resident, in about the same time.
 */
const READ_BATCH = 5_000

/**
 * A page of the apis table in the order of ids, from after `$1`: how many rows it holds, the last
 * id, and its directory entries (each group's default record) as one JSON text of Listed, written
 * by the database. The page is of rows, not of entries: a limit over `entry = id` made the
 * planner scan and sort the whole table for every page (it expects few rows to match), while this
 * reads the primary key's order and stops.
 */
const ENTRIES_PAGE = (batch: number) => `with page as (
    select ${SUMMARY_COLUMNS}, entry from apis where id > $1 order by id limit ${batch}
  )
  select (select count(*)::int from page) as rows, (select max(id) from page) as last,
    (select json_agg(listed)::text from (
      select id, name, provider, summary, category, auth, auth_types as "authTypes",
        base_url as "baseUrl", https, cors, free, rating, logo, version, updated,
        endpoint_count as "endpointCount", sources, preferred
      from page where entry = id
    ) as listed) as entries`

/**
 * Collects entries, keeping one copy of each value that many entries share: a string or a list
 * per field of every entry, and at 100,000 entries these were a quarter of a catalogue's heap.
 */
const entryKeeper = () => {
  const entries: Listed[] = []
  const strings = new Map<string, string>()
  const one = (value: string) => {
    const kept = strings.get(value)
    if (kept !== undefined) return kept
    strings.set(value, value)
    return value
  }
  const lists = new Map<string, never[]>()
  const oneList = <T extends string>(list: T[]): T[] => {
    const key = list.join('\n')
    const kept = lists.get(key)
    if (kept) return kept
    lists.set(key, list as never[])
    return list
  }
  const keep = (entry: Listed) => {
    entry.category = one(entry.category) as CategorySlug
    entry.auth = one(entry.auth) as AuthKind
    entry.version = one(entry.version)
    entry.updated = one(entry.updated)
    if (entry.logo !== null) entry.logo = one(entry.logo)
    entry.authTypes = oneList(entry.authTypes)
    entry.sources = oneList(entry.sources)
    entries.push(entry)
  }
  return { entries, keep }
}

/**
 * Every directory entry. On PGlite a page at a time as JSON text: one query of the rows as they
 * are took 4.8 s at 100,000 APIs, of which the database's own work was 0.35 s; the rest was its
 * thread turning every field into a value and the copy of 100,000 objects to this thread, with
 * both threads' heaps at their peak together. As JSON, each page crosses threads as
 * one string and JSON.parse makes the entries as they are kept. On Postgres the rows come over a
 * socket as the server makes them, from a scan it runs in parallel, so one query stays: it opened
 * the catalogue in 2.7 to 3.1 s at 100,000 APIs, pages of JSON in 4.0 to 6.0 s (the server's
 * index scan and JSON for each page, one after the other).
 */
const readEntries = async (db: Queryable, batch: number): Promise<Listed[]> => {
  const { entries, keep } = entryKeeper()
  if ((db as Partial<Pick<Db, 'kind'>>).kind === 'postgres') {
    const rows = await db.query<SummaryRow>(`select ${SUMMARY_COLUMNS} from apis where entry = id`)
    for (const row of rows) keep(toSummary(row))
    return entries
  }
  type Page = { rows: number; last: string | null; entries: string | null }
  const pageAfter = (after: string) => db.query<Page>(ENTRIES_PAGE(batch), [after])
  let reading = pageAfter('')
  for (;;) {
    const [page] = await reading
    // The next page is read while this one is parsed: the database works on its own thread.
    if (page?.last && page.rows === batch) {
      reading = pageAfter(page.last)
      // Should this page fail to parse, the next read's failure is not left unheard.
      reading.catch(() => {})
    }
    if (page?.entries) for (const entry of JSON.parse(page.entries) as Listed[]) keep(entry)
    if (!page?.last || page.rows < batch) return entries
  }
}

/** The directory's order by name. */
const byEntryName = (a: Listed, b: Listed) =>
  byName.compare(a.name, b.name) || (a.id < b.id ? -1 : 1)

/** What a kept copy holds of an entry: all of it but what a search adds to an answer. */
type KeptField = Exclude<keyof Listed, 'matchedOperations' | 'family'>
// Every field, or this fails to compile: a field added to Listed is kept too.
const KEPT: Record<KeptField, true> = {
  id: true,
  name: true,
  provider: true,
  summary: true,
  category: true,
  auth: true,
  authTypes: true,
  baseUrl: true,
  https: true,
  cors: true,
  free: true,
  rating: true,
  logo: true,
  version: true,
  updated: true,
  endpointCount: true,
  sources: true,
  preferred: true,
}
/** The fields in the order of a kept copy's rows. */
const KEPT_FIELDS = Object.keys(KEPT) as KeptField[]

/**
 * An entry from a kept row, its values in the order of KEPT_FIELDS, written out: objects of one
 * literal share their shape, and 100,000 of them are made a third faster than field by field.
 */
const fromRow = (row: unknown[]) =>
  ({
    id: row[0],
    name: row[1],
    provider: row[2],
    summary: row[3],
    category: row[4],
    auth: row[5],
    authTypes: row[6],
    baseUrl: row[7],
    https: row[8],
    cors: row[9],
    free: row[10],
    rating: row[11],
    logo: row[12],
    version: row[13],
    updated: row[14],
    endpointCount: row[15],
    sources: row[16],
    preferred: row[17],
  }) as Listed

/**
 * What a kept copy of the entries depends on besides the data: how they are read and ordered
 * here (the query, the fields, the order and the collation's ICU), so that a server of other code
 * never takes a copy it would have made differently.
 */
const SNAPSHOT_FORMAT = createHash('sha256')
  .update(
    [
      ENTRIES_PAGE(0),
      KEPT_FIELDS.join(),
      byEntryName.toString(),
      JSON.stringify(byName.resolvedOptions()),
      process.versions.icu,
    ].join('\n'),
  )
  .digest('hex')
  .slice(0, 16)

/** A kept copy's entries, in name order, with the key they were kept under. */
export type KeptEntries = { key: string; entries: Listed[] }

/** Reads a kept copy, making each entry as its row is read (kept once: entryKeeper). */
export const readKeptEntries = async (
  snapshots: EntrySnapshots,
): Promise<KeptEntries | undefined> => {
  const { entries, keep } = entryKeeper()
  const key = await snapshots.read(KEPT_FIELDS, (row) => keep(fromRow(row)))
  return key === undefined ? undefined : { key, entries }
}

/** A kept copy being read ahead, handed over once. */
export type EarlySnapshot = {
  snapshots: EntrySnapshots
  /** The copy being read, the first time; undefined after, so that nothing else holds it. */
  take(): Promise<KeptEntries | undefined> | undefined
}

/**
 * Starts reading what `snapshots` keeps now, for a catalogue that opens later (a start reads it
 * while the database opens). At 100,000 entries it is tens of megabytes: held until taken.
 */
export const readAhead = (snapshots: EntrySnapshots): EarlySnapshot => {
  let kept: Promise<KeptEntries | undefined> | undefined = readKeptEntries(snapshots)
  return {
    snapshots,
    take: () => {
      const taken = kept
      kept = undefined
      return taken
    },
  }
}

/** The copy kept in PGlite's data directory, read ahead from now (snapshotsIn); none elsewhere. */
export const readAheadIn = (
  config: Parameters<typeof snapshotsIn>[0],
  onWriteError: (error: unknown) => void,
): EarlySnapshot | undefined => {
  const snapshots = snapshotsIn(config, onWriteError)
  return snapshots && readAhead(snapshots)
}

/**
 * Every directory entry in name order: the copy kept at the last opening while the records are
 * as they were then (the seed's hash and the count of statements that changed them, read first:
 * a change while they are read makes the copy's key already old), else read and kept anew.
 */
const listedEntries = async (
  db: Queryable,
  version: string,
  readBatch: number,
  { snapshots, kept }: Pick<CatalogOptions, 'snapshots' | 'kept'>,
): Promise<Listed[]> => {
  if (!snapshots) return (await readEntries(db, readBatch)).sort(byEntryName)
  const [[counted], copy] = await Promise.all([
    db.query<{ changes: string }>('select changes::text as changes from catalogue_changes'),
    kept ?? readKeptEntries(snapshots),
  ])
  const key = `${SNAPSHOT_FORMAT} ${version} ${counted?.changes ?? 'unknown'}`
  if (copy?.key === key) return copy.entries
  const entries = (await readEntries(db, readBatch)).sort(byEntryName)
  // Not awaited: the next start needs it, this one does not.
  void snapshots.write({
    key,
    fields: KEPT_FIELDS,
    rows: (function* () {
      for (const entry of entries) yield KEPT_FIELDS.map((field) => entry[field])
    })(),
  })
  return entries
}

/**
 * Reads the catalogue's lists once; search stays in the database (searchDb.ts), whose rows the
 * seed load writes.
 */
export const openCatalog = async (
  db: Queryable,
  version: string,
  { now = Date.now, readBatch = READ_BATCH, snapshots, kept }: CatalogOptions = {},
): Promise<Catalog> => {
  const [categoryRows, apis, pageViews, versionRows, testerHosts] = await Promise.all([
    db.query<Omit<Category, 'count'>>(
      'select slug, name, description, icon from categories order by position',
    ),
    // Lists, counts and search show directory entries: each group's default record.
    listedEntries(db, version, readBatch, { snapshots, kept }),
    db.query<{ path: string; views: number }>(
      `select path, count(*)::int as views from analytics_events
       where type = 'page_view' and path like '/apis/%' group by path`,
    ),
    db.query<{ id: string; entry: string; label: string }>(
      `select id, entry, case when variant = '' then id else variant end as label from apis
       where entry_size > 1 order by entry, entry_rank, id`,
    ),
    db.query<{ host: string; runs: number }>(
      'select host, count(*)::int as runs from tester_runs group by host',
    ),
  ])
  // An entry's views are those of all its versions' pages.
  const views = viewsByApi(pageViews, new Map(versionRows.map((row) => [row.id, row.entry])))
  const versions = versionsByEntry(versionRows)
  const withVersions = (row: DetailRow) =>
    toDetail(row, versions.get(row.entry) ?? [{ id: row.id, label: row.variant || row.id }])
  // Families: the entries of one provider. Each entry's family as a number, and each family's
  // slug, provider and size.
  const familyOf = new Int32Array(apis.length)
  const families: ProviderFamily[] = []
  const familyBySlug = new Map<string, number>()
  {
    const byProvider = new Map<string, number>()
    apis.forEach((api, index) => {
      let family = byProvider.get(api.provider)
      if (family === undefined) {
        family = families.length
        byProvider.set(api.provider, family)
        let slug = providerSlug(api.provider)
        // Two addresses that make one slug ("a.b" and "a-b") keep apart.
        while (familyBySlug.has(slug)) slug = `${slug}-${family}`
        familyBySlug.set(slug, family)
        families.push({ slug, provider: api.provider, size: 0 })
      }
      familyOf[index] = family
      families[family]!.size++
    })
  }
  // Tester runs are kept by host (nothing else of the request is): each counts for the entries
  // whose base URL has that host.
  const runsByHost = new Map(testerHosts.map((row) => [row.host, Number(row.runs)]))
  const score = apis.map((api, index) =>
    popularity({
      ...api,
      views: views.get(api.id) ?? 0,
      testerRuns: runsByHost.get(hostOf(api.baseUrl)) ?? 0,
      documents: families[familyOf[index]!]!.size,
    }),
  )
  const byPopular = apis.map((_, index) => index).sort((a, b) => score[b]! - score[a]! || a - b)
  const byUpdated = apis
    .map((_, index) => index)
    .sort((a, b) =>
      apis[a]!.updated < apis[b]!.updated ? 1 : apis[a]!.updated > apis[b]!.updated ? -1 : a - b,
    )

  const counts = new Map<string, number>()
  for (const api of apis) counts.set(api.category, (counts.get(api.category) ?? 0) + 1)
  const categories: Category[] = categoryRows.map((row) => ({
    ...row,
    count: counts.get(row.slug) ?? 0,
  }))
  const categoryBySlug = new Map(categories.map((category) => [category.slug as string, category]))

  // Each order, of the whole catalogue and of each category, so that a page without filters is a
  // slice of one (100,000 entries: a few MB) rather than a pass over every entry.
  const orders: Record<ListOrder, number[]> = {
    popular: byPopular,
    updated: byUpdated,
    name: apis.map((_, index) => index),
  }
  const categoryOrders = new Map<string, Record<ListOrder, number[]>>()
  for (const [sort, order] of Object.entries(orders) as [keyof typeof orders, number[]][]) {
    for (const index of order) {
      const slug = apis[index]!.category
      const ofCategory = categoryOrders.get(slug) ?? { popular: [], updated: [], name: [] }
      categoryOrders.set(slug, ofCategory)
      ofCategory[sort].push(index)
    }
  }
  // The filters' facts as flat arrays: a pass over 100,000 entries reads bytes, not records.
  const authBits = new Uint8Array(apis.length)
  const freeOf = new Int8Array(apis.length)
  apis.forEach((api, index) => {
    for (const kind of api.authTypes) authBits[index]! |= AUTH_BIT[kind]
    freeOf[index] = triByte(api.free)
  })
  /** HTTPS, CORS and "up" as measured, else as the sources say: per version of the facts. */
  type Known = { https: Int8Array; cors: Int8Array; up: Uint8Array }
  let facts: (Known & { measured: MeasuredOf | undefined; version: string }) | undefined
  const factsOf = (measured: MeasuredOf | undefined): Known => {
    const version = measured?.version?.()
    if (facts && facts.measured === measured && facts.version === version) {
      return facts
    }
    const https = new Int8Array(apis.length)
    const cors = new Int8Array(apis.length)
    const up = new Uint8Array(apis.length)
    apis.forEach((api, index) => {
      const measuredFacts = measured?.(api.id)
      https[index] = triByte(measuredFacts?.https ?? api.https)
      cors[index] = triByte(measuredFacts?.cors ?? api.cors)
      up[index] = measuredFacts?.verified ? 1 : 0
    })
    const known = { https, cors, up }
    if (version !== undefined) facts = { measured, version, ...known }
    return known
  }

  const indexById = new Map(apis.map((api, index) => [api.id, index]))
  /** The best-placed entry of each family, in the order given. */
  const onePerFamily = (order: readonly number[]) => {
    const seen = new Uint8Array(families.length)
    return order.filter((index) => {
      const family = familyOf[index]!
      if (seen[family] === 1) return false
      seen[family] = 1
      return true
    })
  }
  /**
   * A search's answer: its entries best first, and the operations tsquery that shows which of
   * their operations matched.
   */
  type Found = { order: readonly number[]; opsQuery: string }
  // Answers of recent searches, in order of relevance, by their words: the catalogue is one
  // version of the data, so an answer holds as long as the catalogue does.
  const searches = new Map<string, Found>()
  let searchEntriesKept = 0
  const pending = new Map<string, Promise<Found>>()
  /** Names only: the database could not answer, so only names were matched (not kept). */
  const namesOnly = new WeakSet<Found>()
  // How many entries hold each word searched (searchDb.ts), for this catalogue; the oldest word
  // counted goes first when it is full.
  const heldCounted = new Map<string, number>()
  const heldCounts: HeldCounts = {
    get: (words) => heldCounted.get(words),
    set: (words, n) => {
      if (heldCounted.size >= HELD_WORDS_KEPT) heldCounted.delete(heldCounted.keys().next().value!)
      return heldCounted.set(words, n)
    },
  }
  const search = async (text: string): Promise<Found | null> => {
    const tokens = queryTokens(text)
    if (tokens.length === 0) return null
    const key = tokens.join(' ')
    const kept = searches.get(key)
    if (kept) {
      searches.delete(key)
      searches.set(key, kept)
      return kept
    }
    // The same query asked again while it is read waits for that read.
    const reading = pending.get(key)
    if (reading) return reading
    // Ranked once, for this request and every one waiting for the same words.
    const ranked = searchTasks(db, text, apis.length, heldCounts)
      .finally(() => pending.delete(key))
      .then(rankOf)
    pending.set(
      key,
      ranked.catch(() => namesHolding(tokens)),
    )
    let found: Found
    try {
      found = await ranked
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      // The directory keeps answering while the database is down: names that hold every word,
      // the more popular first (not kept: the database's answer is the one to keep).
      return namesHolding(tokens)
    }
    searches.set(key, found)
    searchEntriesKept += found.order.length
    while (searches.size > SEARCHES_KEPT || searchEntriesKept > SEARCH_ENTRIES_KEPT) {
      const [oldest, dropped] = searches.entries().next().value!
      searches.delete(oldest)
      searchEntriesKept -= dropped.order.length
    }
    return found
  }
  // Each entry's name and provider words, made the first time the database cannot answer a search.
  let nameKeys: string[] | undefined
  const namesHolding = (tokens: string[]): Found => {
    nameKeys ??= apis.map(
      (api) => ` ${[...tokenize(api.name), ...providerWords(api.provider)].join(' ')}`,
    )
    const keys = nameKeys
    const found = {
      order: byPopular.filter((index) => tokens.every((token) => keys[index]!.includes(token))),
      opsQuery: '',
    }
    namesOnly.add(found)
    return found
  }
  /**
   * Entries in the order of relevance (searchDb.ts, TaskHit): a name or provider address that
   * is the query comes first, then the share of the query's words an entry holds (rare words
   * weighing more), squared, times how well its own words and its operations' words match them;
   * popularity breaks near ties.
   */
  const rankOf = (found: TaskSearch | null): Found => {
    if (!found) return { order: [], opsQuery: '' }
    const scored: { index: number; score: number }[] = []
    for (const hit of found.hits) {
      const index = indexById.get(hit.id)
      if (index === undefined) continue
      const api = apis[index]!
      const coverage = hit.covered
      scored.push({
        index,
        score:
          TIER_BONUS[nameTier(found.tokens, api.name, api.provider)] +
          coverage * coverage * (OWN_TEXT_WEIGHT * hit.textRank + hit.opRank) +
          (hit.phrase ? PHRASE_BONUS : 0) +
          TOGETHER_WEIGHT * hit.together +
          POPULARITY_WEIGHT * score[index]!,
      })
    }
    scored.sort((a, b) => b.score - a.score || a.index - b.index)
    return { order: scored.map((hit) => hit.index), opsQuery: found.opsQuery }
  }

  /**
   * The operations of a page of results that match the query. A database that cannot answer
   * leaves them out: the results still stand.
   */
  const operationsMatching = async (page: number[], opsQuery: string) => {
    if (opsQuery === '') return new Map<string, MatchedOperation[]>()
    try {
      return await matchedOperations(
        db,
        page.map((index) => apis[index]!.id),
        opsQuery,
      )
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      return new Map<string, MatchedOperation[]>()
    }
  }

  const recent = new Map<string, { record: Promise<ApiDetail | undefined>; until: number }>()

  return {
    version,
    categories,
    category: (slug) => categoryBySlug.get(slug),
    list: async (query, measured) => {
      const found = query.search === undefined ? null : await search(query.search)
      const hits = found?.order ?? null
      const sort = query.sort ?? (hits ? 'relevance' : 'popular')
      const family = query.provider === undefined ? undefined : familyBySlug.get(query.provider)
      if (query.provider !== undefined && family === undefined) return { apis: [], total: 0 }
      // Without a search, relevance is the name's order.
      const orderOf = (key: string): ListOrder =>
        key === 'popular' || key === 'updated' ? key : 'name'
      // Positions into `apis`, in the order asked for.
      let order: readonly number[]
      if (hits && sort === 'relevance') {
        order = hits
      } else if (hits) {
        const matched = new Uint8Array(apis.length)
        for (const index of hits) matched[index] = 1
        order = orders[orderOf(sort)].filter((i) => matched[i] === 1)
      } else if (query.category !== undefined && family === undefined) {
        order = categoryOrders.get(query.category)?.[orderOf(sort)] ?? []
      } else order = orders[orderOf(sort)]
      // A family's page lists its parts; a search shows each family once, by its best part.
      if (family !== undefined) order = order.filter((index) => familyOf[index] === family)
      else if (hits) order = onePerFamily(order)

      const https = query.https === undefined ? undefined : triByte(triState(query.https))
      const cors = query.cors === undefined ? undefined : triByte(triState(query.cors))
      const free = query.free === undefined ? undefined : triByte(triState(query.free))
      const verified = query.verified === 'true'
      // A category page of the list without a search is already just that category.
      const category = hits || family !== undefined ? query.category : undefined
      const auth = query.auth === undefined ? 0 : AUTH_BIT[query.auth]
      const start = (query.page - 1) * query.limit
      let filtered = order
      if (
        category !== undefined ||
        auth !== 0 ||
        free !== undefined ||
        https !== undefined ||
        cors !== undefined ||
        verified
      ) {
        const known =
          https !== undefined || cors !== undefined || verified ? factsOf(measured) : undefined
        filtered = order.filter(
          (i) =>
            (category === undefined || apis[i]!.category === category) &&
            (auth === 0 || (authBits[i]! & auth) !== 0) &&
            (free === undefined || freeOf[i] === free) &&
            (https === undefined || known!.https[i] === https) &&
            (cors === undefined || known!.cors[i] === cors) &&
            (!verified || known!.up[i] === 1),
        )
      }
      const page = filtered.slice(start, start + query.limit)
      const summaries = page.map((i) => publicSummary(apis[i]!, measured?.(apis[i]!.id)))
      const matched = found
        ? await operationsMatching(page, found.opsQuery)
        : new Map<string, MatchedOperation[]>()
      summaries.forEach((summary, at) => {
        // A family's page names its family; a search names the family each result stands for.
        const ofFamily = families[familyOf[page[at]!]!]!
        if (family !== undefined || (found && ofFamily.size > 1)) summary.family = { ...ofFamily }
        const operations = matched.get(summary.id)
        if (operations && operations.length > 0) summary.matchedOperations = operations
      })
      return {
        apis: summaries,
        total: filtered.length,
        ...(found && namesOnly.has(found) ? { namesOnly: true } : {}),
      }
    },
    detail: (id) => {
      // Ids are slugs; anything else (a NUL byte, say) cannot exist and never reaches SQL.
      if (!ID_PATTERN.test(id)) return Promise.resolve(undefined)
      const kept = recent.get(id)
      if (kept && kept.until > now()) return kept.record
      const record = db
        .query<DetailRow>(`select ${DETAIL_COLUMNS} from apis where id = $1`, [id])
        .then(([row]) => row && withVersions(row))
      recent.delete(id)
      recent.set(id, { record, until: now() + DETAIL_REUSE_MS })
      if (recent.size > DETAILS_KEPT) recent.delete(recent.keys().next().value!)
      // Only records are kept: an id not found, or a failed read, is asked again next time.
      const forget = () => {
        if (recent.get(id)?.record === record) recent.delete(id)
      }
      record.then((found) => found || forget(), forget)
      return record
    },
    findByName: async (text) => {
      const [row] = await db.query<DetailRow>(
        `select ${DETAIL_COLUMNS} from apis where entry = id and name ilike '%' || $1 || '%'
         order by length(name), name limit 1`,
        [text.replace(/[\\%_]/g, (char) => `\\${char}`)],
      )
      return row && withVersions(row)
    },
    family: (slug) => {
      const family = familyBySlug.get(slug)
      return family === undefined ? undefined : { ...families[family]! }
    },
    families: () =>
      families.map((family) => ({ ...family })).sort((a, b) => (a.slug < b.slug ? -1 : 1)),
    datedApis: () =>
      apis
        .map(({ id, category, updated }) => ({ id, category, updated }))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  }
}

// Apps that share a database (tests, mostly) share its catalogue too: same seed, same data.
const opened = new WeakMap<Queryable, Catalog>()

/** The catalogue of these tables at this version (their seed's hash): the one open, or read now. */
export const catalogAt = async (
  db: Queryable,
  version: string,
  options?: CatalogOptions,
): Promise<Catalog> => {
  const open = opened.get(db)
  if (open?.version === version) return open
  const catalog = await openCatalog(db, version, options)
  opened.set(db, catalog)
  return catalog
}

/**
 * The catalogue last opened on this database, for what reads it beside the catalogue routes
 * (page descriptions, sitemaps). Those routes open it as the app gets ready (catalogRoutes).
 */
export const openedCatalog = (db: Queryable): Catalog => {
  const catalog = opened.get(db)
  if (!catalog) throw new HttpError(503, 'The catalogue is still loading; try again shortly')
  return catalog
}
