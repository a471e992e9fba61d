import { describe, expect, it } from 'vitest'
import { groupEntries } from './groups'
import type { SeedApi } from '../seed'

const record = (id: string, overrides: Partial<SeedApi> = {}): SeedApi => ({
  id,
  name: 'GitHub v3 REST API',
  provider: 'github.com',
  summary: '',
  category: 'developer-tools',
  auth: 'oauth2',
  authTypes: ['oauth2'],
  baseUrl: null,
  https: true,
  cors: null,
  free: null,
  rating: null,
  logo: null,
  version: '1.1.4',
  updated: '2026-08-21',
  description: '',
  docs: null,
  endpoints: [],
  endpointCount: 500,
  sources: ['apis-guru'],
  service: '',
  preferred: false,
  entry: id,
  entryRank: 0,
  entrySize: 1,
  variant: '',
  ...overrides,
})

describe('one entry per API', () => {
  it('groups records of one provider and name, the main service first, numbered ones after', () => {
    const apis = [
      record('github-com-ghes-3-8', { service: 'ghes-3.8', endpointCount: 869 }),
      record('github-com-api-github-com', { service: 'api.github.com', endpointCount: 845 }),
      record('github-com-ghes-2-18', { service: 'ghes-2.18', endpointCount: 509 }),
      record('github-com', { name: 'Eqivo API', service: '' }),
    ]
    expect(groupEntries(apis)).toBe(2)
    const byId = Object.fromEntries(apis.map((api) => [api.id, api]))
    expect(byId['github-com-api-github-com']).toMatchObject({
      entry: 'github-com-api-github-com',
      entryRank: 0,
      entrySize: 3,
      // Every record has version 1.1.4: the version tells none apart, the service does.
      variant: 'api.github.com',
    })
    expect(byId['github-com-ghes-3-8']).toMatchObject({ entryRank: 1, variant: 'ghes-3.8' })
    expect(byId['github-com-ghes-2-18']).toMatchObject({ entryRank: 2 })
    expect(byId['github-com']).toMatchObject({ entry: 'github-com', entrySize: 1, variant: '' })
  })

  it('puts the preferred version first, then the latest', () => {
    const apis = [
      record('aws-ses', { name: 'SES', service: 'email', updated: '2010-12-01', preferred: true }),
      record('aws-sesv2', {
        name: 'SES',
        service: 'sesv2',
        updated: '2019-09-27',
        preferred: true,
      }),
      record('aws-ses-old', { name: 'SES', service: 'ses', updated: '2020-01-01' }),
    ]
    groupEntries(apis)
    expect(apis.map((api) => [api.id, api.entryRank])).toEqual([
      ['aws-ses', 1],
      ['aws-sesv2', 0],
      ['aws-ses-old', 2],
    ])
    expect(apis.every((api) => api.entry === 'aws-sesv2')).toBe(true)
  })
})
