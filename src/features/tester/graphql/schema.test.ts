import { describe, expect, it } from 'vitest'
import {
  countryTestResponse,
  introspectionRefusedTestResponse,
  introspectionTestResponse,
} from '@mocks/data/graphql'
import { networkErrorTestResponse, okTestResponse } from '@mocks/data/tester'
import { introspectionDraft, schemaFromAnswer } from './schema'

describe('introspection', () => {
  it('asks the same endpoint, with its headers, by a JSON POST of the introspection query', () => {
    const draft = introspectionDraft({
      method: 'GET',
      url: 'https://countries.example/graphql',
      headersText: '{"Authorization": "Bearer t0ken"}',
      bodyText: '{"query": "{ countries { name } }"}',
      followRedirects: true,
    })
    expect(draft.method).toBe('POST')
    expect(draft.url).toBe('https://countries.example/graphql')
    expect(JSON.parse(draft.headersText)).toEqual({
      Authorization: 'Bearer t0ken',
      'Content-Type': 'application/json',
    })
    expect((JSON.parse(draft.bodyText) as { query: string }).query).toMatch(/__schema/)
  })

  it('keeps a content type the person set', () => {
    const draft = introspectionDraft({
      method: 'POST',
      url: 'https://countries.example/graphql',
      headersText: '{"content-type": "application/json; charset=utf-8"}',
      bodyText: '',
      followRedirects: false,
    })
    expect(JSON.parse(draft.headersText)).toEqual({
      'content-type': 'application/json; charset=utf-8',
    })
  })

  it('reads the schema of an answer: its own types and the fields a query can ask', () => {
    const outcome = schemaFromAnswer(introspectionTestResponse)
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.queryFields).toEqual([
      'countries',
      'country',
      'continents',
      'continent',
      'languages',
    ])
    // Country, Continent, Language, CountryFilter, Query, and the scalars ID, String and Boolean.
    expect(outcome.typeCount).toBe(8)
  })

  it('says why there is no schema, in words', () => {
    expect(schemaFromAnswer(introspectionRefusedTestResponse)).toEqual({
      ok: false,
      message:
        'The endpoint refused introspection: GraphQL introspection is not allowed, but the query contained __schema',
    })
    expect(schemaFromAnswer(networkErrorTestResponse)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Could not reach the endpoint: /) as string,
    })
    expect(schemaFromAnswer(countryTestResponse)).toEqual({
      ok: false,
      message: 'The endpoint answered 200 OK without a schema: is this a GraphQL endpoint?',
    })
    expect(
      schemaFromAnswer({
        ...okTestResponse,
        data: '<html></html>',
        bodyEncoding: 'text',
        contentType: 'text/html',
      }),
    ).toEqual({
      ok: false,
      message: "The endpoint answered 200 OK with text/html, not GraphQL's JSON",
    })
    expect(schemaFromAnswer({ ...introspectionTestResponse, truncated: true })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/cut off/) as string,
    })
    expect(
      schemaFromAnswer({ ...okTestResponse, data: { data: { __schema: { types: 'no' } } } }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The schema could not be read: /) as string,
    })
  })
})
