// Search in the database answers as the in-memory reference index does (search.ts), on PGlite and
// on Postgres: the same entries, in the same tiers, typos (swaps too) and prefixes included.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiListQuerySchema } from '../../src/contract/apis'
import { migrate } from '../db/migrate'
import type { Queryable } from '../db/database'
import { describeEachDb, openTestDb, testConfig, type TestDb } from '../testing/testDb'
import { openCatalog } from './catalog'
import { createSearchIndex } from './search'
import { indexUnsearched, searchEntries } from './searchDb'

type Doc = {
  id: string
  name: string
  provider: string
  summary: string
  description: string
  category: string
  endpoints: number
}

const DOCS: Doc[] = [
  {
    id: 'stripe',
    name: 'Stripe API',
    provider: 'stripe.com',
    summary: 'The Stripe REST API for payments.',
    description: 'Charges, refunds and customers.',
    category: 'payments',
    endpoints: 300,
  },
  {
    id: 'stripe-helper',
    name: 'Stripe Checkout Helper',
    provider: 'example.com',
    summary: 'Unofficial helper.',
    description: '',
    category: 'payments',
    endpoints: 2,
  },
  {
    id: 'gateway',
    name: 'Payments Gateway',
    provider: 'pay.example',
    summary: 'Works with Stripe and others.',
    description: 'Cards and wallets.',
    category: 'payments',
    endpoints: 10,
  },
  {
    id: 'cafe',
    name: 'Café Menu API',
    provider: 'cafe.fr',
    summary: 'Menus of French cafés.',
    description: '',
    category: 'ecommerce',
    endpoints: 1,
  },
  {
    id: 'weather',
    name: 'Weather Forecast',
    provider: 'weather.io',
    summary: 'Global forecasts, hourly.',
    description: '',
    category: 'open-data',
    endpoints: 4,
  },
  {
    id: 'openweathermap',
    name: 'OpenWeatherMap',
    provider: 'openweathermap.org',
    summary: 'Current weather and forecasts.',
    description: '',
    category: 'open-data',
    endpoints: 20,
  },
  {
    id: 'translate',
    name: 'Translate Text',
    provider: 'words.dev',
    summary: 'Machine translation of text.',
    description: '',
    category: 'text-language',
    endpoints: 3,
  },
  {
    id: 'twilio',
    name: 'Twilio SMS',
    provider: 'twilio.com',
    summary: 'Send text messages.',
    description: 'Twilio sends SMS to phones worldwide.',
    category: 'text-language',
    endpoints: 50,
  },
]

const CATEGORIES = [...new Set(DOCS.map((doc) => doc.category))]

/** Writes the documents as bare rows, as anything but the seed load would: no search columns. */
const insertDocs = async (db: Queryable, docs: Doc[]) => {
  for (const doc of docs) {
    await db.query(
      `insert into apis (id, name, provider, summary, description, category, auth, auth_types,
         rating, version, updated, endpoint_count, endpoints, entry)
       values ($1, $2, $3, $4, $5, $6, 'none', '{none}', 0, '1', '2026-01-01', $7, '[]', $1)`,
      [doc.id, doc.name, doc.provider, doc.summary, doc.description, doc.category, doc.endpoints],
    )
  }
}

const QUERIES = [
  'stripe',
  'weather',
  'forecast',
  'CAFÉ',
  'cafe menu',
  'transl',
  'strpe',
  'wether',
  'stirpe',
  'tsripe',
  'twilo',
  'waether',
  'tsirpe',
  'stripe checkout',
  'stripe zebra',
  'text',
  'te',
  'sms twilio',
  'zzzzqqq',
  'api',
  "'; drop table apis; --",
  "o'brien \\ 'a':* & !b",
]

describeEachDb('search in the database', (kind) => {
  let db: TestDb

  beforeAll(async () => {
    db = await openTestDb(kind)
    await migrate(db, testConfig().migrationsDir)
    for (const [position, slug] of CATEGORIES.entries()) {
      await db.query(
        `insert into categories (slug, name, description, icon, position)
         values ($1, $1, $1, 'icon', $2)`,
        [slug, position],
      )
    }
    await insertDocs(db, DOCS)
    expect(await indexUnsearched(db)).toBe(DOCS.length)
  })
  afterAll(() => db?.dispose())

  it('indexes what is not indexed yet, once', async () => {
    expect(await indexUnsearched(db)).toBe(0)
    const words = await db.query<{ word: string }>('select word from search_words order by word')
    expect(words.map((row) => row.word)).toEqual(
      expect.arrayContaining(['stripe', 'checkout', 'cafe', 'openweathermap', 'twilio']),
    )
    // The TLD is no name word; accents are gone.
    expect(words.map((row) => row.word)).not.toContain('com')
    expect(words.map((row) => row.word)).not.toContain('café')
  })

  it("keeps each entry's own words stemmed, camelCase split, and fills those missing", async () => {
    const about = async () =>
      new Map(
        (
          await db.query<{ id: string; about: string | null }>(
            'select id, about::text as about from api_search',
          )
        ).map((row) => [row.id, row.about]),
      )
    const before = await about()
    expect([...before.values()].every((vector) => vector !== null && vector !== '')).toBe(true)
    // "OpenWeatherMap" is its words as well as one; the provider's words weigh A too.
    const weather = DOCS.find((doc) => doc.name === 'OpenWeatherMap')!
    expect(before.get(weather.id)).toMatch(/'weather':\d+A/)
    // A row written before these words were kept gets them as the catalogue opens.
    await db.query('update api_search set about = null where id = $1', [weather.id])
    expect(await indexUnsearched(db)).toBe(1)
    expect((await about()).get(weather.id)).toBe(before.get(weather.id))
  })

  it('finds the entries, in the tiers, that the in-memory reference finds', async () => {
    const reference = createSearchIndex(
      DOCS.map((doc) => ({
        name: doc.name,
        provider: doc.provider,
        text: `${doc.summary} ${doc.description}`,
      })),
    )
    for (const query of QUERIES) {
      const hits = reference.search(query)!
      const found = (await searchEntries(db, query))!
      expect([...found.ids].sort(), query).toEqual(hits.map((hit) => DOCS[hit.index]!.id).sort())
      expect(found.named.map((hit) => `${hit.id}:${hit.tier}`).sort(), query).toEqual(
        hits
          .filter((hit) => hit.tier > 0)
          .map((hit) => `${DOCS[hit.index]!.id}:${hit.tier}`)
          .sort(),
      )
    }
  })

  it('has no answer for a query without words', async () => {
    for (const query of ['', '   ', '.*+?', '%_', '\u0000\uffff']) {
      expect(await searchEntries(db, query)).toBeNull()
    }
    for (const query of ['x'.repeat(2000), 'שלום 你好', 'zz:* | !a']) {
      await expect(searchEntries(db, query)).resolves.toEqual({ named: [], ids: [] })
    }
  })

  it('lists the name before the description, whole words before prefixes, typos included', async () => {
    const catalog = await openCatalog(db, `search-${kind}`)
    const list = async (search: string, extra: Record<string, string> = {}) =>
      catalog.list(apiListQuerySchema.parse({ search, ...extra }))
    const ids = async (search: string) => (await list(search)).apis.map((api) => api.id)

    // Stripe's own API, a name that starts with the word, then the description that has it.
    expect(await ids('stripe')).toEqual(['stripe', 'stripe-helper', 'gateway'])
    expect(await ids('stirpe')).toEqual(['stripe', 'stripe-helper'])
    expect((await ids('twilo'))[0]).toBe('twilio')
    // A whole name word beats a word inside a compound name.
    expect(await ids('weather')).toEqual(['weather', 'openweathermap'])
    expect(await ids('forecast')).toEqual(['weather', 'openweathermap'])
    // Counts are exact, filtered or not; category counts are every entry's.
    expect((await list('stripe')).total).toBe(3)
    expect((await list('stripe', { category: 'payments', limit: '1' })).total).toBe(3)
    expect((await list('text', { category: 'text-language' })).total).toBe(2)
    expect(catalog.categories.map((category) => [category.slug, category.count])).toEqual(
      CATEGORIES.map((slug) => [slug, DOCS.filter((doc) => doc.category === slug).length]),
    )
  })
})
