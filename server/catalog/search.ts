// The directory's search words and rules: how text and queries are normalised, the swap-aware edit
// distance, and an in-memory index over names, providers and descriptions. The server searches in
// the database (searchDb.ts) with these same words and rules; the in-memory index is the reference
// its tests compare against, and fits small catalogues (a few thousand records), not 100,000.

export type SearchDoc = {
  name: string
  /** A domain such as `stripe.com`. */
  provider: string
  /** Plain text: summary and the start of the description. */
  text: string
}

/**
 * tier: 3 the whole query is the name or the provider, 2 the name or provider starts with it or
 * holds it, 1 every word is in the name, 0 otherwise. Within a tier the catalogue puts the more
 * popular API first; score orders the rest.
 */
export type SearchHit = { index: number; score: number; tier: 0 | 1 | 2 | 3 }

export type SearchIndex = {
  /** Matches, best first; an empty array when nothing matches; null when the query has no words. */
  search(query: string): SearchHit[] | null
}

/** Only the start of a query counts: nobody types 200 characters on purpose. */
export const MAX_QUERY_LENGTH = 200
export const MAX_QUERY_TOKENS = 8

/** Lower case, without accents, letters and digits only: "Café-Crème" gives "cafe creme". */
export const normalize = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()

export const tokenize = (text: string) =>
  normalize(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0)

/** `stripe.com` → `stripe`, `developer.nytimes.com` → `developer nytimes`. */
export const providerWords = (provider: string) => {
  const parts = tokenize(provider)
  return parts.length > 1 ? parts.slice(0, -1) : parts
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit, as people make them
 * ("stirpe" for stripe; optimal string alignment), giving up (returning max + 1) as soon as it
 * must exceed max.
 */
export const editDistance = (a: string, b: string, max: number) => {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1)
      }
      current.push(value)
      if (value < best) best = value
    }
    // A swap looks back two rows: give up only when this row and the last are both past max.
    if (best > max && Math.min(...previous) > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]! > max ? max + 1 : previous[b.length]!
}

type Postings = Map<string, number[]>

const addPosting = (postings: Postings, token: string, index: number) => {
  const list = postings.get(token)
  if (!list) postings.set(token, [index])
  else if (list[list.length - 1] !== index) list.push(index)
}

/** First position in a sorted array whose word is >= prefix. */
const lowerBound = (words: string[], prefix: string) => {
  let low = 0
  let high = words.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (words[mid]! < prefix) low = mid + 1
    else high = mid
  }
  return low
}

// Weights: a whole word of the name beats a prefix of one, which beats a near miss; any match
// in the name beats the best match in the description.
const NAME_EXACT = 10
const NAME_PREFIX = 7
const NAME_FUZZY = 5
const NAME_INSIDE = 4
const TEXT_EXACT = 2
const TEXT_PREFIX = 1
const PHRASE_EXACT = 1000
const PHRASE_PREFIX = 500
const PHRASE_INSIDE = 200

export const createSearchIndex = (docs: SearchDoc[]): SearchIndex => {
  const namePostings: Postings = new Map()
  const textPostings: Postings = new Map()
  const phrases = docs.map((doc, index) => {
    const nameTokens = tokenize(doc.name)
    const providerTokens = providerWords(doc.provider)
    for (const token of [...nameTokens, ...providerTokens]) addPosting(namePostings, token, index)
    for (const token of tokenize(doc.text)) addPosting(textPostings, token, index)
    return { name: nameTokens.join(' '), provider: providerTokens.join(' ') }
  })
  const nameWords = [...namePostings.keys()].sort()
  const textWords = [...textPostings.keys()].sort()

  const count = docs.length

  /** Raises each document of each word to weight, keeping the best weight per document. */
  const collect = (
    best: Float64Array,
    postings: Postings,
    words: Iterable<string>,
    weight: number,
  ) => {
    for (const word of words) {
      const list = postings.get(word)
      if (!list) continue
      for (const index of list) if (best[index]! < weight) best[index] = weight
    }
  }

  const prefixed = (words: string[], prefix: string) => {
    const found: string[] = []
    for (let i = lowerBound(words, prefix); i < words.length; i++) {
      if (!words[i]!.startsWith(prefix)) break
      found.push(words[i]!)
    }
    return found
  }

  const near = (token: string) => {
    const max = token.length >= 8 ? 2 : 1
    return nameWords.filter(
      (word) =>
        word !== token &&
        // The first letter is rarely the one mistyped, unless it swapped with the second.
        (word[0] === token[0] || (word[0] === token[1] && word[1] === token[0])) &&
        editDistance(word, token, max) <= max,
    )
  }

  const inside = (token: string) =>
    nameWords.filter((word) => word.length > token.length && word.includes(token))

  /** The best weight of this query word for every document (0: no match). */
  const scoreToken = (token: string) => {
    const best = new Float64Array(count)
    collect(best, textPostings, [token], TEXT_EXACT)
    if (token.length >= 3) collect(best, textPostings, prefixed(textWords, token), TEXT_PREFIX)
    // Typos only where they are cheap and unlikely to be noise: words of four letters or more.
    if (token.length >= 4) collect(best, namePostings, near(token), NAME_FUZZY)
    // Inside a compound name: "weather" in OpenWeatherMap.
    if (token.length >= 4) collect(best, namePostings, inside(token), NAME_INSIDE)
    if (token.length >= 2) collect(best, namePostings, prefixed(nameWords, token), NAME_PREFIX)
    collect(best, namePostings, [token], NAME_EXACT)
    return best
  }

  return {
    search: (query) => {
      const tokens = [...new Set(tokenize(query.slice(0, MAX_QUERY_LENGTH)))].slice(
        0,
        MAX_QUERY_TOKENS,
      )
      if (tokens.length === 0) return null
      const phrase = tokens.join(' ')

      const scores = new Float64Array(count)
      const matched = new Uint8Array(count)
      const inName = new Uint8Array(count)
      for (const token of tokens) {
        const best = scoreToken(token)
        for (let index = 0; index < count; index++) {
          if (best[index]! > 0) {
            scores[index]! += best[index]!
            matched[index]!++
            if (best[index]! >= NAME_INSIDE) inName[index]!++
          }
        }
      }

      // Every word must match somewhere; only when no API has them all do partial matches count.
      let required = tokens.length
      if (!matched.includes(required)) required = 1

      const hits: SearchHit[] = []
      for (let index = 0; index < count; index++) {
        if (matched[index]! < required) continue
        const { name, provider } = phrases[index]!
        let bonus = 0
        if (name === phrase || provider === phrase) bonus = PHRASE_EXACT
        else if (name.startsWith(phrase) || provider.startsWith(phrase)) bonus = PHRASE_PREFIX
        else if (` ${name} `.includes(` ${phrase} `)) bonus = PHRASE_INSIDE
        const complete = matched[index] === tokens.length
        const tier =
          bonus >= PHRASE_EXACT ? 3 : bonus > 0 ? 2 : inName[index] === tokens.length ? 1 : 0
        hits.push({ index, score: bonus + scores[index]! * (complete ? 1 : 0.5), tier })
      }
      return hits.sort(
        (a, b) =>
          b.score - a.score ||
          phrases[a.index]!.name.length - phrases[b.index]!.name.length ||
          a.index - b.index,
      )
    },
  }
}
