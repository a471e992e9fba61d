/** The number formats of the mock-up dashboards: en-US, USD, fixed decimals. */
const locale = 'en-US'

const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })
const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })

/** US dollars with cents: `$1,234.50`. */
export function formatMoney(value: number) {
  return money.format(value)
}

/** A whole count with thousands separators: `45,000`. */
export function formatCount(value: number) {
  return count.format(value)
}

const percentFormats = new Map<number, Intl.NumberFormat>()

/** A value already in percent, with a fixed number of decimals: `formatPercent(3, 2)` is `3.00%`. */
export function formatPercent(value: number, decimals = 1) {
  let format = percentFormats.get(decimals)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
    percentFormats.set(decimals, format)
  }
  return `${format.format(value)}%`
}

/** A duration in whole milliseconds: `1,250 ms`. */
export function formatMs(value: number) {
  return `${count.format(Math.round(value))} ms`
}

const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' })

/** A date and time in the reader's time zone: `Jan 20, 2026, 10:00 AM`. */
export function formatDateTime(value: string | number) {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : dateTime.format(date)
}

/** A time of day in the reader's time zone: `10:00:05 AM`. */
export function formatTime(value: string | number) {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : time.format(date)
}

const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
]

/** How long ago (or how soon) from now: `5 minutes ago`, `in 2 hours`, `yesterday`. */
export function formatRelative(value: string | number, now: number = Date.now()) {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  let amount = (date.getTime() - now) / 1000
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) {
      return unit === 'second' && Math.abs(amount) < 45
        ? 'just now'
        : relative.format(Math.round(amount), unit)
    }
    amount /= size
  }
  return null
}
