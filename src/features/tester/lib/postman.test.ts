import { describe, expect, it } from 'vitest'
import { emptyDraft } from './draft'
import { exportCollection, importCollection, ImportError, POSTMAN_SCHEMA } from './postman'
import type { Collection, Environment } from './workbenchTypes'

const ids = () => {
  let n = 0
  return () => `id-${++n}`
}

const collection: Collection = {
  id: 'c1',
  name: 'Stripe',
  items: [
    {
      kind: 'folder',
      id: 'f1',
      name: 'Customers',
      items: [
        {
          kind: 'request',
          id: 'r1',
          name: 'Create customer',
          draft: {
            ...emptyDraft,
            method: 'POST',
            url: '{{base}}/customers',
            headersText: '{\n  "Authorization": "Bearer {{token}}"\n}',
            bodyText: '{"email": "a@b.c"}',
            followRedirects: false,
            // A field another part of the tester adds to the draft travels with it.
            checks: [{ kind: 'status', equals: 200 }],
          } as typeof emptyDraft,
          source: {
            apiId: 'stripe-com',
            operationKey: 'PostCustomers',
            digest: 'abcd1234',
            shape: { method: 'POST', path: '/v1/customers', params: [], bodyTypes: [] },
          },
        },
      ],
    },
    {
      kind: 'request',
      id: 'r2',
      name: 'Balance',
      draft: { ...emptyDraft, url: '{{base}}/balance' },
    },
  ],
}

const environment: Environment = {
  id: 'e1',
  name: 'Stripe test',
  variables: [
    { name: 'base', value: 'https://api.stripe.com/v1', secret: false },
    { name: 'token', value: 'sk_test_1', secret: true },
  ],
}

describe('Postman Collection v2.1 export', () => {
  it('writes folders, requests, raw bodies and redirects as Postman reads them', () => {
    const json = exportCollection(collection)
    expect(json.info).toEqual({ _postman_id: 'c1', name: 'Stripe', schema: POSTMAN_SCHEMA })
    const folder = json.item[0]
    expect(folder?.name).toBe('Customers')
    const created = folder?.item?.[0]
    expect(created?.request).toEqual({
      method: 'POST',
      header: [{ key: 'Authorization', value: 'Bearer {{token}}', type: 'text' }],
      url: { raw: '{{base}}/customers' },
      body: { mode: 'raw', raw: '{"email": "a@b.c"}', options: { raw: { language: 'json' } } },
    })
    expect(created?.protocolProfileBehavior).toEqual({ followRedirects: false })
    expect(json.variable).toBeUndefined()
  })

  it('carries the environment only when asked, and secret values only when asked for too', () => {
    expect(exportCollection(collection, { environment }).variable).toEqual([
      { key: 'base', value: 'https://api.stripe.com/v1', type: 'string' },
      { key: 'token', value: '', type: 'secret' },
    ])
    expect(exportCollection(collection, { environment, includeSecrets: true }).variable).toEqual([
      { key: 'base', value: 'https://api.stripe.com/v1', type: 'string' },
      { key: 'token', value: 'sk_test_1', type: 'secret' },
    ])
    expect(JSON.stringify(exportCollection(collection, { environment }))).not.toContain('sk_test_1')
  })

  it('comes back the same through import, ids aside', () => {
    const json = JSON.parse(JSON.stringify(exportCollection(collection, { environment })))
    const result = importCollection(json, ids())
    expect(result.skipped).toEqual([])
    expect(result.leftOut).toEqual([])
    expect(result.imported).toBe(2)
    const strip = (value: unknown) =>
      JSON.parse(JSON.stringify(value).replace(/"id":"[^"]*",?/g, ''))
    expect(strip(result.collection)).toEqual(strip(collection))
    expect(result.variables).toEqual([
      { name: 'base', value: 'https://api.stripe.com/v1', secret: false },
      { name: 'token', value: '', secret: true },
    ])
  })
})

describe('Postman collection import', () => {
  it('reads what Postman writes: URL objects, auth, urlencoded and GraphQL bodies', () => {
    const result = importCollection(
      {
        info: { name: 'From Postman', schema: POSTMAN_SCHEMA },
        auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}' }] },
        item: [
          {
            name: 'Search',
            request: {
              method: 'get',
              url: {
                protocol: 'https',
                host: ['api', 'example', 'com'],
                path: ['v1', 'search'],
                query: [
                  { key: 'q', value: 'cats' },
                  { key: 'off', value: '1', disabled: true },
                ],
              },
              header: [{ key: 'X-Off', value: '1', disabled: true }],
            },
          },
          {
            name: 'Login',
            request: {
              method: 'POST',
              url: 'https://api.example.com/login',
              auth: {
                type: 'apikey',
                apikey: [
                  { key: 'key', value: 'k' },
                  { key: 'value', value: 'v' },
                  { key: 'in', value: 'query' },
                ],
              },
              body: { mode: 'urlencoded', urlencoded: [{ key: 'user', value: 'a b' }] },
            },
            event: [{ listen: 'test', script: { exec: ['pm.test()'] } }],
          },
          {
            name: 'Graph',
            request: {
              method: 'POST',
              url: 'https://api.example.com/graphql',
              body: { mode: 'graphql', graphql: { query: '{ me { id } }', variables: '{"a":1}' } },
            },
          },
        ],
      },
      ids(),
    )
    const [search, login, graph] = result.collection.items
    expect(search).toMatchObject({
      name: 'Search',
      draft: { method: 'GET', url: 'https://api.example.com/v1/search?q=cats' },
    })
    expect(JSON.parse(search?.kind === 'request' ? search.draft.headersText : '')).toEqual({
      Authorization: 'Bearer {{token}}',
    })
    expect(login).toMatchObject({
      draft: { url: 'https://api.example.com/login?k=v', bodyText: 'user=a%20b' },
    })
    expect(graph?.kind === 'request' && JSON.parse(graph.draft.bodyText)).toEqual({
      query: '{ me { id } }',
      variables: { a: 1 },
    })
    expect(result.leftOut).toEqual([
      'Login: its test script was skipped (only checks written by API Atlas are read; scripts are not run here)',
    ])
  })

  it('skips what the tester cannot send and says why', () => {
    const result = importCollection(
      {
        info: { name: 'Mixed', schema: POSTMAN_SCHEMA },
        item: [
          { name: 'Trace', request: { method: 'TRACE', url: 'https://x.test/' } },
          { name: 'Folder', item: [{ name: 'Nothing' }] },
          {
            name: 'Upload',
            request: {
              method: 'POST',
              url: 'https://x.test/upload',
              body: { mode: 'formdata', formdata: [{ key: 'f', type: 'file', src: '/tmp/a' }] },
              auth: { type: 'awsv4', awsv4: [] },
            },
          },
        ],
      },
      ids(),
    )
    expect(result.imported).toBe(1)
    expect(result.skipped).toEqual([
      'Trace: the tester does not send TRACE requests',
      'Folder / Nothing: not a request',
    ])
    expect(result.leftOut).toEqual(['Upload: awsv4 auth', 'Upload: formdata body'])
  })

  it('refuses what is not a v2 collection, saying what to do', () => {
    expect(() => importCollection({ requests: [] })).toThrow(/Postman v1 collection/)
    expect(() => importCollection({ name: 'x' })).toThrow(ImportError)
    expect(() => importCollection('text')).toThrow('The file is not a JSON object.')
  })
})
