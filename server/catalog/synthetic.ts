// ATLAS_SYNTHETIC_APIS: deterministic made-up APIs that pad the catalogue to the sizes the scale
// tests and `npm run bench scale` need. Each record is marked: its only source is `synthetic`, its
// domain ends in `.example` (reserved, RFC 2606, so nothing real is ever reached) and its
// description says what it is.
import type { AuthKind, Endpoint } from '../../src/contract/apis'
import type { CategorySlug } from '../../src/contract/categories'
import type { OperationMethod, Parameter } from '../../src/contract/operations'
import type { SeedOperationsApi } from './operations'
import type { SeedApi } from './seed'

/** Part of the catalogue hash: change it when the generator's output changes. */
export const SYNTHETIC_VERSION = 1

/** Every synthetic id starts with this, so no id of the real catalogue can collide with one. */
export const SYNTHETIC_ID_PREFIX = 'synthetic-'

/** The most ATLAS_SYNTHETIC_APIS accepts: well past the 100,000 the scale targets name. */
export const MAX_SYNTHETIC_APIS = 1_000_000

/** mulberry32: small, fast and good enough to vary made-up records. */
const prng = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

type Random = ReturnType<typeof prng>

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!

const BRAND_STARTS = (
  'Acme Amber Apex Arc Aster Aura Beacon Birch Blue Bolt Bright Cedar Cinder Clear Cloud ' +
  'Cobalt Copper Coral Crest Cyan Delta Drift Echo Ember Fable Fern Flint Flux Frost Gale ' +
  'Glint Granite Harbor Helio Hollow Indigo Iron Jade Juniper Kestrel Kite Lark Lumen Lunar ' +
  'Maple Marble Meadow Mint Nimbus North Nova Oak Onyx Orbit Pebble Pine Pixel Polar Prism ' +
  'Pulse Quartz Quill Raven Ridge River Rowan Sable Sage Silver Slate Solar Spark Spruce ' +
  'Stone Summit Swift Teal Terra Thistle Tide Timber True Umber Vale Vector Velvet Vivid ' +
  'Willow Wren Zen Zephyr'
).split(' ')

const BRAND_ENDS = (
  'base bay bit box bridge cast core desk dock field flow forge gate grid hive hub kit lab ' +
  'lane leaf line link loop ly mark mesh nest net point port post ray scale shift signal ' +
  'spring stack stream sync tap track ware wave works yard'
).split(' ')

/** Per category: what its APIs are about (the second half of a name) and what they operate on. */
const TOPICS: Record<CategorySlug, { names: string[]; nouns: string[]; blurb: string }> = {
  cloud: {
    names: ['Compute', 'Object Storage', 'Hosting', 'Managed Database', 'CDN', 'DNS', 'Containers'],
    nouns: ['instances', 'buckets', 'volumes', 'zones', 'records', 'clusters', 'snapshots'],
    blurb: 'Provision and manage cloud infrastructure',
  },
  'developer-tools': {
    names: ['CI', 'Code Review', 'Error Tracking', 'Feature Flags', 'Logs', 'Package Registry'],
    nouns: ['builds', 'pipelines', 'repositories', 'issues', 'flags', 'releases', 'artifacts'],
    blurb: 'Automate the tools developers build and ship with',
  },
  analytics: {
    names: ['Analytics', 'Metrics', 'Product Insights', 'Dashboards', 'Event Tracking'],
    nouns: ['events', 'reports', 'funnels', 'cohorts', 'dashboards', 'segments', 'metrics'],
    blurb: 'Measure usage and traffic and query the numbers behind them',
  },
  'open-data': {
    names: ['Open Data', 'Census', 'Library Catalogue', 'Science Archive', 'Public Records'],
    nouns: ['datasets', 'records', 'collections', 'series', 'publications', 'regions'],
    blurb: 'Query public datasets and reference records',
  },
  communication: {
    names: ['SMS', 'Email', 'Voice', 'Chat', 'Push Notifications', 'Video Calls'],
    nouns: ['messages', 'calls', 'contacts', 'conversations', 'templates', 'numbers'],
    blurb: 'Send and receive messages, calls and notifications',
  },
  ecommerce: {
    names: ['Storefront', 'Cart', 'Orders', 'Shipping', 'Marketplace', 'Inventory'],
    nouns: ['products', 'orders', 'carts', 'shipments', 'customers', 'stock'],
    blurb: 'Run an online store: products, carts, orders and shipping',
  },
  finance: {
    names: ['Banking', 'Accounting', 'Market Data', 'Invoicing', 'Exchange Rates', 'Ledger'],
    nouns: ['accounts', 'transactions', 'invoices', 'quotes', 'balances', 'statements'],
    blurb: 'Read accounts, transactions and market data',
  },
  payments: {
    names: ['Payments', 'Checkout', 'Billing', 'Subscriptions', 'Payouts', 'Wallet'],
    nouns: ['payments', 'charges', 'refunds', 'subscriptions', 'payouts', 'customers'],
    blurb: 'Take payments, manage subscriptions and move money',
  },
  'media-entertainment': {
    names: ['Video', 'Music', 'Images', 'Games', 'News', 'Streaming'],
    nouns: ['videos', 'tracks', 'albums', 'images', 'articles', 'playlists'],
    blurb: 'Search, stream and manage media',
  },
  'text-language': {
    names: ['Translation', 'Dictionary', 'Spell Check', 'Text Analysis', 'Speech to Text'],
    nouns: ['translations', 'words', 'documents', 'languages', 'transcripts', 'entities'],
    blurb: 'Translate, analyse and transcribe text',
  },
  location: {
    names: ['Maps', 'Geocoding', 'Places', 'Weather', 'Routing', 'Time Zones'],
    nouns: ['places', 'routes', 'forecasts', 'addresses', 'tiles', 'regions'],
    blurb: 'Maps, places, routes and weather',
  },
  productivity: {
    names: ['Calendar', 'Tasks', 'Notes', 'Documents', 'Forms', 'Spreadsheets'],
    nouns: ['events', 'tasks', 'notes', 'documents', 'forms', 'sheets'],
    blurb: 'Work with calendars, tasks and documents',
  },
  transport: {
    names: ['Flights', 'Transit', 'Rail', 'Ride Hailing', 'Fleet', 'Parking'],
    nouns: ['flights', 'stops', 'departures', 'vehicles', 'trips', 'bookings'],
    blurb: 'Timetables, bookings and vehicles on the move',
  },
  security: {
    names: ['Identity', 'Threat Intelligence', 'Secrets', 'Vulnerability Scan', 'Fraud Check'],
    nouns: ['users', 'tokens', 'secrets', 'scans', 'alerts', 'policies'],
    blurb: 'Identity, secrets and threat data',
  },
  iot: {
    names: ['Devices', 'Sensors', 'Smart Home', 'Telemetry', 'Energy Meter'],
    nouns: ['devices', 'sensors', 'readings', 'commands', 'gateways', 'rules'],
    blurb: 'Connect devices and read their telemetry',
  },
  'marketing-social': {
    names: ['Campaigns', 'Social Posts', 'Newsletter', 'Ads', 'Reviews', 'Influencers'],
    nouns: ['campaigns', 'posts', 'subscribers', 'audiences', 'reviews', 'ads'],
    blurb: 'Plan campaigns and publish to social networks',
  },
  business: {
    names: ['CRM', 'HR', 'Payroll', 'Helpdesk', 'Recruiting', 'Contracts'],
    nouns: ['contacts', 'deals', 'employees', 'tickets', 'candidates', 'contracts'],
    blurb: 'Run the back office: customers, people and support',
  },
  'ai-ml': {
    names: ['Vision', 'Language Model', 'Embeddings', 'Speech', 'Recommendations', 'OCR'],
    nouns: ['models', 'predictions', 'embeddings', 'images', 'completions', 'jobs'],
    blurb: 'Run machine-learning models over text, images and audio',
  },
}

const CATEGORY_SLUGS = Object.keys(TOPICS) as CategorySlug[]

const AUTHS: { auth: AuthKind; authTypes: AuthKind[] }[] = [
  { auth: 'apiKey', authTypes: ['apiKey'] },
  { auth: 'apiKey', authTypes: ['apiKey'] },
  { auth: 'oauth2', authTypes: ['oauth2'] },
  { auth: 'oauth2', authTypes: ['oauth2', 'apiKey'] },
  { auth: 'bearer', authTypes: ['bearer'] },
  { auth: 'basic', authTypes: ['basic'] },
  { auth: 'none', authTypes: ['none'] },
]

const TRI = [true, true, false, null] as const

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

const singular = (noun: string) => noun.replace(/ies$/, 'y').replace(/s$/, '')

const endpointsOf = (random: Random, nouns: string[]): Endpoint[] => {
  const endpoints: Endpoint[] = []
  const count = 1 + Math.floor(random() * 3)
  for (let n = 0; n < count; n++) {
    const noun = pick(random, nouns)
    const one = singular(noun)
    const id = `{${slugOf(one).replace(/-/g, '_')}_id}`
    endpoints.push(
      { method: 'GET', path: `/${slugOf(noun)}`, summary: `List ${noun}` },
      { method: 'POST', path: `/${slugOf(noun)}`, summary: `Create a ${one}` },
      { method: 'GET', path: `/${slugOf(noun)}/${id}`, summary: `Get a ${one}` },
      { method: 'DELETE', path: `/${slugOf(noun)}/${id}`, summary: `Delete a ${one}` },
    )
  }
  // Two draws of one noun give the same paths: keep the first of each.
  const seen = new Set<string>()
  return endpoints.filter(({ method, path }) => {
    const key = `${method} ${path}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The first day synthetic records are dated from, and how many days they spread over. */
const EPOCH_MS = Date.UTC(2019, 0, 1)
const DAYS = 2_800

/**
 * The synthetic API number `index` (from 0). It depends only on the index, so the first 20,000 of
 * a catalogue of 100,000 are the catalogue of 20,000.
 */
export const syntheticApi = (index: number): SeedApi => {
  const random = prng(Math.imul(index + 1, 0x9e3779b1) ^ 0x5eed)
  const category = CATEGORY_SLUGS[index % CATEGORY_SLUGS.length]!
  const topic = TOPICS[category]
  const brand = `${pick(random, BRAND_STARTS)}${pick(random, BRAND_ENDS)}`
  const subject = pick(random, topic.names)
  const name = `${brand} ${subject} API`
  const number = String(index + 1).padStart(6, '0')
  const domain = `${slugOf(brand)}${random() < 0.5 ? '' : `-${slugOf(subject)}`}.example`
  const id = `${SYNTHETIC_ID_PREFIX}${number}-${slugOf(brand)}-${slugOf(subject)}`
  const { auth, authTypes } = pick(random, AUTHS)
  const endpoints = endpointsOf(random, topic.nouns)
  const [first, second] = [pick(random, topic.nouns), pick(random, topic.nouns)]
  const summary = `${topic.blurb} with ${brand}: ${first} and ${second} over a REST API.`
  const updated = new Date(EPOCH_MS + Math.floor(random() * DAYS) * 86_400_000)
    .toISOString()
    .slice(0, 10)
  const version = `${1 + Math.floor(random() * 4)}.${Math.floor(random() * 10)}.0`
  return {
    id,
    name,
    provider: domain,
    summary,
    description:
      `${summary}\n\nSynthetic record number ${index + 1}: generated for scale tests and ` +
      'benchmarks (ATLAS_SYNTHETIC_APIS). It is not a real API, and its domain does not exist.',
    category,
    auth,
    authTypes,
    baseUrl: `https://api.${domain}/v${version[0]}`,
    docs: `https://docs.${domain}/`,
    https: true,
    cors: pick(random, TRI),
    free: pick(random, TRI),
    rating: null,
    logo: null,
    version,
    updated,
    endpoints,
    endpointCount: endpoints.length,
    sources: ['synthetic'],
    service: '',
    preferred: false,
    entry: id,
    entryRank: 0,
    entrySize: 1,
    variant: '',
  }
}

/** Synthetic APIs number `from` up to (not including) `to`. */
export const syntheticApis = (from: number, to: number): SeedApi[] => {
  const apis: SeedApi[] = []
  for (let index = from; index < to; index++) apis.push(syntheticApi(index))
  return apis
}

const VERBS: Record<string, string> = { GET: 'get', POST: 'create', DELETE: 'delete' }

/** `listBuckets`, `createBucket`: what a document of such an API would name its operations. */
const operationIdOf = ({ method, path, summary }: Endpoint) => {
  const words = path.split('/').filter((part) => part !== '' && !part.startsWith('{'))
  const noun = words.at(-1)!.replace(/-(.)/g, (_, letter: string) => letter.toUpperCase())
  const capital = noun.charAt(0).toUpperCase() + noun.slice(1)
  if (summary.startsWith('List ')) return `list${capital}`
  return `${VERBS[method] ?? method.toLowerCase()}${singular(capital)}`
}

/**
 * The operations of a synthetic API, one per endpoint of its record, as the operations seed holds
 * an API's: its list, its single resource by id, create and delete. Made from the record alone, so
 * the same on every start; small, as the scale tests need their number (about 800,000 at 100,000
 * APIs, with the real seed's), not their depth.
 */
export const syntheticOperations = (api: SeedApi): SeedOperationsApi => ({
  id: api.id,
  servers: api.baseUrl
    ? [{ url: api.baseUrl, description: 'Synthetic: this server does not exist' }]
    : [],
  sourceUrl: null,
  sourceFormat: 'openapi 3.0.0',
  schemas: [],
  operations: api.endpoints.map((endpoint) => {
    const operationId = operationIdOf(endpoint)
    const noun = endpoint.path.split('/')[1]!
    const parameters: Parameter[] = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
      name: name!,
      in: 'path',
      required: true,
      type: 'string',
      description: `The ${singular(noun).replace(/-/g, ' ')}'s id.`,
    }))
    if (endpoint.summary.startsWith('List ')) {
      parameters.push({
        name: 'limit',
        in: 'query',
        required: false,
        type: 'integer',
        default: 20,
        description: 'How many to list.',
      })
    }
    return {
      operationKey: operationId,
      method: endpoint.method as OperationMethod,
      path: endpoint.path,
      operationId,
      summary: endpoint.summary,
      tags: [noun.replace(/-/g, ' ')],
      deprecated: false,
      description: `${endpoint.summary}. A synthetic operation of a made-up API, for scale tests.`,
      parameters,
      requestBody: null,
      responses: [
        {
          status: endpoint.method === 'POST' ? '201' : endpoint.method === 'DELETE' ? '204' : '200',
          description: 'Done',
          mediaTypes: endpoint.method === 'DELETE' ? [] : ['application/json'],
          schema: null,
        },
      ],
      security: [],
    }
  }),
})
