// The public-apis list (MIT, server/catalog/build/sources/public-apis): its markdown tables as rows, the
// domain each row's link belongs to, and its categories onto ours. Used by the catalogue build.
import type { AuthKind } from '../../../src/contract/apis'
import type { CategorySlug } from '../../../src/contract/categories'
import type { SeedApi } from '../seed'
import { clipText, plainText, slugOf } from '../text'

/** One row of the list, as the markdown gives it. */
export type ListRow = {
  name: string
  /** The row's link: the API's documentation or home page. */
  url: string
  description: string
  /** The `###` heading the row sits under; `APILayer` for the sponsored block. */
  section: string
  /** null where the row has no such column (the sponsored block). */
  auth: AuthKind | null
  https: boolean | null
  cors: boolean | null
}

/** The sponsored block's heading: its table has a "Call this API" column instead of Auth, HTTPS and CORS. */
export const SPONSORED_SECTION = 'APILayer'

const LINK = /^\[(.+?)\]\(\s*([^)\s]+)\s*\)/

/** The list's Auth column: `apiKey`, `OAuth`, `X-Mashape-Key` (a key header), `User-Agent` (no credential), No. */
const authOf = (cell: string): AuthKind | null => {
  const value = cell.replace(/`/g, '').trim().toLowerCase()
  if (value === 'apikey' || value === 'x-mashape-key') return 'apiKey'
  if (value === 'oauth') return 'oauth2'
  if (value === 'no' || value === 'user-agent') return 'none'
  return null
}

/** Yes, No, or Unknown (and anything else): unknown. */
const yesNo = (cell: string): boolean | null => {
  const value = cell.replace(/`/g, '').trim().toLowerCase()
  return value === 'yes' ? true : value === 'no' ? false : null
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .split('|')
    .map((cell) => cell.trim())

/**
 * Every row of every table, in file order. A row is a table line whose first cell is a link; the
 * sponsored block's rows (API, Description, Call this API with a Postman button or a
 * Documentation link) have no Auth, HTTPS or CORS; some rows end in empty cells.
 */
export const parsePublicApis = (markdown: string): ListRow[] => {
  const rows: ListRow[] = []
  let section: string | undefined
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^#{2,3}\s+(.+?)\s*$/.exec(line)
    if (heading) {
      const title = heading[1]!
      section = /^APILayer APIs$/i.test(title) ? SPONSORED_SECTION : title
      continue
    }
    if (!line.startsWith('|') || section === undefined) continue
    const cells = cellsOf(line)
    const link = LINK.exec(cells[0] ?? '')
    if (!link) continue
    const [, name, url] = link
    const sponsored = section === SPONSORED_SECTION
    rows.push({
      name: name!.trim(),
      url: /^https?:\/\//i.test(url!) ? url! : `https://${url!}`,
      description: cells[1] ?? '',
      section,
      auth: sponsored ? null : authOf(cells[2] ?? ''),
      https: sponsored ? null : yesNo(cells[3] ?? ''),
      cors: sponsored ? null : yesNo(cells[4] ?? ''),
    })
  }
  return rows
}

/** The list's 51 categories onto our 18. */
export const SECTION_CATEGORIES: Record<string, CategorySlug> = {
  Animals: 'open-data',
  Anime: 'media-entertainment',
  'Anti-Malware': 'security',
  'Art & Design': 'media-entertainment',
  'Authentication & Authorization': 'security',
  Blockchain: 'finance',
  Books: 'media-entertainment',
  Business: 'business',
  Calendar: 'productivity',
  'Cloud Storage & File Sharing': 'cloud',
  'Continuous Integration': 'developer-tools',
  Cryptocurrency: 'finance',
  'Currency Exchange': 'finance',
  'Data Validation': 'developer-tools',
  Development: 'developer-tools',
  Dictionaries: 'text-language',
  'Documents & Productivity': 'productivity',
  Email: 'communication',
  Entertainment: 'media-entertainment',
  Environment: 'open-data',
  Events: 'media-entertainment',
  Finance: 'finance',
  'Food & Drink': 'open-data',
  'Games & Comics': 'media-entertainment',
  Geocoding: 'location',
  Government: 'open-data',
  Health: 'open-data',
  Jobs: 'business',
  'Machine Learning': 'ai-ml',
  Music: 'media-entertainment',
  News: 'media-entertainment',
  'Open Data': 'open-data',
  'Open Source Projects': 'developer-tools',
  Patent: 'business',
  Personality: 'text-language',
  Phone: 'communication',
  Photography: 'media-entertainment',
  Programming: 'developer-tools',
  'Science & Math': 'open-data',
  Security: 'security',
  Shopping: 'ecommerce',
  Social: 'marketing-social',
  'Sports & Fitness': 'media-entertainment',
  'Test Data': 'developer-tools',
  'Text Analysis': 'text-language',
  Tracking: 'transport',
  Transportation: 'transport',
  'URL Shorteners': 'developer-tools',
  Vehicle: 'transport',
  Video: 'media-entertainment',
  Weather: 'location',
}

/** Suffixes under which each name is its own domain (a `co.uk` is not one provider). */
const PUBLIC_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'gov.uk',
  'ac.uk',
  'com.au',
  'gov.au',
  'org.au',
  'com.br',
  'gov.br',
  'co.jp',
  'co.in',
  'gov.in',
  'co.nz',
  'govt.nz',
  'co.za',
  'com.mx',
  'gob.mx',
  'com.ar',
  'gob.ar',
  'com.tr',
  'gov.tr',
  'com.cn',
  'com.tw',
  'com.sg',
  'gov.sg',
  'co.kr',
  'or.kr',
  'go.kr',
  'com.hk',
  'gov.hk',
  'co.il',
  'gov.il',
  'com.ua',
  'gouv.fr',
  'gv.at',
  'gc.ca',
  'gob.es',
  'service.gov.uk',
])

/** Domains whose every subdomain is someone's own site: `someone.github.io`. */
const SHARED_SUBDOMAINS = new Set([
  'github.io',
  'gitlab.io',
  'netlify.app',
  'vercel.app',
  'herokuapp.com',
  'glitch.me',
  'pages.dev',
  'workers.dev',
  'web.app',
  'firebaseapp.com',
  'appspot.com',
  'readthedocs.io',
  'gitbook.io',
  'apiary.io',
  'getpostman.com',
  'notion.site',
  'stoplight.io',
  'readme.io',
  'surge.sh',
  'onrender.com',
  'repl.co',
  'blogspot.com',
  'wordpress.com',
  'azurewebsites.net',
  'wikipedia.org',
])

/**
 * Sites where the path names the publisher: `github.com/someone/repo`. Their own subdomains
 * (`docs.github.com`) are theirs.
 */
const SHARED_PATHS = new Set([
  'github.com',
  'gitlab.com',
  'bitbucket.org',
  'rapidapi.com',
  'postman.com',
  'swaggerhub.com',
  'swagger.io',
  'medium.com',
  'sourceforge.net',
  'npmjs.com',
])

/** The registrable domain of a host: `docs.github.com` is `github.com`, `api.tfl.gov.uk` is `tfl.gov.uk`. */
export const registrableDomain = (host: string) => {
  const labels = host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '')
    .split('.')
  if (labels.length <= 2) return labels.join('.')
  const lastTwo = labels.slice(-2).join('.')
  return PUBLIC_SUFFIXES.has(lastTwo) ? labels.slice(-3).join('.') : lastTwo
}

export type Owner = {
  /** Whose the address is: a registrable domain, or on a shared host the host and first path part. */
  provider: string
  /** False on a shared host, where the domain is the host's and matches no one's API. */
  matchable: boolean
}

/** Who an address belongs to, or undefined when it is no absolute http(s) URL. */
export const ownerOf = (url: string): Owner | undefined => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '')
  const domain = registrableDomain(host)
  if (SHARED_SUBDOMAINS.has(domain)) return { provider: host, matchable: false }
  const pathOwned = SHARED_PATHS.has(domain) && (host === domain || host === `app.${domain}`)
  if (!pathOwned) return { provider: domain, matchable: true }
  // github.com/owner/repo, rapidapi.com/owner/api: the owner.
  const owner = parsed.pathname.split('/').find((part) => part !== '')
  return { provider: owner ? `${domain}/${owner.toLowerCase()}` : domain, matchable: false }
}

const STOP_WORDS = new Set(['api', 'apis', 'rest', 'restful', 'the', 'web', 'json', 'service'])

/** An API name as the words that tell it apart: no "API", no "REST", no version numbers. */
export const nameWords = (name: string): string[] =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !STOP_WORDS.has(word) && !/^v?\d+$/.test(word))

/**
 * How well a list row's name fits a record's name, from 0 (not at all) to 1 (the same words):
 * the share of the longer name's words the shorter one has, when all of the shorter one's are in it.
 */
export const nameFit = (rowName: string, recordName: string): number => {
  const a = nameWords(rowName)
  const b = nameWords(recordName)
  if (a.length === 0 || b.length === 0) return 0
  if (a.join('') === b.join('')) return 1
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  const longSet = new Set(long)
  if (!short.every((word) => longSet.has(word))) return 0
  return short.length / long.length
}

/** Marketing parameters in the list's links: not part of any address worth keeping. */
const withoutTracking = (url: string) => {
  try {
    const parsed = new URL(url)
    for (const key of [...parsed.searchParams.keys()]) {
      if (key.startsWith('utm_')) parsed.searchParams.delete(key)
    }
    return parsed.toString()
  } catch {
    return url
  }
}

/** Fits below this are two different APIs that happen to share a word. */
const MIN_FIT = 0.3

/** Words too common in API names to tie a row to a record on their own. */
const COMMON_WORDS = new Set([
  ...['a', 'an', 'and', 'by', 'for', 'in', 'of', 'on', 'to', 'with', 'data', 'open', 'free'],
  ...['public', 'info', 'io', 'com', 'net', 'org', 'gov', 'uk', 'us', 'client', 'platform'],
])

const tellingWords = (name: string) => nameWords(name).filter((word) => !COMMON_WORDS.has(word))

/**
 * Rows whose name shares nothing with the name their API's document gives, each checked by hand
 * against both sources: the row's name and the record's, on the one API of that domain.
 */
const SAME_API_BY_HAND: ReadonlyArray<readonly [row: string, record: string]> = [
  ['Open Movie Database', 'OMDb'],
  ['Dungeons and Dragons', 'D&D 5e API'],
  ['Charity Search', 'OrgHunter'],
]

/** A name glued into one word, without a trailing "api": "SpaceTradersAPI" and "SpaceTraders API" agree. */
const glued = (name: string) => nameWords(name).join('').replace(/api$/, '')

/**
 * Whether a row is plausibly the one API of its domain: a telling word in common with the
 * record's name; the same name written together ("SpaceTradersAPI"); the row named after the
 * domain itself ("Sendgrid" on sendgrid.com, "Remove.bg" on remove.bg, "TVDB" on thetvdb.com);
 * the row's initials as a word of the record's name ("Open Science Framework", "OSF"); or a pair
 * matched by hand.
 */
const related = (row: ListRow, record: SeedApi, domain: string) => {
  const recordWords = new Set(tellingWords(record.name))
  const rowWords = tellingWords(row.name)
  if (rowWords.some((word) => recordWords.has(word))) return true
  const rowGlued = glued(row.name)
  if (rowGlued !== '' && rowGlued === glued(record.name)) return true
  const label = domain.split('.')[0]!.replace(/[^a-z0-9]/g, '')
  const site = domain.replace(/[^a-z0-9]/g, '')
  if ([label, label.replace(/^the/, ''), site].includes(rowWords.join(''))) return true
  const initials = nameWords(row.name)
    .map((word) => word[0])
    .join('')
  if (initials.length >= 3 && nameWords(record.name).includes(initials)) return true
  return SAME_API_BY_HAND.some(([rowName, recordName]) => {
    return rowName === row.name && recordName === record.name
  })
}

export type MergeReport = {
  rows: number
  /** Rows dropped as a second listing of an API the list already has. */
  duplicates: number
  /** Rows whose facts went to records of the OpenAPI catalogue. */
  matched: number
  /** Records of the OpenAPI catalogue the list now vouches for. */
  matchedRecords: number
  /** List-only APIs added. */
  added: number
}

type Placed = ListRow & { owner: Owner; category: CategorySlug }

/** The list's rows, each once: a row listed twice, or also in the sponsored block, counts once. */
const distinctRows = (rows: ListRow[], classifyRow: (row: ListRow) => CategorySlug) => {
  const kept: Placed[] = []
  const byKey = new Map<string, Placed>()
  const sectioned = rows.filter((row) => row.section !== SPONSORED_SECTION)
  const sponsored = rows.filter((row) => row.section === SPONSORED_SECTION)
  for (const row of [...sectioned, ...sponsored]) {
    const owner = ownerOf(row.url)
    if (!owner) continue
    const key = `${owner.provider}|${nameWords(row.name).join('')}`
    const twin =
      byKey.get(key) ??
      (row.section === SPONSORED_SECTION
        ? kept.find(
            (other) => other.owner.provider === owner.provider && nameFit(row.name, other.name) > 0,
          )
        : undefined)
    if (twin) {
      twin.auth ??= row.auth
      twin.https ??= row.https
      twin.cors ??= row.cors
      continue
    }
    const placed: Placed = {
      ...row,
      url: withoutTracking(row.url),
      owner,
      category: classifyRow(row),
    }
    kept.push(placed)
    byKey.set(key, placed)
  }
  return kept
}

/** The domains a record belongs to: its provider's, and its server's and docs' where not shared. */
const recordDomains = (record: SeedApi) => {
  const domains = new Set([registrableDomain(record.provider)])
  for (const url of [record.baseUrl, record.docs]) {
    const owner = url ? ownerOf(url) : undefined
    if (owner?.matchable) domains.add(owner.provider)
  }
  return domains
}

const byRank = (a: SeedApi, b: SeedApi) =>
  Number(b.preferred) - Number(a.preferred) ||
  b.endpointCount - a.endpointCount ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The record a row describes among those of its domain, or undefined when none fits its name. */
const matchOf = (row: ListRow, domain: string, candidates: SeedApi[]): SeedApi | undefined => {
  const groups = new Set(candidates.map((record) => `${record.provider}|${record.name}`))
  let best: { record: SeedApi; fit: number } | undefined
  for (const record of candidates) {
    const fit = Math.max(nameFit(row.name, record.name), nameFit(row.name, record.service))
    if (!best || fit > best.fit || (fit === best.fit && byRank(record, best.record) < 0)) {
      best = { record, fit }
    }
  }
  if (!best) return undefined
  if (best.fit >= MIN_FIT) return best.record
  // A domain with one API is that API when the names are related at all.
  return groups.size === 1 && related(row, best.record, domain) ? best.record : undefined
}

export type ListApiFacts = {
  /** The list's retrieval date: the `updated` of the APIs only it knows. */
  retrieved: string
  /** Places a sponsored row, which has no section, in one of our categories. */
  classifyRow: (row: ListRow) => CategorySlug
}

/**
 * Adds the list to the OpenAPI catalogue. A row matched by domain and name fills what the
 * document left unknown (CORS, HTTPS, auth) on every record of that API (its versions share
 * provider and name); the rest become APIs of their own, without operations. The list collects
 * free APIs, so whatever it lists is free. Records keep their order; new ones follow by id.
 */
export const mergePublicApis = (
  records: SeedApi[],
  rows: ListRow[],
  { retrieved, classifyRow }: ListApiFacts,
): { apis: SeedApi[]; report: MergeReport } => {
  const distinct = distinctRows(rows, classifyRow)
  const byDomain = new Map<string, SeedApi[]>()
  // On a shared host (airport-web.appspot.com) the domain is no one's, but the host is the API's.
  const byHost = new Map<string, SeedApi[]>()
  for (const record of records) {
    for (const domain of recordDomains(record)) {
      byDomain.set(domain, [...(byDomain.get(domain) ?? []), record])
    }
    byHost.set(record.provider, [...(byHost.get(record.provider) ?? []), record])
  }
  const ids = new Set(records.map((record) => record.id))
  const vouched = new Set<SeedApi>()
  const added: SeedApi[] = []
  let matched = 0
  for (const row of distinct) {
    const candidates = (row.owner.matchable ? byDomain : byHost).get(row.owner.provider)
    const match = candidates && matchOf(row, row.owner.provider, candidates)
    if (match) {
      matched++
      for (const record of records) {
        if (record.provider !== match.provider || record.name !== match.name) continue
        record.cors ??= row.cors
        record.https ??= row.https
        if (record.auth === 'none' && row.auth && row.auth !== 'none') {
          record.auth = row.auth
          record.authTypes = [row.auth]
        }
        record.free = true
        if (!record.sources.includes('public-apis')) record.sources.push('public-apis')
        vouched.add(record)
      }
      continue
    }
    const base = slugOf(`${row.name} ${row.owner.provider}`) || 'api'
    let id = base
    for (let n = 2; ids.has(id); n++) id = `${base}-${n}`
    ids.add(id)
    const summary = clipText(plainText(row.description), 300) || row.name
    added.push({
      id,
      name: row.name,
      provider: row.owner.provider,
      summary,
      category: row.category,
      auth: row.auth ?? 'none',
      authTypes: [row.auth ?? 'none'],
      baseUrl: null,
      https: row.https,
      cors: row.cors,
      free: true,
      rating: null,
      logo: null,
      version: '',
      updated: retrieved,
      description: row.description,
      docs: row.url,
      endpoints: [],
      endpointCount: 0,
      sources: ['public-apis'],
      service: '',
      preferred: false,
      entry: id,
      entryRank: 0,
      entrySize: 1,
      variant: '',
    })
  }
  added.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return {
    apis: [...records, ...added],
    report: {
      rows: rows.length,
      duplicates: rows.length - distinct.length,
      matched,
      matchedRecords: vouched.size,
      added: added.length,
    },
  }
}
