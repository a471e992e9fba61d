// Similar APIs: entries of one category whose operations use the same words. Each entry's
// vocabulary (its operations' paths, summaries and tags, and its own summary) is written once per
// pair of seeds into api_words (migration 018), each word weighted by how rare it is in the
// category; an entry's similar ones are then one indexed query: the entries sharing its words,
// scored by the cosine of the weighted word sets. Nothing is computed for every pair.
import { randomUUID } from 'node:crypto'
import type { Db, Queryable } from '../db/database'
import { SEED_SETTING } from './load'
import { OPERATIONS_SEED_SETTING } from './operationsLoad'

export const VOCABULARY_SETTING = 'similar_vocabulary'
/** Bumped when the words or weights are computed differently, so a restart rebuilds them. */
const VOCABULARY_VERSION = 1

/**
 * Words every API uses, or that say nothing of what it does. Words used by more than half of a
 * category's entries weigh nothing anyway; these are dropped everywhere.
 */
const STOP_WORDS = [
  'the',
  'and',
  'for',
  'get',
  'gets',
  'list',
  'lists',
  'api',
  'apis',
  'with',
  'from',
  'that',
  'this',
  'are',
  'all',
  'your',
  'you',
  'into',
  'http',
  'https',
  'www',
  'com',
  'json',
  'new',
  'set',
  'use',
  'via',
  'one',
  'its',
  'can',
  'will',
  'not',
  'any',
  'per',
  'has',
  'have',
  'returns',
  'return',
  'given',
  'specified',
  'specific',
  'retrieve',
  'retrieves',
  'create',
  'creates',
  'update',
  'updates',
  'delete',
  'deletes',
  'remove',
  'removes',
  'add',
  'adds',
  'info',
  'details',
  'detail',
  'data',
  'item',
  'items',
  'object',
  'objects',
  'resource',
  'resources',
  'version',
  'using',
  'based',
  'other',
  'each',
  'which',
  'when',
  'their',
  'them',
  'they',
  'also',
  'more',
  'only',
  'about',
  'public',
  'service',
  'services',
  'rest',
  'endpoint',
  'endpoints',
  'request',
  'response',
  'operation',
  'operations',
]

/** The pair of seeds (and the computation's version) a vocabulary was built from. */
export const vocabularyKey = async (db: Queryable) => {
  const rows = await db.query<{ key: string; hash: string | null }>(
    `select key, value->>'hash' as hash from app_settings where key = any($1::text[])`,
    [[SEED_SETTING, OPERATIONS_SEED_SETTING]],
  )
  const hashOf = (key: string) => rows.find((row) => row.key === key)?.hash ?? 'none'
  return `${VOCABULARY_VERSION}:${hashOf(SEED_SETTING)}:${hashOf(OPERATIONS_SEED_SETTING)}`
}

const builtKey = async (db: Queryable) =>
  (
    await db.query<{ value: string | null }>(
      `select value #>> '{}' as value from app_settings where key = $1`,
      [VOCABULARY_SETTING],
    )
  )[0]?.value

/** Entries whose words one gathering step reads: a few hundred milliseconds on the largest. */
const GATHER_BATCH = 100

/** Rows of a build that stopped half way (a restart, an error) are removed after this long. */
const ABANDONED_AFTER = '1 hour'

/**
 * One category's vocabulary, afresh. Synthetic records are left out: they are made-up words, and
 * at 100,000 of them the build would cost a first start more than everything else.
 *
 * The embedded database runs one call at a time, and a call waiting seconds for its turn is shed
 * (503): so the words are gathered a hundred entries per statement into api_words_building, and
 * only the weighing and the swap of the category's rows, from those, is one transaction.
 */
const buildCategory = async (db: Db, category: string, build: string) => {
  const entries = await db.query<{ id: string }>(
    `select id from apis
      where entry = id and category = $1 and not ('synthetic' = any(sources))
      order by id`,
    [category],
  )
  for (let start = 0; start < entries.length; start += GATHER_BATCH) {
    const ids = entries.slice(start, start + GATHER_BATCH).map((entry) => entry.id)
    await db.query(
      `insert into api_words_building (build, api_id, word)
       select distinct $1::text, e.id, w.word
       from apis e
       cross join lateral (
         select o.path || ' ' || o.summary || ' ' || array_to_string(o.tags, ' ') as text
           from api_operations o where o.api_id = e.id
         union all select e.summary
       ) t
       cross join lateral regexp_split_to_table(
         lower(regexp_replace(t.text, '([a-z])([A-Z])', '\\1 \\2', 'g')), '[^a-z]+'
       ) as w(word)
       where e.id = any($2::text[])
         and length(w.word) between 3 and 24 and w.word <> all($3::text[])`,
      [build, ids, STOP_WORDS],
    )
  }
  await db.transaction(async (tx) => {
    // Two instances may build at once (Postgres): one category at a time, the same result.
    await tx.query(
      "select pg_advisory_xact_lock(hashtext('api_atlas.api_words:' || $1 || coalesce(current_schema(), '')))",
      [category],
    )
    await tx.query('delete from api_words where category = $1', [category])
    await tx.query('delete from api_vocabulary where category = $1', [category])
    // idf = ln(N / df); a word more than half the category uses weighs nothing. Every word counts
    // in an entry's norm, but only words another entry shares, with a weight, can make two
    // entries similar: only those are kept.
    await tx.query(
      `with gathered as (select api_id, word from api_words_building where build = $2),
       n as (select count(distinct api_id)::real as total from gathered),
       df as (select word, count(*)::real as df from gathered group by word),
       weighted as (
         select g.api_id, g.word, df.df,
                case when df.df * 2 > n.total then 0 else ln(n.total / df.df) end as idf
           from gathered g join df using (word) cross join n
       ),
       vocabulary as (
         insert into api_vocabulary (api_id, category, words, norm)
         select api_id, $1, count(*)::int, sqrt(sum(idf * idf)) from weighted group by api_id
       )
       insert into api_words (api_id, category, word, idf)
       select api_id, $1, word, idf from weighted where idf > 0 and df > 1`,
      [category, build],
    )
  })
  await db.query('delete from api_words_building where build = $1', [build])
}

/**
 * Writes the vocabulary when the seeds changed since it was built; false when it was current.
 * One category at a time, each in short steps, so the database keeps answering pages in between.
 */
export const buildVocabulary = async (db: Db): Promise<boolean> => {
  const key = await vocabularyKey(db)
  if ((await builtKey(db)) === key) return false
  await db.query(
    `delete from api_words_building where started_at < now() - interval '${ABANDONED_AFTER}'`,
  )
  const build = randomUUID()
  const categories = await db.query<{ slug: string }>(
    'select slug from categories order by position',
  )
  try {
    for (const { slug } of categories) await buildCategory(db, slug, build)
  } finally {
    await db.query('delete from api_words_building where build = $1', [build]).catch(() => {})
  }
  // Categories that are gone keep nothing.
  await db.query(
    'delete from api_words where not exists (select 1 from categories c where c.slug = category)',
  )
  await db.query(
    'delete from api_vocabulary where not exists (select 1 from categories c where c.slug = category)',
  )
  await db.query(
    `insert into app_settings (key, value, updated_at) values ($1, to_jsonb($2::text), now())
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [VOCABULARY_SETTING, key],
  )
  return true
}

/**
 * Whether similar entries can be looked up: 'current' when built from the seeds loaded now,
 * 'stale' when built from earlier ones (still a fair answer while the new build runs), 'missing'
 * when never built.
 */
export const vocabularyState = async (db: Queryable) => {
  const built = await builtKey(db)
  if (built === undefined) return 'missing' as const
  return built === (await vocabularyKey(db)) ? ('current' as const) : ('stale' as const)
}

export type SimilarRow = { id: string; score: number; shared: string[] }

/**
 * Up to `limit` entries of the entry's category sharing the most weighted words with it, best
 * first, each with the shared words that weigh most. Reads the entry's words by its key, then
 * each word's entries by (category, word): a few thousand index entries for the largest APIs.
 */
export const similarEntries = async (
  db: Queryable,
  entry: string,
  limit = 5,
): Promise<SimilarRow[]> => {
  const rows = await db.query<{ id: string; score: number | string; shared: string[] }>(
    `select w2.api_id as id,
            sum(w1.idf * w1.idf) / (v1.norm * v2.norm) as score,
            (array_agg(w1.word order by w1.idf desc, w1.word))[1:5] as shared
       from api_words w1
       join api_words w2
         on w2.category = w1.category and w2.word = w1.word and w2.api_id <> w1.api_id
       join api_vocabulary v1 on v1.api_id = w1.api_id
       join api_vocabulary v2 on v2.api_id = w2.api_id
      where w1.api_id = $1 and v1.norm > 0 and v2.norm > 0
      group by w2.api_id, v1.norm, v2.norm
      order by score desc, w2.api_id
      limit $2`,
    [entry, limit],
  )
  return rows.map((row) => ({ id: row.id, score: Number(row.score), shared: row.shared }))
}
