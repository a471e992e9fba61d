import { describe, expect, it } from 'vitest'
import {
  insertColumns,
  parsePrefer,
  parseReadQuery,
  readSql,
  REST_LIMITS,
  RestError,
} from './restQuery'

const columns = new Map(
  ['id', 'user_id', 'created_at', 'event_type', 'weird"name', 'preferences'].map((name) => [
    name,
    name === 'preferences' ? 'jsonb' : 'text',
  ]),
)
const parse = (query: string) => parseReadQuery('t', columns, new URLSearchParams(query))

describe('parseReadQuery', () => {
  it('binds every value and quotes every column', () => {
    const query = parse(
      'select=id,user_id&user_id=eq.x\'; drop table t;--&event_type=in.(A,"B,C")&created_at=is.null&order=created_at.desc.nullslast,id&limit=10&offset=5',
    )
    expect(query.columns).toEqual(['id', 'user_id'])
    expect(query.where).toEqual([
      '"user_id" = $1',
      '"event_type" = any($2)',
      '"created_at" is null',
    ])
    expect(query.params).toEqual(["x'; drop table t;--", ['A', 'B,C']])
    expect(query.order).toEqual(['"created_at" desc nulls last', '"id"'])
    const { sql, params } = readSql('t', query)
    expect(sql).toContain('limit $3 offset $4')
    expect(params).toEqual(["x'; drop table t;--", ['A', 'B,C'], 10, 5])
  })

  it('turns like stars into SQL wildcards', () => {
    expect(parse('event_type=ilike.*LOGIN*').params).toEqual(['%LOGIN%'])
  })

  it.each([
    ['select=id::text', 'PGRST100'],
    ['select=*,other(*)', 'PGRST100'],
    ['select=nope', '42703'],
    ['nope=eq.1', '42703'],
    ['id=cs.{1}', 'PGRST100'],
    ['id=not.eq.1', 'PGRST100'],
    ['or=(id.eq.1)', 'PGRST100'],
    ['order=id.sideways', 'PGRST100'],
    ['order=nope.desc', '42703'],
    ['limit=-1', 'PGRST100'],
    ['limit=ten', 'PGRST100'],
    ['event_type=in.A,B', 'PGRST100'],
  ])('refuses %s with %s', (query, code) => {
    expect(() => parse(query)).toThrow(RestError)
    try {
      parse(query)
    } catch (error) {
      expect(error).toMatchObject({ code, statusCode: 400 })
    }
  })
})

describe('parseReadQuery bounds what reaches the database', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
  const refusal = (query: string) => {
    try {
      parse(query)
    } catch (error) {
      return error as RestError
    }
    throw new Error(`accepted: ${query.slice(0, 80)}`)
  }

  it('checks a jsonb filter value as JSON of bounded depth before Postgres parses it', () => {
    expect(parse(`preferences=eq.${deep(REST_LIMITS.jsonDepth)}`).params).toHaveLength(1)
    expect(refusal(`preferences=eq.${deep(REST_LIMITS.jsonDepth + 1)}`)).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('nested more than 16 levels'),
    })
    expect(refusal('preferences=eq.{"a":')).toMatchObject({
      statusCode: 400,
      message: 'The filter value for preferences is not valid JSON',
    })
    expect(refusal(`preferences=in.(1,${deep(40)})`).statusCode).toBe(400)
  })

  it('refuses long values, long lists and too many terms, naming the limit', () => {
    expect(refusal(`id=eq.${'x'.repeat(REST_LIMITS.valueLength + 1)}`).message).toMatch(
      /at most 1024 are accepted/,
    )
    const items = Array.from({ length: REST_LIMITS.listItems + 1 }, (_, i) => i).join(',')
    expect(refusal(`id=in.(${items})`).message).toMatch(/at most 100 values/)
    const terms = Array.from({ length: REST_LIMITS.terms + 1 }, () => 'id=eq.1').join('&')
    expect(refusal(terms).message).toMatch(/at most 20 filters/)
  })
})

describe('insertColumns', () => {
  it('takes the union of the keys, checked against the table', () => {
    expect(insertColumns('t', columns, [{ id: 1 }, { user_id: 2 }], null)).toEqual([
      'id',
      'user_id',
    ])
    expect(insertColumns('t', columns, [{}], '"id","user_id"')).toEqual(['id', 'user_id'])
    expect(() => insertColumns('t', columns, [{ nope: 1 }], null)).toThrow(
      /Could not find the 'nope' column/,
    )
  })
})

describe('parsePrefer', () => {
  it('reads comma-joined and repeated preferences', () => {
    const prefs = parsePrefer(['return=representation, count=exact', 'missing=default'])
    expect(Object.fromEntries(prefs)).toEqual({
      return: 'representation',
      count: 'exact',
      missing: 'default',
    })
  })
})
