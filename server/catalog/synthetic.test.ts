import { describe, expect, it } from 'vitest'
import { apiDetailSchema } from '../../src/contract/apis'
import { CATEGORIES } from './categories'
import { operationSummarySchema, parameterSchema } from '../../src/contract/operations'
import { SYNTHETIC_ID_PREFIX, syntheticApi, syntheticApis, syntheticOperations } from './synthetic'

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

  it('have one operation per endpoint of their record, each key unique, with its parameters', () => {
    let total = 0
    for (const api of syntheticApis(0, 2_000)) {
      const { id, operations, servers } = syntheticOperations(api)
      expect(id).toBe(api.id)
      expect(servers.map((server) => server.url)).toEqual([api.baseUrl])
      expect(operations.map(({ method, path, summary }) => ({ method, path, summary }))).toEqual(
        api.endpoints,
      )
      expect(new Set(operations.map((operation) => operation.operationKey)).size).toBe(
        operations.length,
      )
      for (const operation of operations) {
        operationSummarySchema.parse(operation)
        for (const parameter of operation.parameters) parameterSchema.parse(parameter)
        const named = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])
        expect(
          operation.parameters.filter((p) => p.in === 'path').map((p) => p.name),
          operation.path,
        ).toEqual(named)
      }
      total += operations.length
    }
    // About 6.7 an API: with the real seed's, some 800,000 at 100,000 APIs.
    expect(total / 2_000).toBeGreaterThan(6)
    expect(total / 2_000).toBeLessThan(7.5)
    expect(syntheticOperations(syntheticApi(0)).operations[0]).toMatchObject({
      operationKey: expect.stringMatching(/^(list|get|create|delete)[A-Z]/),
    })
  })
})
