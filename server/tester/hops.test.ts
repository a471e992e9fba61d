import { describe, expect, it } from 'vitest'
import { nextHop, type Outgoing } from './hops'

const outgoing: Outgoing = {
  method: 'GET',
  headers: {
    Authorization: 'Bearer t',
    Cookie: 'a=1',
    'X-Api-Key': 'k',
    'Api-Key': 'k',
    'X-Auth-Token': 't',
    'Private-Token': 't',
    'X-Goog-Api-Key': 'k',
    'X-Custom': 'kept',
  },
  body: null,
}
const policy = { followRedirects: true, maxRedirects: 5 }
const from = { url: new URL('https://api.example/v1/a'), outgoing, hop: 0 }

describe('a redirect hop', () => {
  it('drops every header the tester treats as a secret when it leaves the origin', () => {
    const decision = nextHop({ status: 302, location: 'https://elsewhere.example/b' }, from, policy)
    expect(decision.kind).toBe('follow')
    if (decision.kind !== 'follow') return
    expect(decision.outgoing.headers).toEqual({ 'X-Custom': 'kept' })
  })

  it('keeps them on the same origin', () => {
    const decision = nextHop({ status: 307, location: '/v1/b' }, from, policy)
    expect(decision.kind === 'follow' && decision.outgoing.headers).toEqual(outgoing.headers)
  })
})
