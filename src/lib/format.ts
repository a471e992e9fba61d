/**
 * The number and date formats of the site: en-US, USD, fixed decimals.
 *
 * A browser's first Intl formatter loads its locale data: 48 to 57 ms of a fresh page's main thread
 * in Chromium on a slow host (four times that under Lighthouse's phone). This module made five
 * up front, on the directory's first load too, though the directory formats none of them. Counts,
 * percentages, durations and relative times are written here by hand, the same as Intl's en-US
 * (format.test.ts compares them); money and dates, which only the mock-ups and staff screens show,
 * make theirs on first use.
 */
import { formatInteger } from '@/shared/numbers'

const locale = 'en-US'

/** Made by the first call, then kept. */
const once = <T>(make: () => T) => {
  let made: T | undefined
  return () => (made ??= make())
}

const money = once(() => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }))

/** US dollars with cents: `$1,234.50`. */
export function formatMoney(value: number) {
  return money().format(value)
}

/**
 * `value` with `decimals` fraction digits and en-US thousands separators, rounded as Intl rounds:
 * the number's shortest decimal form (`0.15`, not the binary fraction just under it), half away
 * from zero. So `0.15` with one decimal is `0.2`, where `toFixed` says `0.1`.
 */
function fixed(value: number, decimals: number) {
  const sign = value < 0 || Object.is(value, -0) ? '-' : ''
  const shortest = String(Math.abs(value))
  // Past 1e21 or below 1e-6 the shortest form has an exponent; no figure here comes near either.
  const [whole = '0', fraction = ''] = /e/.test(shortest)
    ? Math.abs(value).toFixed(decimals).split('.')
    : shortest.split('.')
  const kept = BigInt(`${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
  const digits = String((fraction[decimals] ?? '0') >= '5' ? kept + 1n : kept).padStart(
    decimals + 1,
    '0',
  )
  const wholeDigits = decimals ? digits.slice(0, -decimals) : digits
  const fractionDigits = decimals ? `.${digits.slice(-decimals)}` : ''
  return `${sign}${formatInteger(Number(wholeDigits))}${fractionDigits}`
}

/** A whole count with thousands separators: `45,000`. */
export function formatCount(value: number) {
  return fixed(value, 0)
}

/** A value already in percent, with a fixed number of decimals: `formatPercent(3, 2)` is `3.00%`. */
export function formatPercent(value: number, decimals = 1) {
  return `${fixed(value, decimals)}%`
}

/** A duration in whole milliseconds: `1,250 ms`. */
export function formatMs(value: number) {
  return `${formatCount(Math.round(value))} ms`
}

const dateTime = once(
  () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
)
const time = once(() => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }))

/** A date and time in the reader's time zone: `Jan 20, 2026, 10:00 AM`. */
export function formatDateTime(value: string | number) {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : dateTime().format(date)
}

/** A time of day in the reader's time zone: `10:00:05 AM`. */
export function formatTime(value: string | number) {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : time().format(date)
}

type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year'

const RELATIVE_STEPS: [RelativeUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
]

/** What en-US says for -1, 0 and 1 of a unit with `numeric: 'auto'`; other amounts are numbers. */
const RELATIVE_WORDS: Record<RelativeUnit, [string, string, string]> = {
  second: ['1 second ago', 'now', 'in 1 second'],
  minute: ['1 minute ago', 'this minute', 'in 1 minute'],
  hour: ['1 hour ago', 'this hour', 'in 1 hour'],
  day: ['yesterday', 'today', 'tomorrow'],
  week: ['last week', 'this week', 'next week'],
  month: ['last month', 'this month', 'next month'],
  year: ['last year', 'this year', 'next year'],
}

/** `Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }).format(amount, unit)`, by hand. */
export function relativeAmount(amount: number, unit: RelativeUnit) {
  // -0 is 0 here, as for Intl: `now`, `today`.
  if (amount === -1 || amount === 0 || amount === 1) return RELATIVE_WORDS[unit][amount + 1]
  const size = Math.abs(amount)
  const counted = `${formatInteger(size)} ${unit}${size === 1 ? '' : 's'}`
  return amount < 0 ? `${counted} ago` : `in ${counted}`
}

/** How long ago (or how soon) from now: `5 minutes ago`, `in 2 hours`, `yesterday`. */
export function formatRelative(value: string | number, now: number = Date.now()) {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  let amount = (date.getTime() - now) / 1000
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) {
      return unit === 'second' && Math.abs(amount) < 45
        ? 'just now'
        : relativeAmount(Math.round(amount), unit)
    }
    amount /= size
  }
  return null
}
