import { describe, expect, it } from 'vitest'
import { addressKey } from './addressKey'

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
  })

  it('takes an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('puts every address of one IPv6 /64 under one key, whatever the spelling', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:fffe',
      '2001:0DB8:0001:0002:0000:0000:0000:0009',
    ].map(addressKey)
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']))
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
  })

  it('returns what is not an address unchanged', () => {
    expect(addressKey('not an address')).toBe('not an address')
  })
})
