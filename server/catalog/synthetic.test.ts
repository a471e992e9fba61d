import { describe, expect, it } from 'vitest'
import { apiDetailSchema } from '../../src/contract/apis'
import { CATEGORIES } from './categories'
import { SYNTHETIC_ID_PREFIX, syntheticApi, syntheticApis } from './synthetic'

describe('synthetic APIs', () => {
  it('are the same records on every run, and a smaller catalogue is the start of a larger', () => {
    expect(syntheticApis(0, 50)).toEqual(syntheticApis(0, 50))
    expect(syntheticApis(0, 200).slice(0, 50)).toEqual(syntheticApis(0, 50))
    expect(syntheticApi(12_345)).toEqual(syntheticApis(12_340, 12_350)[5])
    // Fixed output: a change to the generator must raise SYNTHETIC_VERSION (the catalogue hash).
    expect(syntheticApi(0)).toMatchObject({
      id: 'synthetic-000001-pinegate-managed-database',
      name: 'Pinegate Managed Database API',
      category: 'cloud',
    })
  })

  it('vary across every category, with unique ids and operations of their own', () => {
    const apis = syntheticApis(0, 5_000)
    expect(new Set(apis.map((api) => api.id)).size).toBe(apis.length)
    expect(new Set(apis.map((api) => api.category))).toEqual(
      new Set(CATEGORIES.map((category) => category.slug)),
    )
    expect(new Set(apis.map((api) => api.name)).size).toBeGreaterThan(4_000)
    expect(new Set(apis.map((api) => api.auth)).size).toBeGreaterThan(3)
    for (const api of apis.slice(0, 100)) {
      expect(api.endpoints.length).toBeGreaterThan(0)
      expect(api.endpointCount).toBe(api.endpoints.length)
      expect(new Set(api.endpoints.map((e) => `${e.method} ${e.path}`)).size).toBe(
        api.endpoints.length,
      )
    }
  })

  it('are marked as synthetic and reach no real domain', () => {
    for (const api of syntheticApis(0, 500)) {
      expect(api.sources).toEqual(['synthetic'])
      expect(api.id.startsWith(SYNTHETIC_ID_PREFIX)).toBe(true)
      expect(api.provider).toMatch(/\.example$/)
      expect(new URL(api.baseUrl!).hostname).toMatch(/\.example$/)
      expect(new URL(api.docs!).hostname).toMatch(/\.example$/)
      expect(api.description).toMatch(/not a real API/)
      expect(api.entry).toBe(api.id)
    }
  })

  it('fit the contract', () => {
    for (const api of syntheticApis(0, 200)) {
      expect(() =>
        apiDetailSchema.parse({
          ...api,
          versions: [{ id: api.id, label: api.id }],
          descriptionHtml: '',
          health: null,
          verified: null,
        }),
      ).not.toThrow()
    }
  })
})
