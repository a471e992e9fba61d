// Values a real API would accept, for the fields an operation requires. The document's own
// example, default or enum comes first; then a value that fits the field's format, then one that
// fits its name. A schema sampler writes "string" and 0 where a schema says nothing more, and an
// API refuses those, so they are never used for a field that must be filled.
import type { OperationDetail, Parameter, SchemaNode, SchemaView } from '@/contract/operations'

/** What a sampler writes where a schema gives nothing: never sent for a required field. */
export function isPlaceholder(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    value === 'string' ||
    value === 0 ||
    (typeof value === 'string' && /^(string|YOUR_[A-Z_]+|\{[^}]*\})$/.test(value))
  )
}

const BY_FORMAT: Record<string, unknown> = {
  email: 'jenny.rosen@example.com',
  'idn-email': 'jenny.rosen@example.com',
  'date-time': '2026-01-15T09:30:00Z',
  date: '2026-01-15',
  time: '09:30:00Z',
  duration: 'PT1H',
  'json-pointer': '/data/0',
  'relative-json-pointer': '0/data',
  'uri-template': 'https://example.com/items/{id}',
  iri: 'https://example.com',
  'iri-reference': 'https://example.com',
  'idn-hostname': 'api.example.com',
  regex: '^[a-z]+$',
  uri: 'https://example.com',
  url: 'https://example.com',
  'uri-reference': 'https://example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  ipv4: '203.0.113.7',
  ipv6: '2001:db8::7',
  hostname: 'api.example.com',
  phone: '+15005550006',
  'phone-number': '+15005550006',
  currency: 'usd',
  'iso-4217': 'usd',
  country: 'US',
  'country-code': 'US',
  'iso-3166': 'US',
  password: 'correct-horse-battery',
  byte: 'SGVsbG8sIHdvcmxkIQ==',
  int32: 1,
  int64: 1,
}

// Checked in order against the field's name (case-insensitive, as the whole name or its last word).
const BY_NAME: [RegExp, unknown][] = [
  [/e-?mail/, 'jenny.rosen@example.com'],
  [/^(to|from|phone|phone_?number|mobile|msisdn)$/, '+15005550006'],
  [/currency/, 'usd'],
  [/country/, 'US'],
  [/(language|locale|lang)$/, 'en'],
  [/(url|uri|href|link|website|callback)$/, 'https://example.com'],
  [/uuid|guid/, '3fa85f64-5717-4562-b3fc-2c963f66afa6'],
  [/(^|_)(date|at)$|timestamp|time$/, '2026-01-15T09:30:00Z'],
  [/^(first_?name|given_?name)$/, 'Jenny'],
  [/^(last_?name|family_?name|surname)$/, 'Rosen'],
  [/^(user_?name|login|owner|handle)$/, 'octocat'],
  [/^(repo|repository)$/, 'hello-world'],
  [/name$/, 'Jenny Rosen'],
  [/^title$/, 'Found a bug'],
  [/^(subject|summary)$/, 'Hello from API Atlas'],
  [/^(body|message|text|content|comment|note|notes)$/, 'Hello from API Atlas'],
  [/description/, 'Created with API Atlas'],
  [/^(city|town)$/, 'San Francisco'],
  [/^(line1|address|street)/, '510 Townsend St'],
  [/^(postal_?code|zip|zip_?code)$/, '94103'],
  [/^(state|region)$/, 'CA'],
  [/(amount|price|total|quantity|count|limit|size|number)$/, 1],
  [/(^|_)id$|sid$|key$/, 'abc123'],
  [/^(query|q|search|term|keyword)$/, 'weather'],
  [/^(tag|label|category|type|kind)s?$/, 'example'],
  [/(color|colour)$/, 'blue'],
  [/^(password|secret)$/, 'correct-horse-battery'],
  [/^metadata$/, { order_id: '6735' }],
]

/** The first type of a union, `null` aside: `string | integer | null` → `string`. */
const baseType = (type: string) =>
  type
    .split('|')
    .map((t) => t.trim())
    .find((t) => t !== 'null') ?? 'null'

const fits = (value: unknown, type: string) =>
  type === 'string'
    ? typeof value === 'string'
    : type === 'integer' || type === 'number'
      ? typeof value === 'number'
      : type === 'any'

/** A realistic value for a field of this name, format and type, when nothing documented fits. */
export function realisticValue(name: string, type: string, format?: string): unknown {
  const t = baseType(type)
  const lower = name.toLowerCase()
  if (t === 'boolean') return true
  if (format && format in BY_FORMAT) {
    const value = BY_FORMAT[format]
    if (fits(value, t)) return value
    if (t === 'string') return String(value)
  }
  if (t === 'null') return null
  if (t === 'integer' || t === 'number') {
    if (/page$/.test(lower)) return 1
    return /amount|price|total/.test(lower) ? 2000 : 1
  }
  if (t.startsWith('array')) {
    const item = /^array<(.+)>$/.exec(t)?.[1] ?? 'string'
    return [realisticValue(lower.replace(/s$/, ''), item)]
  }
  for (const [pattern, value] of BY_NAME) {
    if (!pattern.test(lower)) continue
    if (typeof value === 'number' && t === 'string') return String(value)
    if (typeof value === 'object' && t !== 'object') continue
    return value
  }
  if (t === 'object') return {}
  return 'example'
}

const documented = (node: { example?: unknown; default?: unknown; enum?: unknown[] }) => {
  for (const value of [node.example, node.default, node.enum?.find((v) => !isPlaceholder(v))]) {
    if (!isPlaceholder(value)) return value
  }
  return undefined
}

/** Branches (oneOf, anyOf) list their options as children named `option N`: the first is used. */
const isBranch = (node: SchemaNode) =>
  node.children !== undefined && node.children.every((c) => /^option \d+$/.test(c.name ?? ''))

/** Deeper than any field tree the catalogue keeps (six levels), with room for arrays' items. */
const MAX_DEPTH = 12

/** The field an object's `additionalProperties` gives, as the tree names it. */
const ANY_KEY = '{any key}'

/** `array<object>` → `object`; a type that is no array stays as it is. */
const itemType = (type: string) => /^array<(.+)>(\s*\|\s*null)?$/.exec(type)?.[1] ?? 'any'

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

/**
 * A value for one field: its documented value, the example's value there when it is no
 * placeholder, else a realistic one; objects get their required fields (all, with `optional`).
 */
export function nodeValue(
  node: SchemaNode,
  example: unknown,
  optional = false,
  depth = 0,
  /** For an answer: read-only fields are in it, write-only ones are not. */
  response = false,
  /** False: the document's own examples and defaults are passed over (enums still count). */
  trustDocuments = true,
): unknown {
  const own = trustDocuments
    ? documented(node)
    : node.enum?.find((v) => !isPlaceholder(v) || v === 0)
  if (own !== undefined) return own
  const next = (child: SchemaNode, given: unknown, deeper = 1) =>
    nodeValue(child, given, optional, depth + deeper, response, trustDocuments)
  if (node.type.startsWith('array') && !node.circular) {
    // An array's children are its items' fields (the tree lists them in its place): the item is
    // the same node with the item's type, one level down in value but not in the tree.
    const item: SchemaNode = { ...node, type: itemType(node.type), example: undefined }
    delete item.default
    delete item.enum
    delete item.format
    const first = Array.isArray(example) ? example[0] : undefined
    return [next(item, trustDocuments ? first : undefined, 0)]
  }
  if (node.children && node.children.length > 0 && !node.circular && depth < MAX_DEPTH) {
    if (isBranch(node)) return next({ ...node.children[0]!, name: node.name }, example)
    const out: Record<string, unknown> = {}
    const given = trustDocuments ? asRecord(example) : undefined
    for (const child of node.children) {
      if (!child.name || child.name === ANY_KEY) continue
      if (/^option \d+$/.test(child.name)) continue
      if (response ? child.writeOnly : child.readOnly) continue
      if (!child.required && !optional) continue
      out[child.name] = next(child, given?.[child.name])
    }
    // Free-form (only `{any key}`, Stripe's metadata): a realistic pair where the name has one.
    if (Object.keys(out).length === 0 && !response) {
      const free = realisticValue(node.name ?? '', 'object')
      if (free && typeof free === 'object') return free
    }
    return out
  }
  if (trustDocuments) {
    if (!isPlaceholder(example) && typeof example !== 'object') return example
    if (example && typeof example === 'object' && Object.keys(example).length > 0) return example
  }
  return realisticValue(node.name ?? '', node.type, node.format)
}

/** The fields of a request body schema a person may add: its optional top-level fields. */
export function optionalFields(view: SchemaView | null | undefined): SchemaNode[] {
  const tree = view?.tree
  if (!tree?.children || isBranch(tree)) return []
  return tree.children.filter(
    (c) =>
      c.name && c.name !== ANY_KEY && !/^option \d+$/.test(c.name) && !c.required && !c.readOnly,
  )
}

/** The request body prefilled: required fields only, with realistic values. */
export function requiredBody(view: SchemaView | null | undefined): unknown {
  if (!view) return undefined
  const tree = view.tree
  if (tree.type === 'object' || (tree.children && !isBranch(tree))) {
    return nodeValue({ ...tree, example: undefined }, view.example)
  }
  return nodeValue(tree, view.example)
}

/** A path, query or header parameter's value: documented first, then realistic. */
export function parameterValue(parameter: Parameter): string {
  const value =
    documented(parameter) ?? realisticValue(parameter.name, parameter.type, parameter.format)
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Path parameters with realistic starting values, for the tester's form. */
export function realisticPathValues(operation: OperationDetail): Record<string, string> {
  return Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, parameterValue(p)]),
  )
}
