// Old addresses of directory entries. A record can leave the catalogue when a rebuild finds it was
// the same API as another one and merges the two (a public-apis row joined to its API's document):
// its id, bookmarked and linked elsewhere, then moves for good (301) to the entry that took it in.
// `npm run catalog:build` carries the list from the seed it replaces to the one it writes
// (carryAliases); the server reads it once.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { SeedApi } from './seed'

/** The committed list, written by `npm run catalog:build` beside the catalogue seed. */
export const ALIASES_FILE = path.join(import.meta.dirname, 'seed', 'aliases.json')

/** Old id to the id of the entry that holds its API now. */
export type Aliases = Record<string, string>

type AliasRecord = Pick<SeedApi, 'id' | 'entry' | 'provider' | 'sources'>

/**
 * The aliases after a rebuild from `previous` to `next`. A record gone from the catalogue moves to
 * the one record of the same provider that took in its sources: one that holds every source the
 * gone record had and, before, was not there or lacked one of them. A gone record with no such
 * record, or several, gets no alias: a wrong page is worse than "API Not Found". Aliases already
 * kept follow their targets (an alias to an id that moved in turn points where that one went) and
 * are dropped when their target is gone for good or their own id is a record again.
 */
export const carryAliases = (
  previous: readonly AliasRecord[],
  next: readonly AliasRecord[],
  kept: Aliases = {},
): Aliases => {
  const nextById = new Map(next.map((api) => [api.id, api]))
  const before = new Map(previous.map((api) => [api.id, api]))
  const moved: Aliases = {}
  for (const gone of previous) {
    if (nextById.has(gone.id)) continue
    const takers = next.filter((api) => {
      if (api.provider !== gone.provider) return false
      if (!gone.sources.every((source) => api.sources.includes(source))) return false
      const was = before.get(api.id)
      return !was || gone.sources.some((source) => !was.sources.includes(source))
    })
    if (takers.length === 1) moved[gone.id] = takers[0]!.entry
  }
  const entryOf = (id: string): string | undefined => {
    const seen = new Set<string>()
    let at: string | undefined = id
    while (at !== undefined && !nextById.has(at)) {
      if (seen.has(at)) return undefined
      seen.add(at)
      at = moved[at] ?? kept[at]
    }
    return at === undefined ? undefined : nextById.get(at)!.entry
  }
  const carried: Aliases = {}
  for (const id of [...new Set([...Object.keys(kept), ...Object.keys(moved)])].sort()) {
    if (nextById.has(id)) continue
    const target = entryOf(id)
    if (target !== undefined) carried[id] = target
  }
  return carried
}

/** The file's text: sorted, one alias a line, so a rebuild's diff shows what moved. */
export const aliasesText = (aliases: Aliases) => {
  const sorted = Object.fromEntries(Object.entries(aliases).sort(([a], [b]) => (a < b ? -1 : 1)))
  return `${JSON.stringify({ aliases: sorted }, null, 2)}\n`
}

/** The aliases in a file; none when it is absent. */
export const readAliases = (file = ALIASES_FILE): Aliases => {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw error
  }
  return (JSON.parse(text) as { aliases: Aliases }).aliases
}

let committed: Map<string, string> | undefined

/** The entry an old id has moved to, if it has: from the committed list, read once. */
export const movedApi = (id: string): string | undefined =>
  (committed ??= new Map(Object.entries(readAliases()))).get(id.toLowerCase())
