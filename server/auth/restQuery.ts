// Turns the PostgREST query forms supabase-js sends (listed in docs/auth.md) into one SQL
// statement made only of whitelisted, quoted identifiers and bound values.

import { jsonTooDeep } from '../jsonLimits'

/** An answer in PostgREST's error shape. */
export class RestError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message)
    this.name = 'RestError'
  }
}

/** Each exposed table's columns, with their Postgres data type (information_schema's). */
export type TableColumns = ReadonlyMap<string, Columns>
export type Columns = ReadonlyMap<string, string>

/** Bounds on what a query string can hand the database. */
export const REST_LIMITS = {
  /** Characters of one filter value, after decoding. */
  valueLength: 1024,
  /** Values of one in.() list. */
  listItems: 100,
  /** Filters plus order terms in one query. */
  terms: 20,
  /** Nesting of a JSON value compared with a json or jsonb column. */
  jsonDepth: 16,
} as const

const JSON_TYPES = new Set(['json', 'jsonb'])

export const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

const badQuery = (message: string, details: string | null = null) =>
  new RestError(400, 'PGRST100', message, details)

const OPERATORS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
}
const IS_VALUES: Record<string, string> = {
  null: 'null',
  'not.null': 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
}
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict'])
const UNSUPPORTED = new Set(['and', 'or', 'not'])

export type ReadQuery = {
  columns: string[] | '*'
  where: string[]
  params: unknown[]
  order: string[]
  limit?: number
  offset?: number
}

const columnOf = (table: string, columns: Columns, name: string) => {
  if (!columns.has(name)) {
    throw new RestError(400, '42703', `column ${table}.${name} does not exist`)
  }
  return quote(name)
}

const parseSelect = (table: string, columns: Columns, value: string | null) => {
  if (value === null || value.trim() === '*' || value.trim() === '') return '*' as const
  return value.split(',').map((part) => {
    const name = part.trim()
    if (!/^[a-z_][a-z0-9_]*$/i.test(name)) {
      throw badQuery(
        `"${name.slice(0, 60)}" is not supported in select: the embedded server accepts * or a list of column names`,
      )
    }
    columnOf(table, columns, name)
    return name
  })
}

const nonNegativeInt = (name: string, value: string | null) => {
  if (value === null) return undefined
  if (!/^\d{1,9}$/.test(value))
    throw badQuery(`${name} must be a whole number, got "${value.slice(0, 20)}"`)
  return Number(value)
}

/** Splits `(a,"b,c",d)` into its values, as PostgREST's in.() does. */
const parseList = (raw: string) => {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw badQuery('in. takes a list in parentheses, like in.(a,b)')
  }
  const values: string[] = []
  const text = raw.slice(1, -1)
  let current = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '\\' && i + 1 < text.length) current += text[++i]
      else if (char === '"') quoted = false
      else current += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      values.push(current)
      current = ''
    } else current += char
  }
  if (text.length > 0) values.push(current)
  if (values.length > REST_LIMITS.listItems) {
    throw badQuery(`in. takes at most ${REST_LIMITS.listItems} values, got ${values.length}`)
  }
  return values
}

/**
 * A filter value, checked before it reaches the database: bounded in length, and for a json or
 * jsonb column valid JSON of bounded depth, since Postgres parses it before checking privileges.
 */
const checkValue = (column: string, type: string | undefined, value: string) => {
  if (value.length > REST_LIMITS.valueLength) {
    throw badQuery(
      `The filter value for ${column} is ${value.length} characters long; at most ${REST_LIMITS.valueLength} are accepted`,
    )
  }
  if (!type || !JSON_TYPES.has(type)) return value
  const tooDeep = jsonTooDeep(value, REST_LIMITS.jsonDepth)
  if (tooDeep) throw badQuery(`The filter value for ${column} is refused: ${tooDeep}`)
  try {
    JSON.parse(value)
  } catch {
    throw new RestError(400, '22P02', `The filter value for ${column} is not valid JSON`)
  }
  return value
}

/** select, filters, order, limit and offset of a GET. */
export const parseReadQuery = (
  table: string,
  columns: Columns,
  search: URLSearchParams,
): ReadQuery => {
  const query: ReadQuery = {
    columns: parseSelect(table, columns, search.get('select')),
    where: [],
    params: [],
    order: [],
    limit: nonNegativeInt('limit', search.get('limit')),
    offset: nonNegativeInt('offset', search.get('offset')),
  }
  let terms = 0
  const countTerm = () => {
    if (++terms > REST_LIMITS.terms) {
      throw badQuery(`A query takes at most ${REST_LIMITS.terms} filters and order terms`)
    }
  }
  for (const [key, value] of search) {
    if (RESERVED.has(key)) continue
    if (UNSUPPORTED.has(key)) {
      throw badQuery(`The ${key} filter is not supported by the embedded server`)
    }
    const column = columnOf(table, columns, key)
    countTerm()
    const type = columns.get(key)
    const dot = value.indexOf('.')
    const operator = dot < 0 ? value : value.slice(0, dot)
    const operand = dot < 0 ? '' : value.slice(dot + 1)
    if (operator in OPERATORS) {
      checkValue(key, type, operand)
      query.params.push(operator.endsWith('like') ? operand.replaceAll('*', '%') : operand)
      query.where.push(`${column} ${OPERATORS[operator]} $${query.params.length}`)
    } else if (operator === 'is' && operand in IS_VALUES) {
      query.where.push(`${column} is ${IS_VALUES[operand]}`)
    } else if (operator === 'in') {
      query.params.push(parseList(operand).map((item) => checkValue(key, type, item)))
      query.where.push(`${column} = any($${query.params.length})`)
    } else {
      throw badQuery(
        `"${key}=${value.slice(0, 60)}" is not a filter the embedded server understands`,
        'Use column=op.value with op one of eq, neq, gt, gte, lt, lte, like, ilike, is, in',
      )
    }
  }
  const order = search.get('order')
  if (order) {
    for (const term of order.split(',')) {
      countTerm()
      const [name = '', ...modifiers] = term.trim().split('.')
      let sql = columnOf(table, columns, name)
      for (const modifier of modifiers) {
        if (modifier === 'asc' || modifier === 'desc') sql += ` ${modifier}`
        else if (modifier === 'nullsfirst') sql += ' nulls first'
        else if (modifier === 'nullslast') sql += ' nulls last'
        else throw badQuery(`"${term.slice(0, 60)}" is not an order: use column.asc or column.desc`)
      }
      query.order.push(sql)
    }
  }
  return query
}

export const selectList = (columns: string[] | '*') =>
  columns === '*' ? '*' : columns.map(quote).join(', ')

/** The SELECT of a GET, answering its rows as one JSON array built by Postgres. */
export const readSql = (table: string, query: ReadQuery) => {
  const params = [...query.params]
  let sql = `select ${selectList(query.columns)} from ${quote(table)}`
  if (query.where.length > 0) sql += ` where ${query.where.join(' and ')}`
  if (query.order.length > 0) sql += ` order by ${query.order.join(', ')}`
  if (query.limit !== undefined) {
    params.push(query.limit)
    sql += ` limit $${params.length}`
  }
  if (query.offset !== undefined) {
    params.push(query.offset)
    sql += ` offset $${params.length}`
  }
  return {
    sql: `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (${sql}) _r`,
    params,
  }
}

export const countSql = (table: string, query: ReadQuery) => ({
  sql: `select count(*)::int as n from ${quote(table)}${
    query.where.length > 0 ? ` where ${query.where.join(' and ')}` : ''
  }`,
  params: query.params,
})

/** The Prefer header's preferences, which may arrive comma-joined or repeated. */
export const parsePrefer = (header: string | string[] | undefined) => {
  const prefs = new Map<string, string>()
  for (const part of [header ?? []].flat().join(',').split(',')) {
    const [key, value = ''] = part.trim().split('=')
    if (key) prefs.set(key.trim().toLowerCase(), value.trim().toLowerCase())
  }
  return prefs
}

/** Columns of an insert: the union of the objects' keys, or the columns parameter. */
export const insertColumns = (
  table: string,
  columns: Columns,
  rows: Record<string, unknown>[],
  columnsParam: string | null,
) => {
  const names = columnsParam
    ? columnsParam.split(',').map((name) => name.trim().replace(/^"(.*)"$/, '$1'))
    : [...new Set(rows.flatMap((row) => Object.keys(row)))]
  for (const name of names) {
    if (!columns.has(name)) {
      throw new RestError(
        400,
        'PGRST204',
        `Could not find the '${name.slice(0, 60)}' column of '${table}' in the schema cache`,
      )
    }
  }
  return names
}

/** INSERT ... SELECT from json_populate_recordset, so Postgres coerces the JSON as PostgREST does. */
export const insertSql = (
  table: string,
  names: string[],
  returning: string[] | '*' | undefined,
) => {
  const target = quote(table)
  const list = names.map(quote).join(', ')
  const insert =
    names.length === 0
      ? `insert into ${target} default values`
      : `insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, $1::json)`
  if (!returning)
    return `with _r as (${insert} returning 1) select null::text as body, count(*)::int as n from _r`
  return `with _r as (${insert} returning ${selectList(returning)}) select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from _r`
}
