// Search by task: the words of every operation, stemmed by the database's 'english' full-text
// configuration (Postgres and PGlite have the same one), per operation (api_operation_search) and
// per directory entry (api_search.ops). A query ranks entries by their own words and their
// operations' words together (searchDb.ts), and shows the operations that matched it.
import type { Queryable } from '../db/database'

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

/** APIs whose operations are stemmed per statement: PGlite stops a query that runs 30 s. */
const WORDS_CHUNK = 100

/** Writes every operation's words; run in the transaction that loaded the operations. */
export const writeOperationWords = async (db: Queryable) => {
  await db.query('delete from api_operation_search')
  const apis = await db.query<{ api_id: string }>(
    'select distinct api_id from api_operations order by api_id',
  )
  for (let start = 0; start < apis.length; start += WORDS_CHUNK) {
    await db.query(
      `insert into api_operation_search (api_id, operation_key, position, words)
       select o.api_id, o.operation_key, o.position, ${OPERATION_WORDS} from api_operations o
       where o.api_id = any($1::text[])`,
      [apis.slice(start, start + WORDS_CHUNK).map((row) => row.api_id)],
    )
  }
  // Every entry's operation words are made again from these.
  await db.query('update api_search set ops = null where ops is not null')
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
  let indexed = 0
  for (;;) {
    const ids = await db.query<{ id: string }>(
      `select id from api_search where ops is null order by id limit ${ENTRY_CHUNK}`,
    )
    if (ids.length === 0) return indexed
    await db.query(
      `with chosen as (select unnest($1::text[]) as id),
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
      )
      update api_search s set ops = coalesce(v.ops, ''::tsvector)
      from chosen c left join vectors v on v.api_id = c.id
      where s.id = c.id`,
      [ids.map((row) => row.id)],
    )
    indexed += ids.length
  }
}

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
