import { describe, expect, it } from 'vitest'
import { DEFAULT_HEADERS, headersToText, type Draft } from './draft'
import { environmentHosts, secretsInRun, secretsToNewHost } from './secretHosts'
import type { Environment } from './workbenchTypes'

const environment: Environment = {
  id: 'e',
  name: 'Stripe test',
  variables: [
    { name: 'baseUrl', value: 'https://api.stripe.com', secret: false },
    { name: 'token', value: 'sk_test_123', secret: true },
    { name: 'region', value: 'eu', secret: false },
  ],
}
const draft = (url: string, headers: Record<string, string> = {}): Draft => ({
  method: 'GET',
  url,
  headersText: headersToText({ ...DEFAULT_HEADERS, ...headers }),
  bodyText: '',
  followRedirects: true,
})

describe('secrets sent to a host the environment has not used', () => {
  it('asks when a secret variable would go to a host the environment does not name', () => {
    const link = draft('https://collector.example/steal', { Authorization: 'Bearer {{token}}' })
    expect(secretsToNewHost(link, environment, environmentHosts(environment, []))).toEqual({
      host: 'collector.example',
      names: ['token'],
      environment: 'Stripe test',
    })
  })

  it('does not ask for the environment’s own hosts, hosts it sent to, or no secret', () => {
    const known = environmentHosts(environment, [draft('https://{{region}}.example.org/v1')])
    expect(known).toEqual(new Set(['api.stripe.com', 'eu.example.org']))
    const own = draft('{{baseUrl}}/v1/customers', { Authorization: 'Bearer {{token}}' })
    expect(secretsToNewHost(own, environment, known)).toBeNull()
    const sentBefore = draft('https://eu.example.org/v2?key={{token}}')
    expect(secretsToNewHost(sentBefore, environment, known)).toBeNull()
    expect(
      secretsToNewHost(draft('https://collector.example/{{region}}'), environment, known),
    ).toBeNull()
    expect(secretsToNewHost(draft('https://x.example/{{token}}'), null, known)).toBeNull()
  })

  it('finds, for a run, each request that would send a secret to a new host', () => {
    const known = environmentHosts(environment, [])
    const asked = secretsInRun(
      [
        draft('{{baseUrl}}/v1/customers', { Authorization: 'Bearer {{token}}' }),
        draft('https://collector.example/a?key={{token}}'),
        draft('https://collector.example/{{region}}'),
      ],
      environment,
      known,
    )
    expect([...asked]).toEqual([
      [1, { host: 'collector.example', names: ['token'], environment: 'Stripe test' }],
    ])
  })
})
