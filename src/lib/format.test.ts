import { describe, expect, it } from 'vitest'
import {
  formatCount,
  formatDateTime,
  formatMoney,
  formatMs,
  formatPercent,
  formatRelative,
  formatTime,
} from './format'

describe('formatters', () => {
  it('formats money as US dollars in en-US', () => {
    expect(formatMoney(3800)).toBe('$3,800.00')
    expect(formatMoney(0.48)).toBe('$0.48')
    expect(formatMoney(0)).toBe('$0.00')
  })

  it('formats counts with en-US separators and no decimals', () => {
    expect(formatCount(45000)).toBe('45,000')
    expect(formatCount(0)).toBe('0')
    expect(formatCount(1234567)).toBe('1,234,567')
  })

  it('formats percentages with a fixed number of decimals', () => {
    expect(formatPercent(3, 2)).toBe('3.00%')
    expect(formatPercent(2.456, 2)).toBe('2.46%')
    expect(formatPercent(0.84)).toBe('0.8%')
    expect(formatPercent(99.94)).toBe('99.9%')
    expect(formatPercent(45)).toBe('45.0%')
  })

  it('formats durations in whole milliseconds', () => {
    expect(formatMs(1249.6)).toBe('1,250 ms')
    expect(formatMs(320.2)).toBe('320 ms')
  })

  it('formats dates and times in en-US, and nothing for an empty or bad value', () => {
    expect(formatDateTime('2026-01-20T10:00')).toBe('Jan 20, 2026, 10:00 AM')
    expect(formatTime(new Date(2026, 0, 20, 14, 5, 9).getTime())).toBe('2:05:09 PM')
    expect(formatDateTime('')).toBeNull()
    expect(formatTime('nonsense')).toBeNull()
  })
})

describe('formatRelative', () => {
  const now = Date.parse('2026-11-22T12:00:00Z')
  it.each([
    ['2026-11-22T11:59:50Z', 'just now'],
    ['2026-11-22T11:55:00Z', '5 minutes ago'],
    ['2026-11-22T09:00:00Z', '3 hours ago'],
    ['2026-11-21T11:00:00Z', 'yesterday'],
    ['2026-11-08T12:00:00Z', '2 weeks ago'],
    ['2026-11-22T14:00:00Z', 'in 2 hours'],
    ['2025-11-01T12:00:00Z', 'last year'],
  ])('%s is %s', (value, expected) => {
    expect(formatRelative(value, now)).toBe(expected)
  })

  it('gives null for a date it cannot read', () => {
    expect(formatRelative('not a date', now)).toBeNull()
  })
})
