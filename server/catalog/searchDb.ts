// The directory's search, in the database: the same words and rules as the in-memory
// index of search.ts, answered by PostgreSQL's full-text search and pg_trgm on PGlite and Postgres
// alike, so no instance holds or rebuilds an index of its own.
//
// - Each entry's words are a weighted tsvector (`api_search.search`, GIN): the name's and the provider's
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
import { settleAfterLoad, type Db, type Queryable } from '../db/database'
import { editDistance, MAX_QUERY_LENGTH, MAX_QUERY_TOKENS, providerWords, tokenize } from './search'

/** How much of a description is searched. */
export const SEARCHED_DESCRIPTION_CHARS = 600

/** What search reads of a record. */
export type Searchable = { name: string; provider: string; summary: string; description: string }

/** The search columns of an entry, as written to `api_search`. */
export type SearchColumns = {
  /** A tsvector literal: `'stripe':1A,2B 'payments':2B`. */
  search: string
  name_key: string
  provider_key: string
  /** The name's and provider's words, for the database to stem into `about` (weight A). */
  about_name: string
  /** The summary and the start of the description, stemmed into `about` (weight B). */
  about_text: string
}

/**
 * camelCase as two words ("RandomUser" → "Random User"), as operation words are read, and without
 * accents, as query words are ("Pokémon" meets "pokemon"): the 'english' configuration keeps them.
 */
const splitCamel = (text: string) =>
  text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')

/** A word as a tsvector or tsquery lexeme; words are letters and digits, quoted all the same. */
export const lexeme = (word: string) => `'${word.replace(/['\\]/g, (char) => `\\${char}`)}'`

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
      about_name: `${splitCamel(api.name)} ${providerTokens.join(' ')}`,
      about_text: splitCamel(
        `${api.summary} ${api.description.slice(0, SEARCHED_DESCRIPTION_CHARS)}`,
      ),
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

/** An entry's own words stemmed, as `about` holds them (the migration says why). */
const ABOUT = `setweight(to_tsvector('english', about_name), 'A')
  || setweight(to_tsvector('english', about_text), 'B')`

/** Writes the search rows of entries of `apis` (already there). */
export const writeSearch = async (db: Queryable, rows: (SearchColumns & { id: string })[]) => {
  if (rows.length === 0) return
  await db.query(
    `insert into api_search (id, search, name_key, provider_key, about)
     select id, search::tsvector, name_key, provider_key, ${ABOUT}
     from jsonb_to_recordset($1::jsonb) as s(id text, search text, name_key text, provider_key text,
       about_name text, about_text text)
     on conflict (id) do update set search = excluded.search, name_key = excluded.name_key,
       provider_key = excluded.provider_key, about = excluded.about`,
    [JSON.stringify(rows)],
  )
}

const BACKFILL_CHUNK = 1000

/**
 * Indexes the directory entries that have no search row yet, written by something other than the
 * seed load (an import, tests that write their own tables), or whose row has no stemmed words
 * (`about`) yet, written before they were kept. The catalogue calls it as it opens: when the seed
 * load wrote every search row, that is one comparison of two indexes finding none.
 */
export const indexUnsearched = async (db: Queryable) => {
  // Their ids first, as one set difference of two indexes (migration 029), then their text a
  // chunk at a time.
  const pending = await db.query<{ id: string }>(
    `select id from apis where entry = id
     except
     select id from api_search where about is not null`,
  )
  const ids = pending.map((row) => row.id)
  let indexed = 0
  for (let start = 0; start < ids.length; start += BACKFILL_CHUNK) {
    const rows = await db.query<{
      id: string
      name: string
      provider: string
      summary: string
      description: string
    }>(
      `select id, name, provider, summary, left(description, ${SEARCHED_DESCRIPTION_CHARS}) as description
       from apis where id = any($1::text[]) and entry = id order by id`,
      [ids.slice(start, start + BACKFILL_CHUNK)],
    )
    const words = new Set<string>()
    const columns = rows.map((row) => {
      const { columns: ofRow, nameWords } = searchColumns(row)
      for (const word of nameWords) words.add(word)
      return { id: row.id, ...ofRow }
    })
    await addNameWords(db, words)
    await writeSearch(db, columns)
    indexed += rows.length
  }
  return indexed
}

/**
 * Writes again how many directory entries hold each stemmed word (search_word_counts), from
 * their own words and their operations' as they are indexed now. One statement over the index
 * (ts_stat): about a second at 100,000 APIs. The table is locked while it is written, so two
 * instances indexing at once take turns; searches read the counts before or after, never half.
 */
export const countSearchWords = (db: Db) =>
  db.transaction(async (tx) => {
    await tx.query('lock table search_word_counts in exclusive mode')
    await tx.query('delete from search_word_counts')
    await tx.query(
      `insert into search_word_counts (word, entries)
       select word, ndoc from ts_stat(
         'select coalesce(about, ''''::tsvector) || coalesce(ops, ''''::tsvector) from api_search'
       )`,
    )
  })

/**
 * After entries were indexed (their own words or their operations'): the words' counts written
 * again, and the search table vacuumed and analysed. Indexing rewrites an entry's row once for
 * its own words and up to three times for its operations' (emptied, then filled); at 100,000 APIs
 * the dead rows left api_search four times its live size, its indexes pointing at every version,
 * and a search read them all (an unseen query took 2 to 3 times as long). Not in a transaction:
 * VACUUM cannot run in one.
 */
export const settleSearch = async (db: Db) => {
  await countSearchWords(db)
  await settleAfterLoad(db, ['api_search', 'search_word_counts'])
}

/**
 * An entry that matches in its name: tier as search.ts has it (3 the name or provider is the
 * query, 2 starts with or holds it as a phrase, 1 every word is in the name) and a rank within it.
 */
export type NameHit = { id: string; tier: 1 | 2 | 3; rank: number }

/**
 * What a query matches: the entries that match in their name, ranked (a small set), and the ids
 * of every entry that matches anywhere, the former included (ordered by popularity by the caller).
 */
export type DbSearch = { named: NameHit[]; ids: string[] }

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

// Only the name matches are ranked: a broad query matches most of the catalogue in its
// descriptions, and those are ordered by popularity, not by rank.
const NAMED_SQL = `select id,
    case when name_key = $2 or provider_key = $2 then 3
      when starts_with(name_key, $2) or starts_with(provider_key, $2)
        or strpos(' ' || name_key || ' ', ' ' || $2 || ' ') > 0 then 2
      else 1 end as tier,
    ts_rank('{0, 0, 0.2, 1}', search, $1::tsquery) as rank
  from api_search where search @@ $1::tsquery`

// Ids are slugs: one line each, one string rather than a row each.
const IDS_SQL = `select string_agg(id, E'\\n') as ids from api_search where search @@ $1::tsquery`

/**
 * What a query matches (see DbSearch); null when the query has no words. Every word must match
 * somewhere; only when no entry has them all do partial matches count.
 */
export const searchEntries = async (db: Queryable, query: string): Promise<DbSearch | null> => {
  const tokens = queryTokens(query)
  if (tokens.length === 0) return null
  const candidates = await nameCandidates(db, tokens)
  const parts = tokens.map((token) => tokenQueries(token, candidates.get(token)!))
  const phrase = tokens.join(' ')
  const read = async (joiner: string, ranked: boolean) => {
    const [named, [row]] = await Promise.all([
      ranked
        ? db.query<{ id: string; tier: number; rank: number }>(NAMED_SQL, [
            parts.map((part) => part.inName).join(joiner),
            phrase,
          ])
        : [],
      db.query<{ ids: string | null }>(IDS_SQL, [parts.map((part) => part.anywhere).join(joiner)]),
    ])
    return {
      named: named.map((hit) => ({
        id: hit.id,
        tier: Number(hit.tier) as NameHit['tier'],
        rank: Number(hit.rank),
      })),
      ids: row?.ids ? row.ids.split('\n') : [],
    }
  }
  const all = await read(' & ', true)
  if (all.ids.length > 0 || tokens.length === 1) return all
  // A name with only some of the words is no better than a description with them, so these are
  // not ranked: ranking every name with any of five words took longer than finding them.
  return read(' | ', false)
}

/**
 * Words people use for a task that the documents say otherwise: a query word also matches these
 * stems in operations ("send sms" finds Twilio's "Send a message"). Small and deliberate: each
 * line is a term of the catalogue's own vocabulary for the same thing.
 */
const SYNONYMS: Record<string, string[]> = {
  sms: ['messag', 'text'],
  text: ['sms'],
  email: ['mail', 'messag'],
  mail: ['email'],
  geocod: ['address', 'coordin', 'locat'],
  currenc: ['exchang', 'rate'],
  convert: ['exchang', 'convers'],
  convers: ['convert'],
  pictur: ['imag', 'photo'],
  photo: ['imag', 'pictur'],
  imag: ['photo', 'pictur'],
  shorten: ['short', 'link'],
  url: ['link'],
  charg: ['payment'],
  pay: ['payment'],
  payment: ['charg'],
  upload: ['file'],
  signatur: ['sign', 'envelop'],
  repositori: ['repo'],
  repo: ['repositori'],
}

/** A query read for task search: its words, the stem of each, and what each may stand for. */
export type TaskWords = {
  /** The query's words as search.ts reads them, stop words ("a", "the") left out. */
  tokens: string[]
  /** Per word, the 'english' stems it matches in operation words: its own and its synonyms'. */
  stems: string[][]
}

/**
 * A query's words for matching operation words: the words (stop words such as "a" and "the" left
 * out, unless the query has nothing else), the 'english' stems of each, and each word's stems with
 * its synonyms'. Null when the query has no words.
 */
export const taskStems = async (db: Queryable, tokens: string[]) => {
  if (tokens.length === 0) return null
  const stemRows = await db.query<{ token: string; stem: string[] | null }>(
    `select t.token, ts_lexize('english_stem', t.token) as stem from unnest($1::text[]) as t(token)`,
    [tokens],
  )
  const stemOf = new Map(stemRows.map((row) => [row.token, row.stem ?? [row.token]]))
  // Stop words say nothing of the task; a query of stop words only keeps them ("the who").
  const content = tokens.filter((token) => (stemOf.get(token) ?? [token]).length > 0)
  const kept = content.length > 0 ? content : tokens
  const own = kept.map((token) => (stemOf.get(token)?.length ? stemOf.get(token)! : [token]))
  const stems = own.map((list) => [
    ...new Set([...list, ...list.flatMap((stem) => SYNONYMS[stem] ?? [])]),
  ])
  return { tokens: kept, own, stems }
}

/**
 * Per word, its text and name tsquery (as searchEntries builds them) and its operations tsquery,
 * and the candidates the name lexicon gives for a typo.
 */
const readTaskWords = async (db: Queryable, query: string) => {
  const all = queryTokens(query)
  if (all.length === 0) return null
  const [candidates, stemmed] = await Promise.all([nameCandidates(db, all), taskStems(db, all)])
  return { ...stemmed!, candidates }
}

/** ts_rank of a word held once in a name (weight A, 1): 1 / (1 + 1/4 + 1/9 + ...) = 1 / 1.6449. */
const NAME_WORD_RANK = 0.6079

/** Entries whose words held are counted: the best by rank, far more than a page of results. */
const COVERAGE_CANDIDATES = 300

/**
 * An entry a task query matched, with what the catalogue ranks it by. Each measure sums the
 * query's words, each word counting for its share of the query: BM25's inverse document frequency
 * (how few entries hold the word), so that in "geocode an address" the rare "geocode" tells more
 * than "address", which hundreds of entries hold.
 */
export type TaskHit = {
  id: string
  /** ts_rank of the entry's own stemmed words (`about`: name A, summary and description B). */
  textRank: number
  /** ts_rank of its operations' words (C in a summary, operationId or tag; D elsewhere). */
  opRank: number
  /** The share of the query's words it holds somewhere, 0 to 1 (a word held weakly: half). */
  covered: number
  /**
   * Its own words say the query as a phrase, the words in order and side by side (stop words
   * keeping their places): "Global weather forecast API" for "weather forecast".
   */
  phrase: boolean
  /**
   * How much of the query one operation says: the share of the query's pairs of words (each pair
   * weighed by its two words' shares) that some operation names together in its summary,
   * operationId or tags, 0 to 1; a pair said only through a synonym counts for half. "create a
   * repository" is 1 for an API with a "Create a repository" operation, 0 for one that creates
   * other things and lists repositories.
   */
  together: number
}

/**
 * A word held by more than this share of the entries does not make an entry a result by itself,
 * when the query has a rarer one: "create", "get" and "list" are in most documents.
 */
const COMMON_SHARE = 0.25

/** Query words whose pairs are read (the first ones: a long query has many pairs). */
const PAIRED_QUERY_WORDS = 5

/**
 * The pairs of two words' stems as `pairs` holds them ("creat repositori"), in both orders, so
 * that no collation need agree with the one that sorted them.
 */
const pairLexemes = (first: string[], second: string[]) =>
  first.flatMap((a) =>
    second.filter((b) => b !== a).flatMap((b) => [lexeme(`${a} ${b}`), lexeme(`${b} ${a}`)]),
  )

/**
 * How many directory entries hold each word's own stems, by the word's tsquery: one catalogue's,
 * filled as queries name new words. The caller bounds it.
 */
export type HeldCounts = Pick<Map<string, number>, 'get' | 'set'>

export type TaskSearch = {
  tokens: string[]
  /** The operations tsquery (every word's stems, OR), for the operations that matched. */
  opsQuery: string
  hits: TaskHit[]
}

/**
 * Every entry holding a telling word of the query (below), in its own text or its operations',
 * with its ranks; null when the query has no words. The tsvectors are under GIN indexes: the
 * match is an index bitmap (BitmapOr of them), and only matching rows are ranked. A word's synonyms count for
 * half of it, in ranks as in what an entry holds. `entries`: how many directory entries there
 * are, when the caller knows (else they are counted); `held`: the caller's counts of entries
 * holding each word, kept for one catalogue (else every query reads its words' counts again).
 */
export const searchTasks = async (
  db: Queryable,
  query: string,
  entries?: number,
  held?: HeldCounts,
): Promise<TaskSearch | null> => {
  const read = await readTaskWords(db, query)
  if (!read) return null
  const { tokens, own, stems, candidates } = read
  const textParts = tokens.map((token) => tokenQueries(token, candidates.get(token)!).anywhere)
  const opParts = stems.map((list) => `(${list.map(lexeme).join(' | ')})`)
  const opsQuery = opParts.join(' | ')
  // How many entries hold each word (its own stems), for its share: written as the entries were
  // indexed (countSearchWords), and kept by the caller for one catalogue, so a word already read
  // is not read again.
  const ownQueries = own.map((list) => list.map(lexeme).join(' | '))
  const unread = [...new Set(own.filter((_, i) => held?.get(ownQueries[i]!) === undefined).flat())]
  const [counted, total] = await Promise.all([
    unread.length === 0
      ? []
      : db.query<{ word: string; entries: number }>(
          'select word, entries from search_word_counts where word = any($1::text[])',
          [unread],
        ),
    entries ??
      db
        .query<{ n: number }>('select count(*)::int as n from api_search')
        .then(([row]) => Number(row!.n)),
  ])
  const entriesOf = new Map(counted.map((row) => [row.word, Number(row.entries)]))
  // A word of several stems is held by at least as many entries as its most held stem: that many.
  const heldBy = own.map((list, i) => {
    const kept = held?.get(ownQueries[i]!)
    if (kept !== undefined) return kept
    const n = Math.max(0, ...list.map((stem) => entriesOf.get(stem) ?? 0))
    held?.set(ownQueries[i]!, n)
    return n
  })
  const all = Math.max(1, total)
  // Inverse document frequency (BM25's), each word's share of the query.
  const idf = heldBy.map((n) => Math.log(1 + (all - n + 0.5) / (n + 0.5)))
  const idfSum = idf.reduce((sum, value) => sum + value, 0) || 1
  const share = idf.map((value) => value / idfSum)
  // An entry is a result when it holds a telling word of the query: one that fewer than a
  // quarter of the entries hold, when the query has one ("repository" of "create a repository").
  // An entry holding only "create" would rank below every one holding "repository" anyway, and
  // ranking the 100,000 that hold it was most of an unseen query's time at 100,000 APIs.
  const telling = heldBy.map((n) => n <= COMMON_SHARE * all)
  const matched = <T>(parts: T[]) =>
    telling.some(Boolean) ? parts.filter((_, i) => telling[i]) : parts
  // Ranks for every result: two functions per row, the query's words alike. Each word weighed by
  // its share, and how many words each entry holds, costs several more per word and row, so it is
  // read for the best candidates only (by id, from the primary key); the rest, ranked below them
  // anyway, count as holding half the query.
  const ranked = await db.query<{ id: string; text_rank: number; op_rank: number; named: boolean }>(
    `select id, coalesce(ts_rank('{0, 0, 0.4, 1}', about, $1::tsquery), 0) as text_rank,
       coalesce(ts_rank('{0.02, 0.3, 0, 0}', ops, $1::tsquery), 0) as op_rank,
       search @@ $2::tsquery as named
     from api_search where search @@ $3::tsquery or ops @@ $4::tsquery or about @@ $4::tsquery`,
    [
      opsQuery,
      tokens.map((token) => tokenQueries(token, candidates.get(token)!).inName).join(' | '),
      matched(textParts).join(' | '),
      matched(opParts).join(' | '),
    ],
  )
  const hits: TaskHit[] = ranked.map((row) => ({
    id: row.id,
    textRank: Number(row.text_rank),
    opRank: Number(row.op_rank),
    covered: 0.5,
    phrase: false,
    together: 0,
  }))
  // Names holding a word are among the best whatever their ranks.
  const first = (i: number) => (ranked[i]!.named ? 1 : 0) + hits[i]!.textRank + hits[i]!.opRank
  const best = hits
    .map((_, i) => i)
    .sort((a, b) => first(b) - first(a))
    .slice(0, COVERAGE_CANDIDATES)
    .map((i) => hits[i]!)
  if (best.length > 0) {
    const params: (string | string[])[] = []
    // A word counts as held when the entry's own words have it (or its name, a typo of it), or an
    // operation says it in its summary, operationId or tags (C); a path or description alone (D),
    // or only a synonym, counts for half: the largest documents hold nearly every word somewhere.
    const perWord = tokens.map((_, i) => {
      const others = stems[i]!.filter((stem) => !own[i]!.includes(stem))
      params.push(
        textParts[i]!,
        own[i]!.map(lexeme).join(' | '),
        `(${own[i]!.map((stem) => `${lexeme(stem)}:C`).join(' | ')})`,
        tokenQueries(tokens[i]!, candidates.get(tokens[i]!)!).inName,
      )
      const [text, mine, named, inName] = [3, 2, 1, 0].map((back) => params.length - back)
      let alike: number | undefined
      if (others.length > 0) alike = params.push(others.map(lexeme).join(' | '))
      const w = share[i]!
      const rank = (column: string, weights: string) => {
        const ownRank = `ts_rank('${weights}', ${column}, $${mine}::tsquery)`
        return `coalesce(${alike ? `greatest(${ownRank}, 0.5 * ts_rank('${weights}', ${column}, $${alike}::tsquery))` : ownRank}, 0)`
      }
      const half = [`ops @@ $${mine}::tsquery`]
      if (alike) half.push(`about @@ $${alike}::tsquery`, `ops @@ $${alike}::tsquery`)
      return {
        held: `${w} * (case when search @@ $${text}::tsquery or coalesce(about @@ $${mine}::tsquery, false)
          or coalesce(ops @@ $${named}::tsquery, false) then 1
          when coalesce(${half.join(' or ')}, false) then 0.5 else 0 end)`,
        // A name holding the word inside a word of its own ("weather" in "Weatherbit", or a typo
        // of it) ranks as the word once in the name: ts_rank of one A position, 1 / 1.6449.
        text: `${w} * greatest(${rank('about', '{0, 0, 0.4, 1}')},
          case when search @@ $${inName}::tsquery then ${NAME_WORD_RANK} else 0 end)`,
        op: `${w} * ${rank('ops', '{0.02, 0.3, 0, 0}')}`,
      }
    })
    // Pairs of the first words, each weighed so that all of them together count for those words'
    // shares: ((share i + share j) / (n - 1) over the n words' pairs).
    const paired = Math.min(tokens.length, PAIRED_QUERY_WORDS)
    const together: string[] = []
    // Any pair at all, tested first: most entries say none, and are read once.
    const togetherAny: string[] = []
    for (let i = 0; i < paired; i++) {
      for (let j = i + 1; j < paired; j++) {
        const mine = pairLexemes(own[i]!, own[j]!)
        const alike = pairLexemes(stems[i]!, stems[j]!).filter((pair) => !mine.includes(pair))
        if (mine.length === 0) continue
        const w = (share[i]! + share[j]!) / (paired - 1)
        togetherAny.push(...mine, ...alike)
        const ownAt = params.push(mine.join(' | '))
        const alikeAt = alike.length > 0 ? params.push(alike.join(' | ')) : undefined
        together.push(
          `${w} * (case when coalesce(pairs @@ $${ownAt}::tsquery, false) then 1${
            alikeAt ? ` when coalesce(pairs @@ $${alikeAt}::tsquery, false) then 0.5` : ''
          } else 0 end)`,
        )
      }
    }
    const byId = new Map(best.map((hit) => [hit.id, hit]))
    // A phrase of two words or more; the query's own words, stop words included, so that
    // phraseto_tsquery keeps their places ("geocode an address": geocod <2> address).
    const phrase =
      tokens.length > 1 ? (params.push(queryTokens(query).join(' ')), `$${params.length}`) : null
    const togetherSql =
      together.length > 0
        ? `case when coalesce(pairs @@ $${params.push(togetherAny.join(' | '))}::tsquery, false)
            then ${together.join(' + ')} else 0 end`
        : '0'
    params.push(best.map((hit) => hit.id))
    const rows = await db.query<{
      id: string
      covered: number
      text: number
      op: number
      phrase: boolean
      together: number
    }>(
      `select id, ${perWord.map((word) => word.held).join(' + ')} as covered,
         ${perWord.map((word) => word.text).join(' + ')} as text,
         ${perWord.map((word) => word.op).join(' + ')} as op,
         ${phrase ? `coalesce(about @@ phraseto_tsquery('english', ${phrase}), false)` : 'false'} as phrase,
         ${togetherSql} as together
       from api_search where id = any($${params.length}::text[])`,
      params,
    )
    for (const row of rows) {
      const hit = byId.get(row.id)!
      hit.covered = Number(row.covered)
      hit.textRank = Number(row.text)
      hit.opRank = Number(row.op)
      hit.phrase = row.phrase === true
      hit.together = Number(row.together)
    }
  }
  return { tokens, opsQuery, hits }
}

/**
 * How a query's words stand to an entry's name and provider address: 4 the query is the provider's
 * address, as words or run together ("dog ceo" and "dogceo" for dog.ceo, "cat fact" for
 * catfact.ninja): someone who types an address means that provider, where a name such as "Cat
 * Facts" is a description several entries share; 3 the query is the name, as words or run
 * together; 2 the name or address starts with the query or holds it as words; 1 every word is in
 * the name or the address; 0 otherwise.
 */
export const nameTier = (tokens: string[], name: string, provider: string): NameTier => {
  if (tokens.length === 0) return 0
  const phrase = tokens.join(' ')
  const joined = tokens.join('')
  const nameWords = tokenize(name)
  const address = tokenize(provider)
  const short = providerWords(provider)
  const addresses = [address, short]
  if (addresses.some((words) => words.join(' ') === phrase || words.join('') === joined)) return 4
  if (nameWords.join(' ') === phrase || nameWords.join('') === joined) return 3
  // The query's letters making one word of the name's or address's first words ("catfact" of
  // "Cat Facts"), or a name or address that starts with the query or holds it as words.
  const keys = [nameWords, ...addresses].map((words) => words.join(' '))
  const compact = [nameWords, ...addresses].map((words) => words.join(''))
  if (tokens.length > 1 && joined.length >= 6 && compact.some((key) => key.startsWith(joined))) {
    return 3
  }
  if (compact.some((key) => key.startsWith(joined) && joined.length >= 6)) return 2
  if (keys.some((key) => key.startsWith(phrase) || ` ${key} `.includes(` ${phrase} `))) return 2
  const words = new Set([...nameWords, ...address])
  return tokens.every((token) => words.has(token)) ? 1 : 0
}

export type NameTier = 0 | 1 | 2 | 3 | 4
