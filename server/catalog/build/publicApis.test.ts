import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CATEGORY_SLUGS } from '../../../src/contract/categories'
import {
  mergePublicApis,
  nameFit,
  ownerOf,
  parsePublicApis,
  SECTION_CATEGORIES,
  SPONSORED_SECTION,
  type ListRow,
} from './publicApis'
import type { SeedApi } from '../seed'

const LIST = readFileSync(
  path.join(import.meta.dirname, 'sources', 'public-apis', 'README.md'),
  'utf8',
)

describe('the public-apis list as committed', () => {
  const rows = parsePublicApis(LIST)

  it('gives every row of every table, the sponsored block included', () => {
    // Every table line that starts with a link, counted independently of the parser.
    const tableRows = LIST.split('\n').filter((line) => /^\|\s*\[/.test(line))
    expect(rows).toHaveLength(tableRows.length)
    expect(rows).toHaveLength(1706)
    expect(rows.filter((row) => row.section === SPONSORED_SECTION)).toHaveLength(11)
  })

  it('reads the sponsored block’s rows, Postman buttons and all, without inventing columns', () => {
    const ipstack = rows.find((row) => row.name === 'IPstack' && row.section === SPONSORED_SECTION)
    expect(ipstack).toMatchObject({
      description: 'Locate and Identify Website Visitors by IP Address',
      auth: null,
      https: null,
      cors: null,
    })
    expect(ipstack!.url).toMatch(/^https:\/\/ipstack\.com\//)
    // A Postman link without a scheme in the third column does not leak into the row.
    const filestack = rows.find((row) => row.name === 'Filestack')!
    expect(filestack.url).toBe('https://www.filestack.com/signup-start/')
  })

  it('reads Auth, HTTPS and CORS, trailing empty cells and backticks included', () => {
    const byName = (name: string, url: string) =>
      rows.find((row) => row.name === name && row.url.startsWith(url))
    expect(byName('Cat Facts', 'https://alexwohlbruck')).toMatchObject({
      section: 'Animals',
      auth: 'none',
      https: true,
      cors: false,
    })
    expect(byName('Dogs', 'https://dog.ceo')).toMatchObject({ auth: 'none', cors: true })
    expect(byName('GitHub', 'https://docs.github.com')).toMatchObject({
      auth: 'oauth2',
      https: true,
      cors: true,
    })
    expect(byName('OpenWeatherMap', 'https://openweathermap.org')).toMatchObject({
      auth: 'apiKey',
      cors: null,
    })
    expect(byName('Discord', 'https://discord.com')).toMatchObject({ auth: 'oauth2', cors: null })
  })

  it('places each of its categories in one of ours', () => {
    const sections = new Set(rows.map((row) => row.section))
    sections.delete(SPONSORED_SECTION)
    expect(sections.size).toBe(51)
    for (const section of sections) expect(CATEGORY_SLUGS).toContain(SECTION_CATEGORIES[section])
  })
})

describe('whose an address is', () => {
  it.each([
    ['https://docs.github.com/en/rest', 'github.com', true],
    ['https://api.tfl.gov.uk/', 'tfl.gov.uk', true],
    ['https://www.dog.ceo/dog-api/', 'dog.ceo', true],
    ['https://github.com/wh-iterabb-it/meowfacts', 'github.com/wh-iterabb-it', false],
    ['https://alexwohlbruck.github.io/cat-facts/', 'alexwohlbruck.github.io', false],
    ['https://documenter.getpostman.com/view/1/2', 'documenter.getpostman.com', false],
    ['https://rapidapi.com/someone/api/thing', 'rapidapi.com/someone', false],
  ])('%s belongs to %s', (url, provider, matchable) => {
    expect(ownerOf(url)).toEqual({ provider, matchable })
  })

  it('is nobody’s when it is no web address', () => {
    expect(ownerOf('mailto:someone@example.com')).toBeUndefined()
    expect(ownerOf('not a url')).toBeUndefined()
  })
})

describe('how well two names fit', () => {
  it('ignores API, REST and versions, and prefers the closer name', () => {
    expect(nameFit('GitHub', 'GitHub v3 REST API')).toBe(1)
    expect(nameFit('Open-Meteo', 'OpenMeteo')).toBe(1)
    expect(nameFit('YouTube', 'YouTube Data API v3')).toBe(0.5)
    expect(nameFit('Stripe', 'Twilio')).toBe(0)
  })
})

const record = (overrides: Partial<SeedApi>): SeedApi => ({
  id: 'example-com',
  name: 'Example API',
  provider: 'example.com',
  summary: 'An example',
  category: 'developer-tools',
  auth: 'none',
  authTypes: ['none'],
  baseUrl: 'https://api.example.com',
  https: null,
  cors: null,
  free: null,
  rating: null,
  logo: null,
  version: '1',
  updated: '2026-08-21',
  description: 'An example',
  docs: null,
  endpoints: [],
  endpointCount: 3,
  sources: ['apis-guru'],
  service: '',
  preferred: false,
  entry: 'example-com',
  entryRank: 0,
  entrySize: 1,
  variant: '',
  ...overrides,
})

const row = (overrides: Partial<ListRow>): ListRow => ({
  name: 'Example',
  url: 'https://example.com/docs',
  description: 'Examples for everyone',
  section: 'Development',
  auth: 'apiKey',
  https: true,
  cors: true,
  ...overrides,
})

const facts = { retrieved: '2026-11-26', classifyRow: () => 'open-data' as const }

describe('merging the list into the OpenAPI catalogue', () => {
  it('fills what the document leaves unknown on every version of the matched API', () => {
    const records = [
      record({ id: 'example-com', https: false }),
      record({ id: 'example-com-v2', version: '2' }),
      record({ id: 'example-com-other', name: 'Other Service', auth: 'basic' }),
    ]
    const { apis, report } = mergePublicApis(records, [row({})], facts)
    expect(report).toMatchObject({ rows: 1, matched: 1, matchedRecords: 2, added: 0 })
    expect(apis.find((api) => api.id === 'example-com')).toMatchObject({
      https: false, // the document said so; the list does not overrule it
      cors: true,
      auth: 'apiKey',
      authTypes: ['apiKey'],
      free: true,
      sources: ['apis-guru', 'public-apis'],
    })
    expect(apis.find((api) => api.id === 'example-com-v2')).toMatchObject({ https: true })
    expect(apis.find((api) => api.id === 'example-com-other')).toMatchObject({
      free: null,
      sources: ['apis-guru'],
    })
  })

  it('adds a row no record matches as an API without operations, free, with its docs', () => {
    const { apis, report } = mergePublicApis(
      [record({})],
      [row({ name: 'Dogs', url: 'https://dog.ceo/dog-api/', auth: 'none', cors: null })],
      facts,
    )
    expect(report).toMatchObject({ matched: 0, added: 1 })
    expect(apis[1]).toEqual({
      id: 'dogs-dog-ceo',
      name: 'Dogs',
      provider: 'dog.ceo',
      summary: 'Examples for everyone',
      category: 'open-data',
      auth: 'none',
      authTypes: ['none'],
      baseUrl: null,
      https: true,
      cors: null,
      free: true,
      rating: null,
      logo: null,
      version: '',
      updated: '2026-11-26',
      description: 'Examples for everyone',
      docs: 'https://dog.ceo/dog-api/',
      endpoints: [],
      endpointCount: 0,
      sources: ['public-apis'],
      service: '',
      preferred: false,
      entry: 'dogs-dog-ceo',
      entryRank: 0,
      entrySize: 1,
      variant: '',
    })
  })

  it('never matches a project hosted on GitHub to GitHub’s own API', () => {
    const github = record({ id: 'github-com', name: 'GitHub v3 REST API', provider: 'github.com' })
    const { report } = mergePublicApis(
      [github],
      [row({ name: 'GitHub ReadMe Stats', url: 'https://github.com/someone/readme-stats' })],
      facts,
    )
    expect(report).toMatchObject({ matched: 0, added: 1 })
  })

  it('needs the name to fit where a domain has several APIs', () => {
    const records = [
      record({
        id: 'g-youtube',
        name: 'YouTube Data API v3',
        provider: 'g.com',
        service: 'youtube',
      }),
      record({ id: 'g-sheets', name: 'Google Sheets API', provider: 'g.com', service: 'sheets' }),
    ]
    const rows = [
      row({ name: 'YouTube', url: 'https://g.com/youtube' }),
      row({ name: 'Gmail', url: 'https://g.com/gmail' }),
    ]
    const { apis, report } = mergePublicApis(records, rows, facts)
    expect(report).toMatchObject({ matched: 1, added: 1 })
    expect(apis.find((api) => api.id === 'g-youtube')!.sources).toContain('public-apis')
    expect(apis.find((api) => api.id === 'g-sheets')!.sources).toEqual(['apis-guru'])
  })

  it.each([
    [
      'SpaceTradersAPI',
      'https://spacetraders.io?rel=pub-apis',
      'SpaceTraders API',
      'spacetraders.io',
    ],
    ['Remove.bg', 'https://www.remove.bg/api', 'Background Removal API', 'remove.bg'],
    ['TVDB', 'https://thetvdb.com/api-information', 'TheTVDB API v3', 'thetvdb.com'],
    ['Open Science Framework', 'https://osf.io/', 'OSF APIv2 Documentation', 'osf.io'],
    ['Open Movie Database', 'http://www.omdbapi.com/', 'OMDb', 'omdbapi.com'],
    [
      'airportsapi',
      'https://airport-web.appspot.com/api/docs/',
      'airportsapi',
      'airport-web.appspot.com',
    ],
  ])(
    'takes “%s” (%s) for the document “%s”, the one API of its domain',
    (name, url, recordName, provider) => {
      const document = record({ id: 'the-one', name: recordName, provider, baseUrl: null })
      const { apis, report } = mergePublicApis([document], [row({ name, url })], facts)
      expect(report).toMatchObject({ matched: 1, added: 0 })
      expect(apis).toHaveLength(1)
      expect(apis[0]!.sources).toEqual(['apis-guru', 'public-apis'])
    },
  )

  it('keeps a row apart from an unrelated API that happens to share its domain', () => {
    const media = record({ name: 'HHS Media Services API', provider: 'hhs.gov', baseUrl: null })
    const { report } = mergePublicApis(
      [media],
      [row({ name: 'NPPES', url: 'https://npiregistry.cms.hhs.gov/registry/help-api' })],
      facts,
    )
    expect(report).toMatchObject({ matched: 0, added: 1 })
  })

  it('matches on a shared host only the API of that host', () => {
    const airports = record({
      name: 'airportsapi',
      provider: 'airport-web.appspot.com',
      baseUrl: null,
    })
    const { report } = mergePublicApis(
      [airports],
      [row({ name: 'airportsapi', url: 'https://other-app.appspot.com/' })],
      facts,
    )
    expect(report).toMatchObject({ matched: 0, added: 1 })
  })

  it('counts a row listed twice, or again in the sponsored block, once', () => {
    const rows = [
      row({ name: 'Weatherstack', url: 'https://weatherstack.com/', section: 'Weather' }),
      row({ name: 'Weatherstack', url: 'https://weatherstack.com/?utm_source=Github' }),
      row({ name: 'Weatherstack', url: 'https://weatherstack.com/', section: SPONSORED_SECTION }),
    ]
    const { apis, report } = mergePublicApis([], rows, facts)
    expect(report).toMatchObject({ rows: 3, duplicates: 2, added: 1 })
    expect(apis).toHaveLength(1)
  })

  it('drops marketing parameters from the addresses it keeps', () => {
    const { apis } = mergePublicApis(
      [],
      [
        row({
          url: 'https://ipstack.com/?utm_source=Github&utm_medium=Referral',
          section: SPONSORED_SECTION,
        }),
      ],
      facts,
    )
    expect(apis[0]!.docs).toBe('https://ipstack.com/')
  })
})
