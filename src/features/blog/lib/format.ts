const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
})

/** `2024-01-20` as `January 20, 2024`, the same wherever the reader is. */
export const formatPostDate = (isoDate: string) =>
  dateFormat.format(new Date(`${isoDate}T00:00:00Z`))

export const readTimeLabel = (minutes: number) => `${minutes} min read`
