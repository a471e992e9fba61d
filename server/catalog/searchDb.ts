// The directory's search, in the database (issue 26): the same words and rules as the in-memory
// index of search.ts, answered by PostgreSQL's full-text search and pg_trgm on PGlite and Postgres
// alike, so no instance holds or rebuilds an index of its own.
//
// - Each entry's words are a weighted tsvector (`apis.search`, GIN): the name's and the provider's
//   words weight A, the summary's and the description's first 600 characters weight B. The words
//   are normalised here (search.ts: lower case, no accents, letters and digits) and written as
//   lexemes, so the database's own parser and dictionaries never change them.
// - `search_words` is the lexicon of every name word, under a trigram index: a query word of four
//   letters or more takes its nearest name words by trigram distance as typo candidates, kept
//   when the swap-aware edit distance allows them, and the name words that hold it ("weather" in
//   "openweathermap").
// - A query is one tsquery: every word must match (its name candidates in A, or the word or its
//   prefix anywhere); when no entry has them all, any word will do. The tier of relevance is
//   worked out in SQL from the name and provider keys.
import type { Queryable } from '../db/database'
import { editDistance, MAX_QUERY_LENGTH, MAX_QUERY_TOKENS, providerWords, tokenize } from './search'

/** How much of a description is searched. */
export const SEARCHED_DESCRIPTION_CHARS = 600

/** What search reads of a record. */
export type Searchable = { name: string; provider: string; summary: string; description: string }

/** The search columns of a record, as written to `apis`, and its name words for the lexicon. */
export type SearchColumns = {
  /** A tsvector literal: `'stripe':1A,2B 'payments':2B`. */
  search: string
  name_key: string
  provider_key: string
}

/** A word as a tsvector or tsquery lexeme; words are letters and digits, quoted all the same. */
const lexeme = (word: string) => `'${word.replace(/['\\]/g, (char) => `\\${char}`)}'`

/** The search columns of a record and the words its name adds to the lexicon. */
export const searchColumns = (api: Searchable): { columns: SearchColumns; nameWords: string[] } => {
  const nameTokens = tokenize(api.name)
  const providerTokens = providerWords(api.provider)
  const nameWords = [...new Set([...nameTokens, ...providerTokens])]
  const named = new Set(nameWords)
  const textWords = new Set(
    tokenize(`${api.summary} ${api.description.slice(0, SEARCHED_DESCRIPTION_CHARS)}`),
  )
  const lexemes = [
    ...nameWords.map((word) => `${lexeme(word)}:1A${textWords.has(word) ? ',2B' : ''}`),
    ...[...textWords].filter((word) => !named.has(word)).map((word) => `${lexeme(word)}:2B`),
  ]
  return {
    columns: {
      search: lexemes.join(' '),
      name_key: nameTokens.join(' '),
      provider_key: providerTokens.join(' '),
    },
    nameWords,
  }
}

/** Adds name words to the lexicon (words already there stay). */
export const addNameWords = async (db: Queryable, words: Iterable<string>) => {
  const list = [...new Set(words)]
  for (let start = 0; start < list.length; start += 5000) {
    await db.query(
      'insert into search_words (word) select unnest($1::text[]) on conflict (word) do nothing',
      [list.slice(start, start + 5000)],
    )
  }
}

/** Writes search columns by id (rows of `apis` already there). */
const writeColumns = (db: Queryable, rows: (SearchColumns & { id: string })[]) =>
  db.query(
    `update apis set search = s.search::tsvector, name_key = s.name_key,
       provider_key = s.provider_key
     from jsonb_to_recordset($1::jsonb) as s(id text, search text, name_key text, provider_key text)
     where apis.id = s.id`,
    [JSON.stringify(rows)],
  )

const BACKFILL_CHUNK = 1000

/**
 * Indexes the records that have no search columns yet (written by something other than the seed
 * load, or before search moved to the database). Nothing to do, the usual case, costs one read of
 * an index that is empty.
 */
export const indexUnsearched = async (db: Queryable) => {
  let indexed = 0
  for (;;) {
    const rows = await db.query<{
      id: string
      name: string
      provider: string
      summary: string
      description: string
    }>(
      `select id, name, provider, summary, left(description, ${SEARCHED_DESCRIPTION_CHARS}) as description
       from apis where search is null order by id limit ${BACKFILL_CHUNK}`,
    )
    if (rows.length === 0) return indexed
    const words = new Set<string>()
    const columns = rows.map((row) => {
      const { columns: ofRow, nameWords } = searchColumns(row)
      for (const word of nameWords) words.add(word)
      return { id: row.id, ...ofRow }
    })
    await addNameWords(db, words)
    await writeColumns(db, columns)
    indexed += rows.length
  }
}

/** tier as search.ts has it: 3 the name or provider is the query, 2 starts with or holds it as a
 * phrase, 1 every word is in the name, 0 otherwise. */
export type DbSearchHit = { id: string; tier: 0 | 1 | 2 | 3; rank: number }

/** Typo candidates per query word are taken among this many nearest name words. */
const NEAREST = 24
/** Name words that hold a query word, at most. */
const HOLDING = 200

/** Name words a query word may stand for, other than itself and its prefixes. */
const nameCandidates = async (db: Queryable, tokens: string[]) => {
  const long = tokens.filter((token) => token.length >= 4)
  const candidates = new Map<string, Set<string>>(tokens.map((token) => [token, new Set()]))
  if (long.length === 0) return candidates
  const rows = await db.query<{ token: string; word: string; inside: boolean }>(
    `select t.token, w.word, false as inside from unnest($1::text[]) as t(token)
     cross join lateral (
       select word from search_words order by word operator(public.<->) t.token limit ${NEAREST}
     ) as w
     union all
     select t.token, w.word, true as inside from unnest($1::text[]) as t(token)
     cross join lateral (
       select word from search_words
       where word like '%' || t.token || '%' and length(word) > length(t.token) limit ${HOLDING}
     ) as w`,
    [long],
  )
  for (const { token, word, inside } of rows) {
    if (word === token) continue
    const max = token.length >= 8 ? 2 : 1
    const near =
      // The first letter is rarely the one mistyped, unless it swapped with the second.
      (word[0] === token[0] || (word[0] === token[1] && word[1] === token[0])) &&
      editDistance(word, token, max) <= max
    if (inside || near) candidates.get(token)!.add(word)
  }
  return candidates
}

/** The query words, as search.ts reads them; none: the query has no words. */
export const queryTokens = (query: string) =>
  [...new Set(tokenize(query.slice(0, MAX_QUERY_LENGTH)))].slice(0, MAX_QUERY_TOKENS)

/** Matches of a query word anywhere, and in the name only, as tsquery parts. */
const tokenQueries = (token: string, candidates: Set<string>) => {
  const word = lexeme(token)
  const inName = [`${word}:A`, ...[...candidates].map((candidate) => `${lexeme(candidate)}:A`)]
  if (token.length >= 2) inName.push(`${word}:*A`)
  // A prefix in the description counts from three letters on.
  const anywhere = [word, ...inName.slice(1)]
  if (token.length >= 3) anywhere.push(`${word}:*`)
  return { anywhere: `(${anywhere.join(' | ')})`, inName: `(${inName.join(' | ')})` }
}

const HITS_SQL = `select id,
    case when name_key = $3 or provider_key = $3 then 3
      when starts_with(name_key, $3) or starts_with(provider_key, $3)
        or strpos(' ' || name_key || ' ', ' ' || $3 || ' ') > 0 then 2
      when search @@ $2::tsquery then 1
      else 0 end as tier,
    ts_rank('{0, 0, 0.2, 1}', search, $1::tsquery) as rank
  from apis where entry = id and search @@ $1::tsquery`

/**
 * The directory entries that match a query, with their tier and a rank within it (unordered);
 * null when the query has no words.
 */
export const searchEntries = async (
  db: Queryable,
  query: string,
): Promise<DbSearchHit[] | null> => {
  const tokens = queryTokens(query)
  if (tokens.length === 0) return null
  const candidates = await nameCandidates(db, tokens)
  const parts = tokens.map((token) => tokenQueries(token, candidates.get(token)!))
  const inName = parts.map((part) => part.inName).join(' & ')
  const phrase = tokens.join(' ')
  const read = (anywhere: string) =>
    db.query<{ id: string; tier: number; rank: number }>(HITS_SQL, [anywhere, inName, phrase])
  let rows = await read(parts.map((part) => part.anywhere).join(' & '))
  // Every word must match somewhere; only when no entry has them all do partial matches count.
  if (rows.length === 0 && tokens.length > 1) {
    rows = await read(parts.map((part) => part.anywhere).join(' | '))
  }
  return rows.map((row) => ({
    id: row.id,
    tier: Number(row.tier) as DbSearchHit['tier'],
    rank: Number(row.rank),
  }))
}
