// en-US by hand rather than Intl.DateTimeFormat: a browser's first Intl call loads locale data, a
// long task on a phone's first load of the blog (src/shared/numbers.ts).
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** `2024-01-20` as `January 20, 2024`, the same wherever the reader is. */
export const formatPostDate = (isoDate: string) => {
  const date = new Date(`${isoDate}T00:00:00Z`)
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
}

export const readTimeLabel = (minutes: number) => `${minutes} min read`
