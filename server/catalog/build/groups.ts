// One directory entry per API: the records of one provider and name (GitHub's REST API and its
// Enterprise Server versions; Azure's SqlManagementClient documents) form one entry, shown by its
// default record, with the others as versions or variants on its page.
import type { SeedApi } from '../seed'

/** A service name with a number in it is one version of several (`ghes-3.8`, `sesv2`). */
const versioned = (service: string) => /\d/.test(service)

/**
 * The order of a group's records, default first: the provider's preferred (x-preferred), then the
 * latest, then the main service rather than a numbered one, then the one with most operations.
 */
export const byDefaultFirst = (a: SeedApi, b: SeedApi) =>
  Number(b.preferred) - Number(a.preferred) ||
  (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0) ||
  Number(versioned(a.service)) - Number(versioned(b.service)) ||
  b.endpointCount - a.endpointCount ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** What tells a record from the others of its entry: its service, and its version when short. */
export const variantLabel = (api: Pick<SeedApi, 'id' | 'service' | 'version'>) => {
  const version = api.version.length > 0 && api.version.length <= 24 ? api.version : ''
  if (api.service && version) return `${api.service} (${version})`
  return api.service || version || api.id
}

const keyOf = (api: SeedApi) => `${api.provider}\u0000${api.name.toLowerCase()}`

/**
 * Sets each record's entry (the id of its group's default record), its place in the group (0 for
 * the default) and the group's size. Returns the number of entries.
 */
export const groupEntries = (apis: SeedApi[]): number => {
  const groups = new Map<string, SeedApi[]>()
  for (const api of apis) groups.set(keyOf(api), [...(groups.get(keyOf(api)) ?? []), api])
  for (const group of groups.values()) {
    group.sort(byDefaultFirst)
    const entry = group[0]!.id
    // A version every record shares tells none of them apart.
    const sameVersion = group.every((api) => api.version === group[0]!.version)
    group.forEach((api, rank) => {
      api.entry = entry
      api.entryRank = rank
      api.entrySize = group.length
      api.variant =
        group.length === 1 ? '' : variantLabel(sameVersion ? { ...api, version: '' } : api)
    })
  }
  return groups.size
}
