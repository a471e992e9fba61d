/** The number formats of the mock-up dashboards (spec.md §2, §9): en-US, USD, fixed decimals. */
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
