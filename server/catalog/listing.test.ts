// The catalogue's lists keep each order ready, whole and per category, and filter flat arrays of
// facts: every page must be what filtering the whole order, entry by entry, gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiListQuerySchema, type ApiSummary, type AuthKind } from '../../src/contract/apis'
import { migrate } from '../db/migrate'
import { openTestDb, testConfig, type TestDb } from '../testing/testDb'
import { openCatalog, type Catalog } from './catalog'
import { loadCatalog } from './load'
import { readSeed } from './seed'
import { syntheticApis } from './synthetic'

const SYNTHETIC = 400
const SORTS = [undefined, 'popular', 'name', 'updated', 'relevance'] as const
const FILTERS: Record<string, string>[] = [
  {},
  { auth: 'oauth2' },
  { free: 'true' },
  { free: 'unknown', auth: 'apiKey' },
  { https: 'true', cors: 'false' },
  { cors: 'unknown', free: 'false' },
]

describe('catalogue lists', () => {
  let db: TestDb
  let catalog: Catalog
  const authTypes = new Map<string, AuthKind[]>()

  beforeAll(async () => {
    db = await openTestDb('pglite')
    await migrate(db, testConfig().migrationsDir)
    await loadCatalog(db, undefined, { synthetic: SYNTHETIC })
    catalog = await openCatalog(db, 'lists')
    for (const api of [...(await readSeed()).seed.apis, ...syntheticApis(0, SYNTHETIC)]) {
      authTypes.set(api.id, api.authTypes)
    }
  }, 120_000)
  afterAll(() => db?.dispose())

  /** Every entry of a list, page by page. */
  const all = async (query: Record<string, string>) => {
    const entries: ApiSummary[] = []
    for (let page = 1; ; page++) {
      const { apis, total } = await catalog.list(
        apiListQuerySchema.parse({ ...query, page: String(page), limit: '100' }),
      )
      entries.push(...apis)
      if (entries.length >= total || apis.length === 0) return { entries, total }
    }
  }

  const tri = (value: boolean | null, wanted: string | undefined) =>
    wanted === undefined || (wanted === 'unknown' ? value === null : value === (wanted === 'true'))

  const keeps = (filter: Record<string, string>, category?: string) => (api: ApiSummary) =>
    (category === undefined || api.category === category) &&
    (filter.auth === undefined || authTypes.get(api.id)!.includes(filter.auth as AuthKind)) &&
    tri(api.free, filter.free) &&
    tri(api.https, filter.https) &&
    tri(api.cors, filter.cors)

  it('pages through every order and filter as a filter of the whole order would', async () => {
    for (const sort of SORTS) {
      const whole = (await all(sort ? { sort } : {})).entries
      expect(whole).toHaveLength(catalog.categories.reduce((sum, c) => sum + c.count, 0))
      for (const category of [undefined, 'payments', 'cloud']) {
        for (const filter of FILTERS) {
          const query = { ...filter, ...(sort ? { sort } : {}), ...(category ? { category } : {}) }
          const expected = whole.filter(keeps(filter, category))
          const { entries, total } = await all(query)
          expect(total, JSON.stringify(query)).toBe(expected.length)
          expect(entries.map((api) => api.id)).toEqual(expected.map((api) => api.id))
          // A page from the middle is that slice of it.
          const page = await catalog.list(
            apiListQuerySchema.parse({ ...query, page: '2', limit: '7' }),
          )
          expect(page.apis.map((api) => api.id)).toEqual(expected.slice(7, 14).map((api) => api.id))
        }
      }
    }
  })

  it('filters a search in its own order, and in any order asked for', async () => {
    for (const search of ['payments', 'cloud storage', 'stripe']) {
      for (const sort of [undefined, 'name', 'updated']) {
        const whole = (await all({ search, ...(sort ? { sort } : {}) })).entries
        for (const filter of FILTERS) {
          for (const category of [undefined, 'payments']) {
            const query = {
              search,
              ...filter,
              ...(sort ? { sort } : {}),
              ...(category ? { category } : {}),
            }
            const expected = whole.filter(keeps(filter, category))
            const { entries, total } = await all(query)
            expect(total, JSON.stringify(query)).toBe(expected.length)
            expect(entries.map((api) => api.id)).toEqual(expected.map((api) => api.id))
          }
        }
      }
    }
  })

  it('counts every category exactly', async () => {
    for (const category of catalog.categories) {
      const { total } = await catalog.list(apiListQuerySchema.parse({ category: category.slug }))
      expect(total).toBe(category.count)
    }
  })
})
