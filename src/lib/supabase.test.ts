import { describe, expect, it } from 'vitest'
import { embeddedConfig } from '@mocks/data/config'
import { staffClientUrl } from './supabase'

describe('staffClientUrl', () => {
  it('sends embedded auth to the page’s own origin, whatever the config names', () => {
    const config = { ...embeddedConfig, supabaseUrl: 'https://evil.example' }
    expect(staffClientUrl(config, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000')
  })

  it('sends hosted auth to the Supabase project', () => {
    const config = {
      ...embeddedConfig,
      authMode: 'hosted' as const,
      supabaseUrl: 'https://abc.supabase.co',
    }
    expect(staffClientUrl(config, 'http://127.0.0.1:3000')).toBe('https://abc.supabase.co')
  })
})
