// Every form a request was kept in before the model had a version still opens, as the request the
// person kept: fixtures of each older shape, as the tester wrote them.
import { describe, expect, it } from 'vitest'
import {
  EMPTY_TESTER_REQUEST,
  fromSharedRequest,
  historyProjection,
  readHistory,
  readTesterRequest,
  requestOfHistory,
  sharedRequestSchema,
  toStored,
  toStoredHistory,
  TESTER_REQUEST_VERSION,
  type TesterRequest,
} from './testerRequest'

/** A saved request's draft as IndexedDB held it before requests carried a version. */
const savedDraftV1 = {
  method: 'POST',
  url: 'https://api.example.com/v1/items',
  headersText: '{\n  "Content-Type": "application/json"\n}',
  bodyText: '{"name": "ada"}',
  followRedirects: false,
}

/** A multipart draft of version 1: its text fields kept beside the body. */
const multipartDraftV1 = {
  method: 'POST',
  url: 'https://upload.example.com/',
  headersText: '{\n  "Content-Type": "multipart/form-data"\n}',
  bodyText: '',
  followRedirects: true,
  parts: [{ name: 'title', value: 'Cat' }],
}

/** Local storage's history before the model: a bare array of flat entries. */
const historyV1 = [
  {
    id: 'h2',
    method: 'GET',
    url: 'https://api.example.com/v1/items?key=%E2%80%A2%E2%80%A2%E2%80%A2',
    headersText: '{\n  "Authorization": "••••••"\n}',
    bodyText: '',
    followRedirects: true,
    status: 200,
    responseTime: 120,
    sentAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 'h1',
    method: 'DELETE',
    url: 'http://10.0.0.1/',
    headersText: '{}',
    bodyText: '',
    followRedirects: false,
    status: 'Refused',
    responseTime: null,
    sentAt: '2026-11-20T09:00:00.000Z',
  },
]

describe('the request model, version 2', () => {
  it('reads what it writes, with its version', () => {
    const request: TesterRequest = { ...EMPTY_TESTER_REQUEST, url: 'https://api.example.com/' }
    const stored = toStored(request)
    expect(stored.v).toBe(TESTER_REQUEST_VERSION)
    expect(readTesterRequest(JSON.parse(JSON.stringify(stored)))).toEqual(request)
  })

  it('refuses a version it does not know, and what is no request', () => {
    expect(readTesterRequest({ ...toStored(EMPTY_TESTER_REQUEST), v: 99 })).toBeNull()
    expect(readTesterRequest({ ...toStored(EMPTY_TESTER_REQUEST), method: 'TRACE' })).toBeNull()
    expect(readTesterRequest('GET https://example.com')).toBeNull()
    expect(readTesterRequest(null)).toBeNull()
  })
})

describe('version 1 (unversioned), migrated', () => {
  it('opens a saved request’s draft as it was kept', () => {
    expect(readTesterRequest(savedDraftV1)).toEqual(savedDraftV1)
    expect(readTesterRequest(multipartDraftV1)).toEqual(multipartDraftV1)
  })

  it('fills what an older draft lacks as the form did, and drops parts it cannot read', () => {
    expect(
      readTesterRequest({ method: 'GET', url: 'https://a.example/', parts: 'not a list' }),
    ).toEqual({
      method: 'GET',
      url: 'https://a.example/',
      headersText: '',
      bodyText: '',
      followRedirects: true,
    })
  })

  it('opens local storage’s history, entry by entry, leaving out what is no entry', () => {
    expect(readHistory([...historyV1, { id: 'x' }, 'junk', null])).toEqual(historyV1)
    expect(readHistory({ entries: historyV1 })).toEqual([])
  })

  it('reads history written now, with each entry’s version', () => {
    const entries = readHistory(historyV1)
    expect(readHistory(JSON.parse(JSON.stringify(entries.map(toStoredHistory))))).toEqual(historyV1)
  })
})

describe('projections', () => {
  it('history keeps the request without its parts, and gives it back to the form', () => {
    const outcome = { id: 'h', status: 201, responseTime: 5, sentAt: '2026-11-20T10:00:00Z' }
    const entry = historyProjection(readTesterRequest(multipartDraftV1) as TesterRequest, outcome)
    expect(entry).not.toHaveProperty('parts')
    expect(entry).toMatchObject(outcome)
    const { parts: _parts, ...withoutParts } = multipartDraftV1
    expect(requestOfHistory(entry)).toEqual(withoutParts)
  })

  it('a share link (format 1) opens as the model', () => {
    const shared = sharedRequestSchema.parse({
      method: 'POST',
      url: 'https://api.stripe.com/v1/customers',
      headers: { Authorization: 'Bearer {{token}}' },
      body: '{"email": "ada@example.com"}',
      followRedirects: false,
      graphql: false,
      auth: { kind: 'bearer', name: 'X-API-Key' },
    })
    expect(fromSharedRequest(shared)).toEqual({
      method: 'POST',
      url: 'https://api.stripe.com/v1/customers',
      headersText: '{\n  "Authorization": "Bearer {{token}}"\n}',
      bodyText: '{"email": "ada@example.com"}',
      followRedirects: false,
    })
  })
})
