// How popular an API is, from signals we really have and can state (docs/catalogue.md, "Popular"):
// how many of our sources list it, how many operations its document has, how many documents its
// provider maintains here, and how often people used it here (its pages viewed, the tester run
// against its host). No signal is a guess: an API nobody has visited yet scores by its listing.
import type { ApiSource } from '../../src/contract/apis'

export type PopularitySignals = {
  sources: ApiSource[]
  endpointCount: number
  /** First-party page views of the API's pages (analytics_events). */
  views: number
  /** Tester runs against the API's host (tester_runs). */
  testerRuns: number
  /** Directory entries its provider publishes (its family's size, itself included). */
  documents: number
}

/**
 * A score to order by, higher first. Each signal adds a few points at most; logarithms keep a
 * 1,000-operation API, a provider of 300 documents or a much-read page from outweighing the rest.
 */
export const popularity = ({
  sources,
  endpointCount,
  views,
  testerRuns,
  documents,
}: PopularitySignals) =>
  (sources.length > 1 ? 2 : 0) +
  Math.log10(1 + endpointCount) +
  0.5 * Math.log10(Math.max(1, documents)) +
  2 * Math.log10(1 + views) +
  2 * Math.log10(1 + testerRuns)

const NOT_AN_API = new Set(['category', 'tools', 'api-detail.html'])

/** The API a page path shows (/apis/{id} or /apis/category/{category}/{id}), if any. */
export const apiIdOfPath = (path: string): string | undefined => {
  const parts = path.split(/[?#]/)[0]!.split('/').filter(Boolean)
  if (parts[0] !== 'apis') return undefined
  if (parts.length === 2 && !NOT_AN_API.has(parts[1]!)) return parts[1]
  if (parts.length === 4 && parts[1] === 'category') return parts[3]
  return undefined
}

/**
 * Views per directory entry from page-view counts per path; a version's page counts for its
 * entry (`entryOf` maps the ids of versions that are not their entry's default).
 */
export const viewsByApi = (
  rows: { path: string; views: number }[],
  entryOf: ReadonlyMap<string, string> = new Map(),
) => {
  const views = new Map<string, number>()
  for (const row of rows) {
    const id = apiIdOfPath(row.path)
    if (!id) continue
    const entry = entryOf.get(id) ?? id
    views.set(entry, (views.get(entry) ?? 0) + Number(row.views))
  }
  return views
}
