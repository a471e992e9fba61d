import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatCount,
  formatDateTime,
  formatMoney,
  formatMs,
  formatPercent,
  formatRelative,
  formatTime,
  relativeAmount,
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

// The hand-written formats say what Intl's en-US says, which a browser makes only by loading its
// locale data on the page's first call (format.ts).
describe('the hand-written formats, against Intl', () => {
  const values = fc.oneof(
    fc.double({ min: -1e7, max: 1e7, noNaN: true }),
    fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => n / 1000),
    fc.integer({ min: -10_000, max: 10_000 }).map((n) => n / 20),
    fc.constantFrom(0, -0, 0.05, 0.15, 0.25, 1.005, 2.5, -2.5, 99.95, 99.949999, 999.5, 1e-7),
  )

  it('counts and durations', () => {
    const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
    fc.assert(
      fc.property(values, (value) => {
        expect(formatCount(value)).toBe(count.format(value))
        expect(formatMs(value)).toBe(`${count.format(Math.round(value))} ms`)
      }),
      { numRuns: 2000 },
    )
  })

  it('percentages, with 0 to 3 decimals', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 3 }), (value, decimals) => {
        const intl = new Intl.NumberFormat('en-US', {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        })
        expect(formatPercent(value, decimals)).toBe(`${intl.format(value)}%`)
      }),
      { numRuns: 2000 },
    )
  })

  it('relative times, in every unit, with words for last, this and next', () => {
    const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })
    const units = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -100_000, max: 100_000 })),
        fc.constantFrom(...units),
        (amount, unit) => {
          expect(relativeAmount(amount, unit)).toBe(relative.format(amount, unit))
        },
      ),
      { numRuns: 2000 },
    )
    for (const unit of units) expect(relativeAmount(-0, unit)).toBe(relative.format(-0, unit))
  })
})
