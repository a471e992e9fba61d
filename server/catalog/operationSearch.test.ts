// Search by task on PGlite and on Postgres: operation words stemmed by the database's 'english'
// configuration, indexed per entry, ranked with the entry's own words; families shown once; the
// operations that matched listed with each result.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiListQuerySchema } from '../../src/contract/apis'
import { migrate } from '../db/migrate'
import { describeEachDb, openTestDb, testConfig, type TestDb } from '../testing/testDb'
import { openCatalog } from './catalog'
import { indexOperationWords, matchedOperations, writeOperationWords } from './operationSearch'
import { countSearchWords, indexUnsearched, nameTier, searchTasks } from './searchDb'

type Doc = { id: string; name: string; provider: string; summary: string }
type Operation = { key: string; method: string; path: string; summary: string; tags?: string[] }

const SUMMARY = 'This is the public Twilio REST API.'
const DOCS: (Doc & { operations: Operation[] })[] = [
  {
    id: 'twilio-api',
    name: 'Twilio - Api',
    provider: 'twilio.com',
    summary: SUMMARY,
    operations: [
      {
        key: 'CreateMessage',
        method: 'post',
        path: '/2010-04-01/Accounts/{AccountSid}/Messages.json',
        summary: 'Send a message',
      },
      {
        key: 'ListCall',
        method: 'get',
        path: '/2010-04-01/Accounts/{AccountSid}/Calls.json',
        summary: 'List calls',
      },
    ],
  },
  {
    id: 'twilio-chat',
    name: 'Twilio - Chat',
    provider: 'twilio.com',
    summary: SUMMARY,
    operations: [
      { key: 'CreateChannel', method: 'post', path: '/v2/Channels', summary: 'Create a channel' },
    ],
  },
  {
    id: 'smsly',
    name: 'Smsly',
    provider: 'smsly.example',
    summary: 'Bulk notifications for shops.',
    operations: [
      { key: 'getBalance', method: 'get', path: '/balance', summary: 'Account balance' },
      { key: 'sendSms', method: 'post', path: '/sms', summary: 'Send an SMS', tags: ['SMS'] },
    ],
  },
  {
    id: 'mailer',
    name: 'Mailer',
    provider: 'mailer.example',
    summary: 'Newsletters.',
    operations: [
      { key: 'sendEmail', method: 'post', path: '/mail/send', summary: 'Send an email' },
    ],
  },
  { id: 'dogs', name: 'Dogs', provider: 'dog.ceo', summary: 'Pictures of dogs.', operations: [] },
  {
    id: 'coins',
    name: 'CoinTicker',
    provider: 'cointicker.example',
    summary: 'Cryptocurrencies Prices',
    operations: [],
  },
  {
    id: 'shop',
    name: 'Shop',
    provider: 'shop.example',
    summary: 'An online shop.',
    operations: [
      { key: 'listPrices', method: 'get', path: '/prices', summary: 'List prices' },
      { key: 'getCurrency', method: 'get', path: '/currencies', summary: 'Get a currency' },
    ],
  },
  {
    id: 'pokedex',
    name: 'Pokédex',
    provider: 'pokedex.example',
    summary: 'Pokémon information',
    operations: [],
  },
  // The same name twice: the one whose address is the query is the one meant.
  {
    id: 'cat-facts-page',
    name: 'Cat Facts',
    provider: 'someone.github.io',
    summary: 'Random cat facts',
    operations: [],
  },
  {
    id: 'cat-facts',
    name: 'Cat Facts',
    provider: 'catfact.ninja',
    summary: 'Random cat facts',
    operations: [],
  },
  // Both create and both have repositories; only one has an operation that creates a repository.
  {
    id: 'forge',
    name: 'Forge',
    provider: 'forge.example',
    summary: 'Code hosting.',
    operations: [
      { key: 'reposCreate', method: 'post', path: '/repos', summary: 'Create a repository' },
    ],
  },
  {
    id: 'tracker',
    name: 'Tracker',
    provider: 'tracker.example',
    summary: 'Code hosting.',
    operations: [
      { key: 'issuesCreate', method: 'post', path: '/issues', summary: 'Create an issue' },
      { key: 'reposList', method: 'get', path: '/repos', summary: 'List repositories' },
    ],
  },
  // Both say both words; one says them as the phrase people type.
  {
    id: 'almanac',
    name: 'Almanac',
    provider: 'almanac.example',
    summary: 'Weather stations, and a forecast of tides.',
    operations: [],
  },
  {
    id: 'skies',
    name: 'Skies',
    provider: 'skies.example',
    summary: 'Global weather forecast data.',
    operations: [],
  },
  {
    id: 'revenue',
    name: 'Revenue Reports',
    provider: 'revenue.state.example',
    summary: 'Dog licence fees, and reports for the ceo of each county.',
    operations: [],
  },
]

describeEachDb('search by task', (kind) => {
  let db: TestDb

  beforeAll(async () => {
    db = await openTestDb(kind)
    await migrate(db, testConfig().migrationsDir)
    await db.query(
      `insert into categories (slug, name, description, icon, position)
       values ('communication', 'Communication', '', 'icon', 0)`,
    )
    for (const doc of DOCS) {
      await db.query(
        `insert into apis (id, name, provider, summary, description, category, auth, auth_types,
           rating, version, updated, endpoint_count, endpoints, entry)
         values ($1, $2, $3, $4, '', 'communication', 'none', '{none}', 0, '1', '2026-01-01', $5,
           '[]', $1)`,
        [doc.id, doc.name, doc.provider, doc.summary, doc.operations.length],
      )
      for (const [position, operation] of doc.operations.entries()) {
        await db.query(
          `insert into api_operations (api_id, operation_key, position, method, path, operation_id,
             summary, tags, deprecated, detail)
           values ($1, $2, $3, $4, $5, $2, $6, $7, false, '{}')`,
          [
            doc.id,
            operation.key,
            position,
            operation.method,
            operation.path,
            operation.summary,
            operation.tags ?? [],
          ],
        )
      }
    }
    await indexUnsearched(db)
    await writeOperationWords(db)
    expect(await indexOperationWords(db)).toBe(DOCS.length)
    await countSearchWords(db)
  })
  afterAll(() => db?.dispose())

  it('indexes each entry once, stemmed, and an entry without operations as empty', async () => {
    expect(await indexOperationWords(db)).toBe(0)
    const [twilio] = await db.query<{ ops: string }>(
      "select ops::text as ops from api_search where id = 'twilio-api'",
    )
    // Summary and operationId words weigh C; path words only D. "Messages" and "message" are one.
    expect(twilio!.ops).toContain("'messag':1C")
    expect(twilio!.ops).toContain("'send':1C")
    // Weight D is the one a vector prints without its letter.
    expect(twilio!.ops).toContain("'account':1,2 ")
    const [dogs] = await db.query<{ ops: string }>(
      "select ops::text as ops from api_search where id = 'dogs'",
    )
    expect(dogs!.ops).toBe('')
  })

  it('matches words as the documents say them: stems and a few synonyms', async () => {
    const found = (await searchTasks(db, 'sending messages'))!
    const twilio = found.hits.find((hit) => hit.id === 'twilio-api')
    expect(twilio?.covered).toBeCloseTo(1)
    expect(twilio!.opRank).toBeGreaterThan(0)
    // "sms" stands for a message too, for half a word; stop words say nothing.
    const sms = (await searchTasks(db, 'send an sms'))!
    expect(sms.tokens).toEqual(['send', 'sms'])
    const smsOf = (id: string) => sms.hits.find((hit) => hit.id === id)!
    expect(smsOf('smsly').covered).toBeCloseTo(1)
    expect(smsOf('twilio-api').covered).toBeGreaterThan(0.5)
    expect(smsOf('twilio-api').covered).toBeLessThan(1)
    // "sms" is the rarer word here (one entry says it, two say "send"): it is more of the query.
    expect(smsOf('mailer').covered).toBeLessThan(0.5)
    expect(smsOf('twilio-api').opRank).toBeLessThan(smsOf('smsly').opRank)
    expect(await searchTasks(db, '  ')).toBeNull()
    for (const query of ["'; drop table apis; --", "o'brien \\ 'a':* & !b", 'x'.repeat(500)]) {
      await expect(searchTasks(db, query)).resolves.toBeTruthy()
    }
  })

  it('knows which words one operation says together', async () => {
    const [forge] = await db.query<{ pairs: string }>(
      "select pairs::text as pairs from api_search where id = 'forge'",
    )
    // Its summary's and operationId's words, two by two, stemmed and in alphabetical order.
    expect(forge!.pairs).toContain("'creat repositori'")
    expect(forge!.pairs).toContain("'creat repo'")
    const [dogs] = await db.query<{ pairs: string }>(
      "select pairs::text as pairs from api_search where id = 'dogs'",
    )
    expect(dogs!.pairs).toBe('')

    const repository = (await searchTasks(db, 'create a repository'))!
    const of = (id: string) => repository.hits.find((hit) => hit.id === id)!
    // Both hold both words in their operations; only one operation creates a repository.
    expect(of('forge').covered).toBeCloseTo(1)
    expect(of('tracker').covered).toBeCloseTo(1)
    expect(of('forge').together).toBeCloseTo(1)
    expect(of('tracker').together).toBe(0)
    // Said only through a synonym ("message" for "sms"), a pair counts for half.
    const sms = (await searchTasks(db, 'send an sms'))!
    expect(sms.hits.find((hit) => hit.id === 'smsly')!.together).toBeCloseTo(1)
    expect(sms.hits.find((hit) => hit.id === 'twilio-api')!.together).toBeCloseTo(0.5)
    // A word alone makes no pair.
    expect((await searchTasks(db, 'repository'))!.hits.every((hit) => hit.together === 0)).toBe(
      true,
    )

    const catalog = await openCatalog(db, `together-${kind}`)
    const found = await catalog.list(apiListQuerySchema.parse({ search: 'create a repository' }))
    expect(found.apis.slice(0, 2).map((api) => api.id)).toEqual(['forge', 'tracker'])
  })

  it('reads the entries holding a word once per catalogue, and ranks the same from the count kept', async () => {
    const counted: unknown[] = []
    const watched = {
      ...db,
      query: (text: string, params?: unknown[]) => {
        if (/search_word_counts/.test(text)) counted.push(params)
        return db.query(text, params)
      },
    } as typeof db
    const held = new Map<string, number>()
    const afresh = (await searchTasks(db, 'send an sms', 5))!
    const first = (await searchTasks(watched, 'send an sms', 5, held))!
    expect(counted).toEqual([[['send', 'sms']]])
    expect(Object.fromEntries(held)).toEqual({ "'send'": 3, "'sms'": 1 })
    expect(first.hits).toEqual(afresh.hits)
    // The same words again, in any query: nothing is counted, and the ranks are as fresh.
    counted.length = 0
    expect((await searchTasks(watched, 'send an sms', 5, held))!.hits).toEqual(afresh.hits)
    await searchTasks(watched, 'sms send', 5, held)
    expect(counted).toEqual([])
    // Only a word not counted yet is counted.
    await searchTasks(watched, 'send a channel', 5, held)
    expect(counted).toEqual([[['channel']]])
    expect(held.get("'channel'")).toBe(1)
  })

  it('reads the counts written as entries were indexed, and leaves out entries holding only a common word', async () => {
    const [send] = await db.query<{ entries: number }>(
      "select entries from search_word_counts where word = 'send'",
    )
    // Twilio's message, Smsly's SMS and Mailer's email are sent.
    expect(Number(send!.entries)).toBe(3)
    const ids = (found: Awaited<ReturnType<typeof searchTasks>>) =>
      found!.hits.map((hit) => hit.id).sort()
    // Of all the entries, three in fifteen hold "send": it is a telling word, and Mailer, which
    // sends email and says nothing of SMS, is a result.
    expect(ids(await searchTasks(db, 'send an sms'))).toContain('mailer')
    // Among eight entries, three is more than a quarter: "send" is common, and only entries
    // holding "sms" (or a message, its synonym) are results.
    const narrowed = ids(await searchTasks(db, 'send an sms', 8))
    expect(narrowed).toEqual(['smsly', 'twilio-api'])
    // A query of common words only still finds them.
    expect(ids(await searchTasks(db, 'send', 8))).toEqual(['mailer', 'smsly', 'twilio-api'])
  })

  it('ranks by the task, one result per family, with the operations that matched', async () => {
    const catalog = await openCatalog(db, `task-${kind}`)
    const list = (search: string, extra: Record<string, string> = {}) =>
      catalog.list(apiListQuerySchema.parse({ search, ...extra }))

    const sms = await list('send sms')
    expect(sms.apis[0]!.id).toBe('smsly')
    expect(sms.apis[0]!.matchedOperations).toEqual([
      { operationKey: 'sendSms', method: 'POST', path: '/sms', summary: 'Send an SMS' },
    ])
    const twilio = sms.apis.find((api) => api.provider === 'twilio.com')!
    expect(twilio.id).toBe('twilio-api')
    expect(twilio.matchedOperations?.[0]?.operationKey).toBe('CreateMessage')
    expect(twilio.family).toEqual({ slug: 'twilio-com', provider: 'twilio.com', size: 2 })
    // Twilio's two documents are one result.
    expect(sms.apis.filter((api) => api.provider === 'twilio.com')).toHaveLength(1)

    const named = await list('twilio')
    expect(named.apis.map((api) => api.id)).toEqual(['twilio-api'])
    expect(named.total).toBe(1)

    // An API whose own summary says the task, in other forms of the words, before one whose
    // operations hold them apart.
    expect((await list('cryptocurrency price')).apis.map((api) => api.id)).toEqual([
      'coins',
      'shop',
    ])

    // A provider's address as words puts it first, before a text that holds both words.
    expect((await list('dog ceo')).apis[0]!.id).toBe('dogs')
    expect((await list('send email')).apis[0]!.id).toBe('mailer')
    // An address is more than a name several entries share.
    expect((await list('cat fact')).apis.map((api) => api.id)).toEqual([
      'cat-facts',
      'cat-facts-page',
    ])
    // Accents are read away on both sides.
    expect((await list('pokemon')).apis.map((api) => api.id)).toEqual(['pokedex'])
    // The words side by side, as typed, before the same words apart.
    expect((await list('weather forecast')).apis.map((api) => api.id)).toEqual(['skies', 'almanac'])
  })

  it("lists a family's parts, and searches within them", async () => {
    const catalog = await openCatalog(db, `family-${kind}`)
    const parts = await catalog.list(apiListQuerySchema.parse({ provider: 'twilio-com' }))
    expect(parts.apis.map((api) => api.id).sort()).toEqual(['twilio-api', 'twilio-chat'])
    expect(parts.apis.every((api) => api.family?.size === 2)).toBe(true)
    const searched = await catalog.list(
      apiListQuerySchema.parse({ provider: 'twilio-com', search: 'channel' }),
    )
    expect(searched.apis.map((api) => api.id)).toEqual(['twilio-chat'])
    expect(
      (await catalog.list(apiListQuerySchema.parse({ provider: 'nobody-example' }))).total,
    ).toBe(0)
    expect(catalog.family('twilio-com')).toEqual({
      slug: 'twilio-com',
      provider: 'twilio.com',
      size: 2,
    })
    expect(catalog.families().map((family) => family.slug)).toContain('dog-ceo')
  })

  it('lists at most three matched operations per API, best first', async () => {
    const found = await matchedOperations(db, ['smsly', 'twilio-api', 'dogs'], "'sms' | 'send'")
    expect(found.get('smsly')?.map((operation) => operation.operationKey)).toEqual(['sendSms'])
    expect(found.get('twilio-api')?.map((operation) => operation.operationKey)).toEqual([
      'CreateMessage',
    ])
    expect(found.has('dogs')).toBe(false)
    expect((await matchedOperations(db, [], "'sms'")).size).toBe(0)
  })
})

it('reads a provider address as words, above a name', () => {
  expect(nameTier(['dog', 'ceo'], 'Dogs', 'dog.ceo')).toBe(4)
  expect(nameTier(['cat', 'fact'], 'Cat Facts', 'catfact.ninja')).toBe(4)
  expect(nameTier(['open', 'meteo'], 'Open-Meteo', 'open-meteo.com')).toBe(4)
  expect(nameTier(['rest', 'countries'], 'REST Countries', 'restcountries.com')).toBe(4)
  expect(nameTier(['cat', 'facts'], 'Cat Facts', 'someone.github.io')).toBe(3)
  expect(nameTier(['cat', 'fact'], 'Cat Facts', 'someone.github.io')).toBe(3)
  expect(nameTier(['stripe'], 'Stripe Checkout Helper', 'example.com')).toBe(2)
  expect(nameTier(['ceo', 'dog'], 'Dogs', 'dog.ceo')).toBe(1)
  expect(nameTier(['dog', 'licence'], 'Revenue Reports', 'revenue.state.example')).toBe(0)
})
