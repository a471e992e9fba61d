// Old ids of merged APIs: how a rebuild carries them, and that the committed list fits the seed.
import { describe, expect, it } from 'vitest'
import { aliasesText, carryAliases, readAliases, type Aliases } from './aliases'
import { readSeed, type SeedApi } from './seed'

const record = (id: string, provider: string, sources: SeedApi['sources'], entry = id) => ({
  id,
  entry,
  provider,
  sources,
})

describe('carryAliases', () => {
  it('moves a record a rebuild merged to the entry that took in its source', () => {
    const previous = [
      record('omdbapi-com', 'omdbapi.com', ['apis-guru']),
      record('open-movie-database-omdbapi-com', 'omdbapi.com', ['public-apis']),
    ]
    const next = [record('omdbapi-com', 'omdbapi.com', ['apis-guru', 'public-apis'])]
    expect(carryAliases(previous, next)).toEqual({
      'open-movie-database-omdbapi-com': 'omdbapi-com',
    })
  })

  it('points at the entry, not a version of it', () => {
    const previous = [record('lone-example-com', 'example.com', ['public-apis'])]
    const next = [
      record('example-com-v2', 'example.com', ['apis-guru', 'public-apis'], 'example-com'),
      record('example-com', 'example.com', ['apis-guru']),
    ]
    expect(carryAliases(previous, next)).toEqual({ 'lone-example-com': 'example-com' })
  })

  it('gives no alias when no record or several took it in, or one only had the source already', () => {
    const gone = record('gone-example-org', 'example.org', ['public-apis'])
    // Another provider's record took in a public-apis row.
    expect(
      carryAliases([gone], [record('other-example-net', 'example.net', ['public-apis'])]),
    ).toEqual({})
    // Two records of the provider took in public-apis rows: which one was this? Unknown.
    expect(
      carryAliases(
        [gone],
        [
          record('a-example-org', 'example.org', ['apis-guru', 'public-apis']),
          record('b-example-org', 'example.org', ['apis-guru', 'public-apis']),
        ],
      ),
    ).toEqual({})
    // The provider's other record listed public-apis before: it took nothing in.
    const share = record('share-example-org', 'example.org', ['public-apis'])
    expect(carryAliases([gone, share], [share])).toEqual({})
  })

  it('keeps old aliases, following a target that moved in turn and dropping a dead end', () => {
    const kept: Aliases = {
      'first-name': 'second-name',
      'dead-end': 'removed-api',
      'back-again': 'example-com',
    }
    const previous = [
      record('second-name', 'example.com', ['public-apis']),
      record('example-com', 'example.com', ['apis-guru']),
      record('removed-api', 'nowhere.example', ['apis-guru']),
    ]
    const next = [
      record('example-com', 'example.com', ['apis-guru', 'public-apis']),
      record('back-again', 'elsewhere.example', ['public-apis']),
    ]
    expect(carryAliases(previous, next, kept)).toEqual({
      'first-name': 'example-com',
      'second-name': 'example-com',
    })
  })

  it('writes one alias a line, sorted, so that a rebuild shows in its diff what moved', () => {
    const text = aliasesText({ 'b-old': 'b', 'a-old': 'a' })
    expect(text).toBe('{\n  "aliases": {\n    "a-old": "a",\n    "b-old": "b"\n  }\n}\n')
  })
})

describe('the committed aliases', () => {
  it('name ids the seed does not hold, each moved to an entry it does', async () => {
    const { apis } = (await readSeed()).seed
    const byId = new Map(apis.map((api) => [api.id, api]))
    const aliases = readAliases()
    expect(Object.keys(aliases).length).toBeGreaterThan(0)
    for (const [old, target] of Object.entries(aliases)) {
      expect(byId.has(old), old).toBe(false)
      expect(byId.get(target)?.entry, `${old} -> ${target}`).toBe(target)
    }
  })
})
