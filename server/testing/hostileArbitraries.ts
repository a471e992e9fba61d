// fast-check arbitraries for property tests of the routes against hostile input: values shaped
// by a route's zod schema from src/contract (valid, nearly valid and wrong), and the nasty
// strings, headers and bodies an attacker or a broken client sends.
import fc from 'fast-check'
import type { z } from 'zod'

/** Strings that have broken parsers, databases, templates and loggers somewhere. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\r\n',
  '%',
  '%00',
  '%E0%A4%A',
  '%uD800',
  '\uD800',
  '\uFEFF',
  '\u202E',
  '..',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' or '1'='1",
  "'; drop table apis; --",
  '$1',
  '\\',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '9007199254740993',
  '-1',
  '[]',
  '{}',
  'null',
  'true',
  '*',
  'eq.',
  'in.(',
  'a'.repeat(5000),
  '💥'.repeat(300),
  'Ω≈ç√∫˜µ≤≥÷',
  '𝕿𝖍𝖊',
]

export const nastyString = fc.constantFrom(...NASTY_STRINGS)

/** Any string: ASCII, any code point, lone surrogates, or one of the nasty ones. */
export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 3, arbitrary: nastyString },
)

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2 ** 53 + 1, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
)

/** Any JSON value, sometimes deeply nested or wide. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constant(deepArray(500)) },
  { weight: 1, arbitrary: fc.constant(deepObject(500)) },
  { weight: 1, arbitrary: fc.constant({ __proto__: { admin: true } }) },
)

export function deepArray(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

export function deepObject(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

type Def = {
  type: string
  shape?: Record<string, z.ZodType>
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  element?: z.ZodType
  keyType?: z.ZodType
  valueType?: z.ZodType
  options?: z.ZodType[]
  entries?: Record<string, string | number>
  values?: Set<unknown>
  checks?: { _zod: { def: { check: string; pattern?: RegExp } } }[]
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def

/** A string that satisfies the schema's regex when it has one (so deeper checks get reached). */
const stringFor = (def: Def) => {
  const pattern = def.checks?.map((check) => check._zod.def.pattern).find(Boolean)
  if (!pattern) return hostileString
  // fast-check cannot generate from lookaheads; without them the strings mostly still match.
  for (const source of [pattern.source, pattern.source.replace(/\(\?[=!][^)]*\)/g, '')]) {
    try {
      return fc.oneof(
        { weight: 2, arbitrary: fc.stringMatching(new RegExp(source)) },
        hostileString,
      )
    } catch {
      // try the next form
    }
  }
  return hostileString
}

/**
 * Values shaped like the schema: each field is right, or wrong in type or content, or missing;
 * objects sometimes carry extra keys; anything may be replaced by some other JSON value.
 */
export const arbitraryFor = (schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> => {
  const def = defOf(schema)
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const fields = Object.fromEntries(
          Object.entries(def.shape ?? {}).map(([key, field]) => [
            key,
            arbitraryFor(field, depth + 1),
          ]),
        )
        return fc
          .tuple(
            fc.record(fields, { requiredKeys: [] }),
            fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
            fc.boolean(),
          )
          .map(([record, extra, withExtra]) => (withExtra ? { ...extra, ...record } : record))
      }
      case 'string':
        return stringFor(def)
      case 'number':
        return hostileNumber
      case 'boolean':
        return fc.boolean()
      case 'enum':
        return fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...Object.values(def.entries ?? { x: 'x' })) },
          hostileString,
        )
      case 'literal':
        return fc.constantFrom(...(def.values ?? new Set([null])))
      case 'array':
        return fc.array(arbitraryFor(def.element!, depth + 1), { maxLength: depth > 0 ? 3 : 60 })
      case 'record':
        return fc.dictionary(
          fc.oneof(arbitraryFor(def.keyType!, depth + 1) as fc.Arbitrary<string>, hostileString),
          arbitraryFor(def.valueType!, depth + 1),
          { maxKeys: 60 },
        )
      case 'union':
        return fc.oneof(...(def.options ?? []).map((option) => arbitraryFor(option, depth + 1)))
      case 'optional':
      case 'default':
        return fc.option(arbitraryFor(def.innerType!, depth), { nil: undefined, freq: 4 })
      case 'nullable':
        return fc.option(arbitraryFor(def.innerType!, depth), { nil: null, freq: 4 })
      case 'pipe':
        // z.preprocess is a pipe from a transform: the shape is in its output schema.
        return arbitraryFor(defOf(def.in!).type === 'transform' ? def.out! : def.in!, depth)
      default:
        return hostileJson
    }
  })()
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: hostileJson })
}

/** A query string from values shaped like the schema: strings, repeated keys, odd encodings. */
export const queryStringFor = (schema: z.ZodType) =>
  fc
    .tuple(
      arbitraryFor(schema),
      fc.array(fc.tuple(hostileString, hostileString), { maxLength: 3 }),
      fc.constantFrom('', '&', '&&=&', '&%zz=%', '&=x', '&page=1&page=2', '&a[b]=1&a[c]=2'),
    )
    .map(([value, extra, tail]) => {
      const params = new URLSearchParams()
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [key, item] of Object.entries(value)) {
          if (item === undefined) continue
          for (const one of Array.isArray(item) ? item : [item]) {
            params.append(key, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''))
          }
        }
      }
      for (const [key, item] of extra) params.append(key, item)
      const text = `${params.toString()}${tail}`
      return text ? `?${text}` : ''
    })

/** Lone surrogates cannot be percent-encoded; a browser replaces them with U+FFFD. */
export const wellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')

/** One path segment: encoded so it reaches the route, or raw and broken on purpose. */
export const pathSegment = fc.oneof(
  { weight: 4, arbitrary: hostileString.map((value) => encodeURIComponent(wellFormed(value))) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2e%2e', '..', '.', '%2F'),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,40}$/) },
)

/** Header values the HTTP layer accepts (latin-1, no CR/LF), but that mean nothing good. */
const headerValue = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((value) => value.replace(/[\r\n\0]/g, '')),
  nastyString.map((value) => value.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer a.b.c',
    'Basic Og==',
    'Bearer eyJhbGciOiJub25lIn0.e30.',
  ),
)

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/vnd.pgrst.object+json',
  'application/json-patch+json',
  '*/*',
  ';',
  'x',
]

/** Headers a hostile client adds: odd content types and encodings, tokens, forwarding. */
export const hostileHeaders = fc
  .record(
    {
      'content-type': fc.constantFrom(...CONTENT_TYPES),
      'content-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x'),
      accept: fc.constantFrom(
        'application/json',
        'application/vnd.pgrst.object+json',
        'text/html',
        '*/*',
        '',
      ),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity;q=0', '*', 'x'),
      authorization: headerValue,
      apikey: headerValue,
      prefer: fc.constantFrom(
        'return=representation',
        'count=exact',
        'missing=default',
        'x=y=z',
        ',',
      ),
      'accept-profile': fc.constantFrom('public', 'auth', 'pg_catalog', ''),
      'content-profile': fc.constantFrom('public', 'auth', ''),
      'if-none-match': fc.constantFrom('*', 'W/"x"', '"', ''),
      'x-forwarded-for': fc.constantFrom('127.0.0.1', '10.0.0.1, 8.8.8.8', 'garbage', ''),
      'x-request-id': headerValue,
      via: fc.constantFrom('1.1 api-atlas-tester', '1.1 proxy'),
      dnt: fc.constantFrom('1', '0'),
      origin: fc.constantFrom('https://evil.example', 'null'),
      'user-agent': headerValue,
      range: fc.constantFrom('0-9', 'bytes=0-', 'items=-1'),
    },
    { requiredKeys: [] },
  )
  .map((headers) =>
    Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)),
  )

/** A body as bytes on the wire: JSON of the shaped value, or something that is not JSON at all. */
export const bodyFor = (shaped: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: shaped.map((value) => JSON.stringify(value) ?? '') },
    { weight: 1, arbitrary: hostileString },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '   ',
        '{',
        '{"a":',
        '[1,2',
        'nul',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
        '\u0000',
        '{"a":1}garbage',
        `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        `{"events":${'['.repeat(3000)}${']'.repeat(3000)}}`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    },
  )
