import { describe, expect, it } from 'vitest'
import { parseEnv } from './env'

describe('parseEnv', () => {
  it('defaults the API base to /api', () => {
    expect(parseEnv({ MODE: 'production', DEV: false })).toEqual({
      apiBaseUrl: '/api',
      mode: 'production',
      isDev: false,
    })
  })

  it('keeps a given API base path', () => {
    expect(parseEnv({ VITE_API_BASE_URL: '/v2/api', MODE: 'test', DEV: true }).apiBaseUrl).toBe(
      '/v2/api',
    )
  })

  it('names every wrong value', () => {
    expect(() => parseEnv({ VITE_API_BASE_URL: 'https://elsewhere', MODE: 3 })).toThrow(
      'Invalid build environment: VITE_API_BASE_URL: must be a path starting with "/"; MODE: must be a string; DEV: must be a boolean',
    )
  })
})
