// Does an API answer as its document says? The checker calls a few safe operations (GET, no key,
// no parameter it cannot fill from the document's own examples, none marked costly) and compares
// the status, content type, documented headers and body with the document, the body through Ajv.
// Each operation ends as matches, drifted (every violation with its JSON pointer into the answer,
// what was expected and what came) or undocumented-status.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { fallbackOperationKey } from '../../src/contract/operations'
import { fetchGuarded, type FetchedAnswer, type ProbeOptions } from './probe'

type Json = Record<string, unknown>

export const CONFORMANCE_STATUSES = ['matches', 'drifted', 'undocumented-status'] as const
export type ConformanceStatus = (typeof CONFORMANCE_STATUSES)[number]
export type Violation = { pointer: string; expected: string; actual: string }
export type ConformanceResult = {
  operationKey: string
  status: ConformanceStatus
  httpStatus: number
  violations: Violation[]
}

/** An operation the checker may call: its key, and the URL path with parameters filled. */
export type SafeOperation = {
  operationKey: string
  route: string
  /** The path and query to append to the base URL. */
  target: string
  /** Header parameters the document requires, from its examples. */
  headers: Record<string, string>
}

/** At most this many operations per API and turn: a few, so a check costs the API little. */
export const OPERATIONS_PER_API = 3
/** Violations kept per operation: enough to read, bounded in storage. */
const MAX_VIOLATIONS = 20
const MAX_TEXT = 200

const asObject = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')

const resolve = (document: Json, value: unknown, depth = 0): Json => {
  const object = asObject(value)
  if (typeof object.$ref !== 'string' || !object.$ref.startsWith('#/') || depth > 20) return object
  let current: unknown = document
  for (const raw of object.$ref.slice(2).split('/')) {
    current = asObject(current)[decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return resolve(document, current, depth + 1)
}

/** The value a parameter is given: its example, else its schema's example, default or first enum. */
const exampleOf = (document: Json, parameter: Json): unknown => {
  if (parameter.example !== undefined) return parameter.example
  const examples = Object.values(asObject(parameter.examples))
  const first = examples.length > 0 ? resolve(document, examples[0]).value : undefined
  if (first !== undefined) return first
  const schema = resolve(document, parameter.schema)
  if (schema.example !== undefined) return schema.example
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]
  if (schema.default !== undefined) return schema.default
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  return undefined
}

const needsNoKey = (document: Json, operation: Json) => {
  const security = operation.security ?? document.security
  if (!Array.isArray(security) || security.length === 0) return true
  // `{}` among the alternatives: calling without credentials is allowed.
  return security.some((requirement) => Object.keys(asObject(requirement)).length === 0)
}

const COSTLY = ['x-costly', 'x-atlas-costly', 'x-expensive']

/**
 * The GET operations the checker may call, in document order, at most `max`: no write method
 * ever; none that needs a key, none the document marks costly, none with a required parameter
 * (path, query or header) that has no example to fill it. Keys as the operations seed keys them.
 */
export const safeOperations = (
  document: Json,
  keyOf: (method: string, route: string) => string | undefined,
  max = OPERATIONS_PER_API,
): SafeOperation[] => {
  const found: SafeOperation[] = []
  for (const [route, itemValue] of Object.entries(asObject(document.paths))) {
    if (found.length >= max) break
    const item = resolve(document, itemValue)
    const operation = asObject(item.get)
    if (Object.keys(operation).length === 0) continue
    if (COSTLY.some((flag) => operation[flag] === true || item[flag] === true)) continue
    if (operation.deprecated === true || !needsNoKey(document, operation)) continue
    const parameters = new Map<string, Json>()
    for (const raw of [
      ...(Array.isArray(item.parameters) ? item.parameters : []),
      ...(Array.isArray(operation.parameters) ? operation.parameters : []),
    ]) {
      const parameter = resolve(document, raw)
      parameters.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter)
    }
    let path = route
    const query = new URLSearchParams()
    const headers: Record<string, string> = {}
    let fillable = true
    for (const parameter of parameters.values()) {
      const required = parameter.required === true || parameter.in === 'path'
      if (!required) continue
      const value = exampleOf(document, parameter)
      if (value === undefined || (typeof value === 'object' && value !== null)) {
        fillable = false
        break
      }
      const text = String(value)
      if (parameter.in === 'path') {
        path = path.replaceAll(`{${String(parameter.name)}}`, encodeURIComponent(text))
      } else if (parameter.in === 'query') query.append(String(parameter.name), text)
      else if (parameter.in === 'header') headers[String(parameter.name).toLowerCase()] = text
      else fillable = false // a cookie: never sent by the checker
    }
    if (!fillable || /[{}]/.test(path)) continue
    const operationKey = keyOf('GET', route) ?? fallbackOperationKey('GET', route)
    const search = query.toString()
    found.push({ operationKey, route, target: search ? `${path}?${search}` : path, headers })
  }
  return found
}

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text)

const jsonType = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number' && Number.isInteger(value)
        ? 'integer'
        : typeof value

const valueAt = (data: unknown, pointer: string): unknown => {
  let current = data
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Json)[key]
  }
  return current
}

const describe = (value: unknown) => {
  if (value === undefined) return 'missing'
  const type = jsonType(value)
  if (type === 'object' || type === 'array') return type
  return `${type} ${clip(JSON.stringify(value))}`
}

/** One Ajv error as a violation, its pointer into the answer (`/body/...`). */
const violationOf = (error: ErrorObject, body: unknown): Violation => {
  const at = `/body${error.instancePath}`
  const value = valueAt(body, error.instancePath)
  const params = error.params as Json
  switch (error.keyword) {
    case 'type':
      return {
        pointer: at,
        expected: [params.type].flat().join(' or '),
        actual: value === null ? 'null' : jsonType(value),
      }
    case 'required':
      return {
        pointer: `${at}/${escapePointer(String(params.missingProperty))}`,
        expected: 'a required property',
        actual: 'missing',
      }
    case 'additionalProperties':
      return {
        pointer: `${at}/${escapePointer(String(params.additionalProperty))}`,
        expected: 'no such property (additionalProperties: false)',
        actual: 'present',
      }
    case 'enum':
      return {
        pointer: at,
        expected: clip(`one of ${JSON.stringify(params.allowedValues)}`),
        actual: describe(value),
      }
    default:
      return {
        pointer: at,
        expected: clip(error.message ?? error.keyword),
        actual: describe(value),
      }
  }
}

const mediaTypeOf = (header: string | undefined) =>
  (header ?? '').split(';')[0]!.trim().toLowerCase()

/** The documented media type an answer's Content-Type falls under, exact before wildcards. */
const matchMedia = (declared: string[], actual: string) =>
  declared.find((media) => media.toLowerCase() === actual) ??
  declared.find((media) => {
    const [type, sub] = media.toLowerCase().split('/')
    return (sub === '*' && actual.startsWith(`${type}/`)) || type === '*'
  })

const isJson = (media: string) => /^application\/(.+\+)?json$|\/json$/.test(media.toLowerCase())

/** The document's response for a status: exact, then `2XX`-style, then `default`. */
export const documentedResponse = (responses: Json, status: number) => {
  const exact = String(status)
  if (exact in responses) return exact
  const range = `${exact[0]}XX`
  const key = Object.keys(responses).find((candidate) => candidate.toUpperCase() === range)
  if (key) return key
  return 'default' in responses ? 'default' : undefined
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

/** OpenAPI's own formats, which JSON Schema does not define: no constraint beyond the type. */
const OPENAPI_FORMATS = ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']

/**
 * Checks answers against one document. OpenAPI 3.1's schemas are JSON Schema 2020-12; 3.0's are
 * a dialect Ajv's default draft reads with `nullable` and `discriminator`, unknown keywords
 * (`example`, `xml`) ignored.
 */
export const createDocumentValidator = (document: Json) => {
  const is31 = typeof document.openapi === 'string' && document.openapi.startsWith('3.1')
  const options = {
    strict: false,
    allErrors: true,
    validateSchema: false,
    discriminator: true,
    logger: false as const,
  }
  const ajv = is31 ? new Ajv2020(options) : new Ajv(options)
  addFormats(ajv as Ajv)
  for (const format of OPENAPI_FORMATS) ajv.addFormat(format, true)
  const id = 'openapi:document'
  ajv.addSchema(document, id)
  const compiled = new Map<string, ValidateFunction | Error>()
  const compile = (pointer: string) => {
    let validate = compiled.get(pointer)
    if (!validate) {
      try {
        validate = ajv.compile({ $ref: `${id}#${pointer}` })
      } catch (error) {
        validate = error instanceof Error ? error : new Error(String(error))
      }
      compiled.set(pointer, validate)
    }
    return validate
  }

  /** The verdict on one answer of one operation. */
  const check = (route: string, answer: FetchedAnswer): Omit<ConformanceResult, 'operationKey'> => {
    const base = `/paths/${escapePointer(route)}/get`
    const operation = resolve(
      document,
      asObject(resolve(document, asObject(document.paths)[route])).get,
    )
    const responses = asObject(operation.responses)
    const key = documentedResponse(responses, answer.status)
    if (key === undefined) {
      return {
        status: 'undocumented-status',
        httpStatus: answer.status,
        violations: [
          {
            pointer: '/status',
            expected: `one of ${Object.keys(responses).join(', ') || 'no statuses documented'}`,
            actual: String(answer.status),
          },
        ],
      }
    }
    const violations: Violation[] = []
    const response = resolve(document, responses[key])
    for (const [name, value] of Object.entries(asObject(response.headers))) {
      const header = resolve(document, value)
      if (header.required === true && answer.headers[name.toLowerCase()] === undefined) {
        violations.push({
          pointer: `/headers/${escapePointer(name.toLowerCase())}`,
          expected: 'a required header',
          actual: 'missing',
        })
      }
    }
    const content = asObject(response.content)
    const declared = Object.keys(content)
    const actualMedia = mediaTypeOf(answer.headers['content-type'])
    if (declared.length > 0) {
      const media = matchMedia(declared, actualMedia)
      if (!media) {
        violations.push({
          pointer: '/headers/content-type',
          expected: declared.join(' or '),
          actual: actualMedia || 'none',
        })
      } else if (isJson(media) && asObject(content[media]).schema !== undefined) {
        let body: unknown
        let parsed = true
        try {
          body = JSON.parse(answer.body)
        } catch {
          parsed = false
          violations.push({
            pointer: '/body',
            expected: 'JSON',
            actual: answer.truncated ? 'longer than the checker reads' : 'not JSON',
          })
        }
        if (parsed) {
          const pointer = `${base}/responses/${escapePointer(key)}/content/${escapePointer(media)}/schema`
          const validate = compile(pointer)
          if (validate instanceof Error) {
            violations.push({
              pointer: '/body',
              expected: 'a schema the checker can read',
              actual: clip(`unreadable schema: ${validate.message}`),
            })
          } else if (!validate(body)) {
            for (const error of validate.errors ?? []) {
              // `nullable`'s and `oneOf`'s summary errors repeat what the others say.
              if (error.keyword === 'oneOf' || error.keyword === 'anyOf') continue
              violations.push(violationOf(error, body))
            }
          }
        }
      }
    }
    const unique = [
      ...new Map(violations.map((violation) => [JSON.stringify(violation), violation])).values(),
    ]
    return {
      status: unique.length > 0 ? 'drifted' : 'matches',
      httpStatus: answer.status,
      violations: unique.slice(0, MAX_VIOLATIONS),
    }
  }
  return { check }
}

export type ConformanceTarget = {
  document: Json
  baseUrl: string
  keyOf: (method: string, route: string) => string | undefined
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((done) => {
    if (ms <= 0 || signal?.aborted) return done()
    const timer = setTimeout(done, ms)
    timer.unref()
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      done()
    })
  })

/**
 * Calls an API's safe operations one after another, `spacingMs` apart (one host, one request at
 * a time), and judges each answer. An operation that could not be reached is left out: the
 * reachability check already says why.
 */
export const checkConformance = async (
  target: ConformanceTarget,
  options: ProbeOptions & { spacingMs: number },
): Promise<ConformanceResult[]> => {
  const operations = safeOperations(target.document, target.keyOf)
  if (operations.length === 0) return []
  const validator = createDocumentValidator(target.document)
  const base = target.baseUrl.replace(/\/+$/, '')
  const results: ConformanceResult[] = []
  for (const [index, operation] of operations.entries()) {
    if (options.signal?.aborted) break
    if (index > 0) await wait(options.spacingMs, options.signal)
    try {
      const answer = await fetchGuarded(`${base}${operation.target}`, {
        ...options,
        headers: operation.headers,
      })
      results.push({
        operationKey: operation.operationKey,
        ...validator.check(operation.route, answer),
      })
    } catch {
      // not reached: nothing to judge
    }
  }
  return results
}
