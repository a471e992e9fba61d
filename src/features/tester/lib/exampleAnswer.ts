// An answer from the documentation: the operation's documented success example, or one generated
// from its response schema, checked against that schema. No request goes anywhere. Loaded when
// first asked for, not with the tester.
import type { OperationDetail, SchemaNode, SchemaView } from '@/contract/operations'
import { nodeValue } from './prefill'

/** The subset of JSON Schema a field tree describes: what the answer is checked against. */
export type TreeSchema = {
  type?: string | string[]
  enum?: unknown[]
  format?: string
  properties?: Record<string, TreeSchema>
  required?: string[]
  items?: TreeSchema
  anyOf?: TreeSchema[]
}

/** Enums are kept up to this many values in the tree: a longer one may have been cut. */
const ENUM_CAP = 25
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const PRIMITIVE = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array'])
const isOption = (node: SchemaNode) => /^option \d+$/.test(node.name ?? '')

const withNull = (schema: TreeSchema): TreeSchema => {
  if (schema.type === undefined && !schema.anyOf && !schema.enum) return schema
  if (schema.enum) {
    const values = schema.enum.includes(null) ? schema.enum : [...schema.enum, null]
    return { ...schema, enum: values, type: undefined }
  }
  if (schema.anyOf) return { anyOf: [...schema.anyOf, { type: 'null' }] }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type!]
  return { ...schema, type: [...types, 'null'] }
}

function schemaFor(type: string, node: SchemaNode, response: boolean): TreeSchema {
  if (type === 'any') return {}
  const children = node.children ?? []
  if (type === 'oneOf' || type === 'anyOf') {
    const options = children.filter(isOption)
    return options.length > 0 ? { anyOf: options.map((o) => treeSchema(o, response)) } : {}
  }
  const array = /^array<(.+)>$/.exec(type)
  if (array) {
    const item: SchemaNode = { type: array[1]!, children: node.children }
    if (node.circular) return { type: 'array' }
    return { type: 'array', items: treeSchema(item, response) }
  }
  if (type === 'object') {
    const fields = children.filter((c) => c.name && !isOption(c) && c.name !== '{any key}')
    if (node.circular || fields.length === 0) return { type: 'object' }
    const required = fields
      .filter((c) => c.required && !(response ? c.writeOnly : c.readOnly))
      .map((c) => c.name!)
    return {
      type: 'object',
      properties: Object.fromEntries(fields.map((c) => [c.name!, treeSchema(c, response)])),
      ...(required.length > 0 ? { required } : {}),
    }
  }
  return PRIMITIVE.has(type) ? { type } : {}
}

/** A field tree as JSON Schema; `response` leaves write-only fields out of `required`. */
export function treeSchema(node: SchemaNode, response = true): TreeSchema {
  const types = node.type.split('|').map((t) => t.trim())
  const nullable = types.includes('null')
  const main = types.filter((t) => t !== 'null')
  let schema: TreeSchema
  if (main.length === 0) schema = { type: 'null' }
  else if (main.length === 1) schema = schemaFor(main[0]!, node, response)
  else if (main.every((t) => PRIMITIVE.has(t) && t !== 'object' && t !== 'array')) {
    schema = { type: main }
  } else schema = { anyOf: main.map((t) => schemaFor(t, node, response)) }
  if (node.enum && node.enum.length > 0 && node.enum.length < ENUM_CAP && !schema.anyOf) {
    // A document may list a value twice; JSON Schema wants each once.
    const values = node.enum.filter((v, i) => node.enum!.findIndex((w) => same(v, w)) === i)
    schema = { ...schema, enum: values }
  }
  if (node.format && main.length === 1 && main[0] === 'string') {
    schema = { ...schema, format: node.format }
  }
  return nullable && main.length > 0 ? withNull(schema) : schema
}

const typeOfValue = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value

/**
 * What in `value` the schema refuses, as `/pointer: reason` lines (formats aside: the bench checks
 * those with Ajv). The schema is a tree's, so this covers every keyword it can hold.
 */
export function checkAgainst(schema: TreeSchema, value: unknown, at = ''): string[] {
  if (schema.anyOf) {
    return schema.anyOf.some((option) => checkAgainst(option, value, at).length === 0)
      ? []
      : [`${at || '/'}: matches none of its ${schema.anyOf.length} options`]
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type]
    const actual = typeOfValue(value)
    const ok = types.includes(actual) || (actual === 'integer' && types.includes('number'))
    if (!ok) return [`${at || '/'}: expected ${types.join(' or ')}, got ${actual}`]
  }
  if (schema.enum && !schema.enum.some((v) => same(v, value))) {
    return [`${at || '/'}: not one of the documented values`]
  }
  const errors: string[] = []
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>
    for (const name of schema.required ?? []) {
      if (!(name in object)) errors.push(`${at}/${name}: required, missing`)
    }
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      if (name in object) errors.push(...checkAgainst(child, object[name], `${at}/${name}`))
    }
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => errors.push(...checkAgainst(schema.items!, item, `${at}/${i}`)))
  }
  return errors
}

/** The operation's main success answer with a JSON schema: the one the example is drawn from. */
export function documentedSuccess(
  operation: Pick<OperationDetail, 'responses'>,
): { status: string; mediaType: string; schema: SchemaView } | null {
  for (const response of operation.responses) {
    if (!/^2/.test(response.status) || !response.schema) continue
    const mediaType = response.mediaTypes.find((m) => /json/i.test(m))
    if (mediaType) return { status: response.status, mediaType, schema: response.schema }
  }
  return null
}

export type ExampleAnswer = {
  /** `200`, `201`; a `2XX` range is shown as written. */
  status: string
  mediaType: string
  value: unknown
  /** The document's own example, or one generated from the response schema. */
  source: 'document' | 'generated'
  schema: TreeSchema
  /** What the schema refuses in it: empty when it is valid. */
  errors: string[]
}

/**
 * The documented example when it is valid against the response schema, else one generated from
 * the schema (with the document's field examples where they fit, then without); null when the
 * operation documents no JSON success answer.
 */
export function exampleAnswer(
  operation: Pick<OperationDetail, 'responses'>,
  check: (schema: TreeSchema, value: unknown) => string[] = checkAgainst,
): ExampleAnswer | null {
  const success = documentedSuccess(operation)
  if (!success) return null
  const { tree, example, exampleSource } = success.schema
  const schema = treeSchema(tree)
  const candidates: [unknown, ExampleAnswer['source']][] = []
  if (exampleSource === 'document' && example !== undefined) candidates.push([example, 'document'])
  candidates.push([nodeValue({ ...tree, example: undefined }, example, true, 0, true), 'generated'])
  candidates.push([
    nodeValue({ ...tree, example: undefined }, undefined, true, 0, true),
    'generated',
  ])
  // Last, from the schema alone: a field's own example may break its format or type.
  candidates.push([
    nodeValue({ ...tree, example: undefined }, undefined, true, 0, true, false),
    'generated',
  ])
  let first: ExampleAnswer | null = null
  for (const [value, source] of candidates) {
    const errors = check(schema, value)
    const answer = {
      status: success.status,
      mediaType: success.mediaType,
      value,
      source,
      schema,
      errors,
    }
    if (errors.length === 0) return answer
    first ??= answer
  }
  return first
}
