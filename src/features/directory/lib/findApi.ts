import type { ApiSummary } from '@/contract/apis'

/**
 * The first API whose name contains the text, case-insensitively. Among several, the exact name
 * wins, then the shortest name, so "stripe" finds "Stripe API" before "Stripe Connect".
 */
export function pickByName<T extends Pick<ApiSummary, 'name'>>(apis: T[], text: string) {
  const wanted = text.trim().toLowerCase()
  if (!wanted) return undefined
  const matching = apis.filter((api) => api.name.toLowerCase().includes(wanted))
  const exact = matching.find((api) => api.name.toLowerCase() === wanted)
  if (exact) return exact
  return matching.reduce<T | undefined>(
    (best, api) => (best === undefined || api.name.length < best.name.length ? api : best),
    undefined,
  )
}
