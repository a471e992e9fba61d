// Search by task: the words of every operation, stemmed by the database's 'english' full-text
// configuration (Postgres and PGlite have the same one), per operation (api_operation_search) and
// per directory entry (api_search.ops). A query ranks entries by their own words and their
// operations' words together (searchDb.ts), and shows the operations that matched it.
import type { OperationSummary } from '../../src/contract/operations'
import type { Queryable } from '../db/database'
import { lexeme, queryTokens, taskStems } from './searchDb'

/** Operation descriptions are long; their start says what the operation does. */
const DESCRIPTION_CHARS = 300

/**
 * An operation's words as text: camelCase and snake_case split ("sendMessage" → "send Message"),
 * punctuation to spaces, so the parser reads words rather than one long token.
 */
const wordsOf = (column: string) =>
  `regexp_replace(regexp_replace(${column}, '([a-z0-9])([A-Z])', '\\1 \\2', 'g'), '[^[:alnum:]]+', ' ', 'g')`

/** The vector of one operation: what it says it does (B), then where it lives (D). */
const OPERATION_WORDS = `setweight(to_tsvector('english', ${wordsOf(
  `o.summary || ' ' || coalesce(o.operation_id, '') || ' ' || array_to_string(o.tags, ' ')`,
)}), 'B') || setweight(to_tsvector('english', ${wordsOf(
  `o.path || ' ' || left(coalesce(o.detail->>'description', ''), ${DESCRIPTION_CHARS})`,
)}), 'D')`

/** The names of an operation's parameters, as words (an API page's search reads them). */
const OPERATION_NAMES = `to_tsvector('english', ${wordsOf(
  `coalesce((select string_agg(p->>'name', ' ') from json_array_elements(
     case when json_typeof(o.detail->'parameters') = 'array' then o.detail->'parameters' else '[]' end
   ) as p), '')`,
)})`

/**
 * Operations stemmed, or gathered into entries, per statement: PGlite stops a query that runs 30 s,
 * and on a busy host 10,000 of them (Microsoft Graph alone) came near it.
 */
const OPERATIONS_PER_STATEMENT = 2_000

/**
 * Writes every operation's words, or only those of the APIs named; run in the transaction that
 * loaded the operations.
 */
export const writeOperationWords = async (db: Queryable, only?: string[]) => {
  const chosen = only ? ' where api_id = any($1::text[])' : ''
  await db.query(`delete from api_operation_search${chosen}`, only ? [only] : [])
  const insert = `insert into api_operation_search (api_id, operation_key, position, words, names)
    select o.api_id, o.operation_key, o.position, ${OPERATION_WORDS}, ${OPERATION_NAMES}
    from api_operations o`
  const counts = await db.query<{ api_id: string; n: number }>(
    `select api_id, count(*)::int as n from api_operations${chosen} group by api_id order by api_id`,
    only ? [only] : [],
  )
  let batch: string[] = []
  let size = 0
  const flush = async () => {
    if (batch.length > 0) await db.query(`${insert} where o.api_id = any($1::text[])`, [batch])
    batch = []
    size = 0
  }
  for (const { api_id: id, n } of counts) {
    const count = Number(n)
    if (count > OPERATIONS_PER_STATEMENT) {
      // A large API in slices of its positions.
      for (let from = 0; from < count; from += OPERATIONS_PER_STATEMENT) {
        await db.query(`${insert} where o.api_id = $1 and o.position >= $2 and o.position < $3`, [
          id,
          from,
          from + OPERATIONS_PER_STATEMENT,
        ])
      }
      continue
    }
    if (size + count > OPERATIONS_PER_STATEMENT) await flush()
    batch.push(id)
    size += count
  }
  await flush()
  // Every entry's operation words are made again from these.
  if (only) await db.query('update api_search set ops = null where id = any($1::text[])', [only])
  else await db.query('update api_search set ops = null where ops is not null')
}

/** A lexeme as a tsvector literal (quotes doubled, backslashes escaped). */
const LITERAL = `'''' || replace(replace(l.lexeme, '\\', '\\\\'), '''', '''''') || ''''`

/** Entries indexed per statement: bounded memory however large the catalogue. */
const ENTRY_CHUNK = 200

/**
 * Fills the operation words of the directory entries that have none yet (after a catalogue or an
 * operations load), from their default record's operations. An entry without operations gets an
 * empty vector, so the next start finds nothing to do. Returns how many entries it indexed.
 */
export const indexOperationWords = async (db: Queryable) => {
  // Most entries of a large catalogue have no operations: all of them in one statement, rather
  // than a search for the next chunk through every unindexed entry, chunk after chunk.
  const empty = await db.query<{ n: number }>(
    `with emptied as (
       update api_search s set ops = ''::tsvector, pairs = ''::tsvector
       where s.ops is null and not exists (select 1 from api_operation_search o where o.api_id = s.id)
       returning 1
     ) select count(*)::int as n from emptied`,
  )
  let indexed = Number(empty[0]?.n ?? 0)
  // From where the last chunk ended: the primary key's order, rather than from the first entry
  // each time past every one already indexed (100,000 synthetic entries made that quadratic).
  let after = ''
  for (;;) {
    const pending = await db.query<{ id: string; n: number }>(
      `select s.id, coalesce(o.operation_count, 0) as n from api_search s
       left join api_operation_sets o on o.api_id = s.id
       where s.ops is null and s.id > $1 order by s.id limit ${ENTRY_CHUNK}`,
      [after],
    )
    if (pending.length === 0) return indexed
    // Entries of at most OPERATIONS_PER_STATEMENT operations between them (one, if larger).
    const ids: string[] = []
    let size = 0
    for (const { id, n } of pending) {
      if (ids.length > 0 && size + Number(n) > OPERATIONS_PER_STATEMENT) break
      ids.push(id)
      size += Number(n)
    }
    await db.query(INDEX_ENTRIES, [ids])
    indexed += ids.length
    after = ids.at(-1)!
  }
}

/** Words of an operation's summary, operationId and tags that make its pairs (see below). */
const PAIRED_WORDS = 8
/**
 * An entry's pairs stop at this size, the most said first: a tsvector holds at most 1 MB. The
 * catalogue's largest document makes under half of this; a larger one (an overlay's) keeps the
 * pairs its operations say most.
 */
const PAIRS_MAX_BYTES = 600_000
/** What a lexeme costs a tsvector beside its text (its entry in the vector's index). */
const PAIR_OVERHEAD_BYTES = 4

/**
 * Each chosen entry's operation words as one vector, and the words its operations say together as
 * another (`pairs`: every two of an operation's first PAIRED_WORDS named words, as one lexeme
 * "creat repositori", the two in alphabetical order; see the migrations).
 */
const INDEX_ENTRIES = `with chosen as (select unnest($1::text[]) as id),
      lex as (
        select o.api_id, u.lexeme, count(*) as n, bool_or('B' = any(u.weights)) as named
        from api_operation_search o cross join lateral unnest(o.words) as u
        where o.api_id in (select id from chosen)
        group by o.api_id, u.lexeme
      ),
      vectors as (
        select l.api_id, string_agg(${LITERAL} || ':' || (
          select string_agg(p::text || case when l.named then 'C' else 'D' end, ',')
          from generate_series(1, least(l.n, 4)::int) as p
        ), ' ')::tsvector as ops
        from lex l group by l.api_id
      ),
      named as (
        select o.api_id, o.operation_key, u.lexeme,
          row_number() over (partition by o.api_id, o.operation_key order by u.positions[1]) as r
        from api_operation_search o cross join lateral unnest(o.words) as u
        where o.api_id in (select id from chosen) and 'B' = any(u.weights)
      ),
      paired as (
        select a.api_id, a.lexeme || ' ' || b.lexeme as lexeme, count(*) as n
        from named a join named b on b.api_id = a.api_id and b.operation_key = a.operation_key
          and a.lexeme < b.lexeme
        where a.r <= ${PAIRED_WORDS} and b.r <= ${PAIRED_WORDS}
        group by a.api_id, a.lexeme, b.lexeme
      ),
      kept as (
        select api_id, lexeme, sum(length(lexeme) + ${PAIR_OVERHEAD_BYTES}) over (
          partition by api_id order by n desc, lexeme rows unbounded preceding
        ) as size
        from paired
      ),
      pairs as (
        select l.api_id, string_agg(${LITERAL}, ' ')::tsvector as pairs from kept l
        where l.size <= ${PAIRS_MAX_BYTES} group by l.api_id
      )
      update api_search s set ops = coalesce(v.ops, ''::tsvector),
        pairs = coalesce(p.pairs, ''::tsvector)
      from chosen c left join vectors v on v.api_id = c.id left join pairs p on p.api_id = c.id
      where s.id = c.id`

/** An operation that matched a query, as a result card lists it. */
export type MatchedOperation = {
  operationKey: string
  method: string
  path: string
  summary: string
}

/** Operations listed per result, at most. */
export const MATCHED_PER_API = 3

/**
 * The operations of these APIs that best match the query (a tsquery over stemmed words), best
 * first, at most MATCHED_PER_API each: what a summary shows beside its name.
 */
export const matchedOperations = async (
  db: Queryable,
  apiIds: string[],
  query: string,
): Promise<Map<string, MatchedOperation[]>> => {
  const found = new Map<string, MatchedOperation[]>()
  if (apiIds.length === 0 || query === '') return found
  const rows = await db.query<MatchedOperation & { api_id: string }>(
    `select m.api_id, m.operation_key as "operationKey", o.method, o.path, o.summary
     from (
       select s.api_id, s.operation_key, row_number() over (
         partition by s.api_id
         order by ts_rank('{0.1, 0.2, 1, 1}', s.words, $2::tsquery) desc, s.position
       ) as place
       from api_operation_search s
       where s.api_id = any($1::text[]) and s.words @@ $2::tsquery
     ) as m
     join api_operations o on o.api_id = m.api_id and o.operation_key = m.operation_key
     where m.place <= ${MATCHED_PER_API}
     order by m.api_id, m.place`,
    [apiIds, query],
  )
  for (const { api_id, ...operation } of rows) {
    const list = found.get(api_id) ?? []
    list.push({ ...operation, method: operation.method.toUpperCase() })
    found.set(api_id, list)
  }
  return found
}

/** What an API page's search found: a page of its operations, best first, and how many in all. */
export type OperationSearch = { operations: OperationSummary[]; total: number }

/**
 * The operations of one API that hold every word of the query (stemmed, a word's synonyms counting
 * for it, the last word also as a prefix, since people search as they type) in their summary,
 * operationId, tags, path, description or parameter names; best first, then in the document's
 * order. Null when the query has no words.
 */
export const searchOperations = async (
  db: Queryable,
  apiId: string,
  query: string,
  { page, limit }: { page: number; limit: number },
): Promise<OperationSearch | null> => {
  // "createCustomer" reads as two words, as an operation's own words do.
  const stemmed = await taskStems(db, queryTokens(query.replace(/([a-z0-9])([A-Z])/g, '$1 $2')))
  if (!stemmed) return null
  const { tokens, stems } = stemmed
  const last = tokens.length - 1
  const tsquery = stems
    .map((list, i) => {
      const parts = list.map(lexeme)
      if (i === last && tokens[i]!.length >= 3) parts.push(`${lexeme(tokens[i]!)}:*`)
      return `(${parts.join(' | ')})`
    })
    .join(' & ')
  const rows = await db.query<{
    operation_key: string
    method: OperationSummary['method']
    path: string
    operation_id: string | null
    summary: string
    tags: string[]
    deprecated: boolean
    total: number
  }>(
    `with found as (
       select s.operation_key, s.position,
         ts_rank('{0.1, 0.2, 1, 1}', s.words || s.names, $2::tsquery, 2) as rank
       from api_operation_search s
       where s.api_id = $1 and (s.words || s.names) @@ $2::tsquery
     )
     select o.operation_key, o.method, o.path, o.operation_id, o.summary, o.tags, o.deprecated,
       (select count(*) from found)::int as total
     from found f join api_operations o on o.api_id = $1 and o.operation_key = f.operation_key
     order by f.rank desc, f.position
     limit $3 offset $4`,
    [apiId, tsquery, limit, (page - 1) * limit],
  )
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : page === 1
        ? 0
        : Number(
            (
              await db.query<{ n: number }>(
                `select count(*)::int as n from api_operation_search s
                 where s.api_id = $1 and (s.words || s.names) @@ $2::tsquery`,
                [apiId, tsquery],
              )
            )[0]!.n,
          )
  return {
    operations: rows.map((row) => ({
      operationKey: row.operation_key,
      method: row.method,
      path: row.path,
      operationId: row.operation_id,
      summary: row.summary,
      tags: row.tags,
      deprecated: row.deprecated,
    })),
    total,
  }
}
