import { describe, expect, it } from 'vitest'
import { formatInteger } from './numbers'

describe('formatInteger', () => {
  it('groups digits in threes as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 2639, 12345, 999999, 1000000, 1234567890, -4321]) {
      expect(formatInteger(value)).toBe(value.toLocaleString('en-US'))
    }
  })
})
