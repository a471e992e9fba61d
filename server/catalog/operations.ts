// Every operation of an OpenAPI document (Swagger 2.0 or OpenAPI 3.x), whole, as the operations
// seed keeps it: parameters, request body, responses, security and servers, with each schema as a
// readable field tree and an example. The document is dereferenced by @apidevtools/swagger-parser
// before it gets here (build/build.ts): a `$ref` that points back at an ancestor becomes a
// JavaScript object that contains itself, which the tree walk cuts and marks `circular`.
import { sample } from 'openapi-sampler'
import {
  fallbackOperationKey,
  type OperationMethod,
  type OperationSummary,
  type Parameter,
  type SchemaNode,
  type SchemaView,
  type CodeSample,
  type NamedExample,
  type OAuthFlow,
  type OAuthFlows,
  type SecurityScheme,
  type Server,
} from '../../src/contract/operations'
import { clipText, plainText } from './text'

type Json = Record<string, unknown>

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

/** How deep a field tree goes before a branch is cut and marked truncated. */
export const MAX_TREE_DEPTH = 6
/** How many fields one tree holds at most; past it, branches are cut and marked truncated. */
export const MAX_TREE_NODES = 120
/** An example larger than this (as JSON text) is generated again shallower, else left out. */
export const MAX_EXAMPLE_CHARS = 4000
const MAX_FIELD_DESCRIPTION = 200
const MAX_OPERATION_DESCRIPTION = 4000
const MAX_ENUM = 25
const MAX_VALUE_CHARS = 400
/** Named examples kept for one body or response, and code samples for one operation. */
const MAX_NAMED_EXAMPLES = 8
const MAX_CODE_SAMPLES = 8
const MAX_CODE_SAMPLE_CHARS = 4000

/** A schema view shared by the operations of one API; operations point at it by index. */
export type SchemaRef = number

export type SeedMediaContent = { mediaType: string; schema: SchemaRef | null }
export type SeedOperation = OperationSummary & {
  description: string
  parameters: Parameter[]
  requestBody: { required: boolean; description: string; content: SeedMediaContent[] } | null
  responses: {
    status: string
    description: string
    mediaTypes: string[]
    schema: SchemaRef | null
  }[]
  security: SecurityScheme[][]
  /** Only where the operation or its path names servers of its own. */
  servers?: Server[]
  /** The document's own code samples (`x-codeSamples`), when it gives them. */
  codeSamples?: CodeSample[]
}
export type SeedOperationsApi = {
  id: string
  /** The document's servers, resolved. */
  servers: Server[]
  /** Where the provider publishes the document (APIs.guru's x-origin): /api/apis/:id/openapi.json. */
  sourceUrl: string | null
  /** The format it is published in: `openapi 3.0.0`, `swagger 2.0`. */
  sourceFormat: string
  schemas: SchemaView[]
  operations: SeedOperation[]
}

const asObject = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

const fieldText = (value: unknown) =>
  clipText(plainText(asString(value) ?? ''), MAX_FIELD_DESCRIPTION)

/** A value small enough to show; a long string is clipped, a large structure left out. */
const smallValue = (value: unknown): unknown => {
  if (value === undefined) return undefined
  if (typeof value === 'string')
    return value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value
  try {
    const text = JSON.stringify(value)
    return text !== undefined && text.length <= MAX_VALUE_CHARS ? JSON.parse(text) : undefined
  } catch {
    return undefined // a circular example object
  }
}

const clipMarkdown = (markdown: string) => {
  const text = markdown.replace(/\r\n/g, '\n').trim()
  if (text.length <= MAX_OPERATION_DESCRIPTION) return text
  const head = text.slice(0, MAX_OPERATION_DESCRIPTION)
  const paragraph = head.lastIndexOf('\n\n')
  return `${(paragraph > MAX_OPERATION_DESCRIPTION / 2 ? head.slice(0, paragraph) : head.slice(0, head.lastIndexOf(' '))).trimEnd()}\n\n…`
}

/** allOf folded into one schema: properties, required and the first type and description. */
const flatten = (schema: Json, seen = new Set<Json>()): Json => {
  const parts = asArray(schema.allOf).map(asObject)
  if (parts.length === 0 || seen.has(schema)) return schema
  seen.add(schema)
  const merged: Json = { ...schema }
  delete merged.allOf
  const properties: Json = { ...asObject(schema.properties) }
  const required = new Set(
    asArray(schema.required).filter((r): r is string => typeof r === 'string'),
  )
  for (const part of parts.map((p) => flatten(p, seen))) {
    Object.assign(properties, asObject(part.properties))
    for (const name of asArray(part.required)) if (typeof name === 'string') required.add(name)
    for (const key of ['type', 'description', 'format', 'items', 'enum', 'oneOf', 'anyOf']) {
      if (merged[key] === undefined && part[key] !== undefined) merged[key] = part[key]
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties
  if (required.size > 0) merged.required = [...required]
  return merged
}

const typeOf = (schema: Json): string => {
  const declared = Array.isArray(schema.type)
    ? schema.type.filter((t): t is string => typeof t === 'string')
    : typeof schema.type === 'string'
      ? [schema.type]
      : []
  let types = declared.length > 0 ? declared : []
  if (types.length === 0) {
    if (schema.properties || schema.additionalProperties) types = ['object']
    else if (schema.items) types = ['array']
    else if (schema.oneOf) types = ['oneOf']
    else if (schema.anyOf) types = ['anyOf']
    else if (schema.enum)
      types = [typeof asArray(schema.enum)[0] === 'number' ? 'number' : 'string']
    else types = ['any']
  }
  const label = types
    .filter((t) => t !== 'null')
    .map((t) => {
      if (t !== 'array') return t
      const items = flatten(asObject(schema.items))
      return `array<${Object.keys(items).length === 0 ? 'any' : typeOf(items)}>`
    })
  if (types.includes('null') || schema.nullable === true) label.push('null')
  return label.join(' | ') || 'null'
}

type TreeState = { nodes: number; truncated: boolean }

/** The schemas each ancestor of a node stands for (itself and, for an array, its items), root first. */
type Ancestors = unknown[][]
const refersTo = (ancestors: Ancestors, raw: unknown) => {
  for (let depth = ancestors.length - 1; depth >= 0; depth--)
    if (ancestors[depth]!.includes(raw)) return depth
  return -1
}

const buildNode = (
  raw: unknown,
  name: string | undefined,
  required: boolean | undefined,
  depth: number,
  ancestors: Ancestors,
  state: TreeState,
): SchemaNode => {
  state.nodes++
  const original = asObject(raw)
  const node: SchemaNode = { type: 'any' }
  if (name !== undefined) node.name = name
  const loop = refersTo(ancestors, raw)
  if (loop >= 0) {
    return { ...node, type: typeOf(original), circular: true, refersTo: loop }
  }
  const schema = flatten(original)
  node.type = typeOf(schema)
  const format = asString(schema.format)
  if (format) node.format = format
  if (required) node.required = true
  if (schema.deprecated === true) node.deprecated = true
  if (schema.readOnly === true) node.readOnly = true
  if (schema.writeOnly === true) node.writeOnly = true
  const description = fieldText(schema.description ?? schema.title)
  if (description) node.description = description
  const values = asArray(schema.enum)
  if (values.length > 0) node.enum = values.slice(0, MAX_ENUM).map(smallValue)
  const fallback = smallValue(schema.default)
  if (fallback !== undefined) node.default = fallback
  const example = smallValue(schema.example)
  if (example !== undefined) node.example = example

  // What the field holds: an object's properties, an array's item fields, or the options.
  const items = schema.items ? flatten(asObject(schema.items)) : undefined
  // An array of one of its ancestors: the same loop, one step removed.
  const itemsLoop = schema.items ? refersTo(ancestors, schema.items) : -1
  if (itemsLoop >= 0) return { ...node, circular: true, refersTo: itemsLoop }
  const holder = items && !schema.properties ? items : schema
  const discriminator =
    asString(asObject(holder.discriminator).propertyName) ?? asString(holder.discriminator)
  if (discriminator && (holder.oneOf || holder.anyOf)) node.discriminator = discriminator
  const properties = Object.entries(asObject(holder.properties))
  const options = [...asArray(holder.oneOf), ...asArray(holder.anyOf)]
  const extra = holder.additionalProperties
  const childSchemas: [unknown, string, boolean][] = []
  const requiredSet = new Set(asArray(holder.required))
  for (const [key, value] of properties) childSchemas.push([value, key, requiredSet.has(key)])
  options.forEach((option, i) => childSchemas.push([option, `option ${i + 1}`, false]))
  if (extra && typeof extra === 'object' && Object.keys(asObject(extra)).length > 0) {
    childSchemas.push([extra, '{any key}', false])
  }
  if (childSchemas.length === 0) return node
  if (depth >= MAX_TREE_DEPTH || state.nodes >= MAX_TREE_NODES) {
    node.truncated = true
    state.truncated = true
    return node
  }
  const inner: Ancestors = [...ancestors, items ? [raw, schema.items] : [raw]]
  node.children = []
  for (const [child, childName, childRequired] of childSchemas) {
    if (state.nodes >= MAX_TREE_NODES) {
      node.truncated = true
      state.truncated = true
      break
    }
    node.children.push(buildNode(child, childName, childRequired, depth + 1, inner, state))
  }
  return node
}

/** A schema as a field tree; `truncated` when any branch was cut for depth or size. */
export const schemaTree = (schema: unknown): { tree: SchemaNode; truncated: boolean } => {
  const state: TreeState = { nodes: 0, truncated: false }
  const tree = buildNode(schema, undefined, undefined, 0, [], state)
  return { tree, truncated: state.truncated }
}

/** An example generated from the schema by openapi-sampler, shallower when large; else undefined. */
export const generatedExample = (schema: unknown, direction: 'request' | 'response'): unknown => {
  for (const maxSampleDepth of [5, 3, 1]) {
    try {
      const value = sample(asObject(schema) as never, {
        skipReadOnly: direction === 'request',
        skipWriteOnly: direction === 'response',
        quiet: true,
        maxSampleDepth,
      })
      const text = JSON.stringify(value)
      if (text !== undefined && text.length <= MAX_EXAMPLE_CHARS) return JSON.parse(text)
    } catch {
      // a schema the sampler cannot read: try shallower, then give up
    }
  }
  return undefined
}

/** The examples a body or response names (OpenAPI 3's `examples`), small enough to keep. */
const namedExamples = (media: Json): NamedExample[] => {
  const out: NamedExample[] = []
  for (const [name, entry] of Object.entries(asObject(media.examples))) {
    if (out.length >= MAX_NAMED_EXAMPLES) break
    const example = asObject(entry)
    if (example.value === undefined) continue
    const text = safeJson(example.value)
    if (text === undefined || text.length > MAX_EXAMPLE_CHARS) continue
    const summary = fieldText(example.summary)
    out.push({ name, ...(summary ? { summary } : {}), value: JSON.parse(text) })
  }
  return out
}

/** An operation's `x-codeSamples` (or `x-code-samples`): its language, label and code. */
const codeSamplesOf = (operation: Json): CodeSample[] => {
  const out: CodeSample[] = []
  for (const entry of asArray(operation['x-codeSamples'] ?? operation['x-code-samples'])) {
    if (out.length >= MAX_CODE_SAMPLES) break
    const sample = asObject(entry)
    const lang = asString(sample.lang)
    const source = typeof sample.source === 'string' ? sample.source.trimEnd() : undefined
    if (!lang || !source || source.length > MAX_CODE_SAMPLE_CHARS) continue
    const label = asString(sample.label)
    out.push({ lang, ...(label ? { label } : {}), source })
  }
  return out
}

const documentExample = (media: Json): unknown => {
  if (media.example !== undefined) return media.example
  const first = Object.values(asObject(media.examples))[0]
  if (first !== undefined) return asObject(first).value ?? undefined
  return asObject(media.schema).example
}

/** Collects the schema views of one API, each once; operations refer to them by index. */
class SchemaTable {
  readonly views: SchemaView[] = []
  private readonly index = new Map<string, number>()
  private readonly trees = new WeakMap<object, { tree: SchemaNode; truncated: boolean }>()
  private readonly samples = new Map<string, WeakMap<object, unknown>>([
    ['request', new WeakMap()],
    ['response', new WeakMap()],
  ])

  add(
    schemaValue: unknown,
    ownExample: unknown,
    direction: 'request' | 'response',
    examples: NamedExample[] = [],
  ): SchemaRef | null {
    const schema = asObject(schemaValue)
    if (Object.keys(schema).length === 0 && ownExample === undefined) return null
    let built = this.trees.get(schema)
    if (!built) {
      built = schemaTree(schema)
      this.trees.set(schema, built)
    }
    let example: unknown
    let exampleSource: SchemaView['exampleSource']
    let exampleCut = false
    const own = ownExample === undefined ? undefined : safeJson(ownExample)
    if (own !== undefined && own.length <= MAX_EXAMPLE_CHARS) {
      example = JSON.parse(own)
      exampleSource = 'document'
    } else {
      const cache = this.samples.get(direction)!
      if (!cache.has(schema)) cache.set(schema, generatedExample(schema, direction))
      example = cache.get(schema)
      if (example !== undefined) exampleSource = 'generated'
      else exampleCut = true
    }
    const view: SchemaView = {
      tree: built.tree,
      ...(example !== undefined ? { example, exampleSource } : {}),
      ...(examples.length > 1 ? { examples } : {}),
      truncated: built.truncated || exampleCut,
    }
    const key = JSON.stringify(view)
    const found = this.index.get(key)
    if (found !== undefined) return found
    this.views.push(view)
    this.index.set(key, this.views.length - 1)
    return this.views.length - 1
  }
}

const safeJson = (value: unknown) => {
  try {
    return JSON.stringify(value)
  } catch {
    return undefined
  }
}

const substitute = (url: string, variables: Json) =>
  url.replace(
    /\{([^}]+)\}/g,
    (whole, name: string) => asString(asObject(variables[name]).default) ?? whole,
  )

/** A document's (or an operation's) servers, variables filled with defaults, relative ones resolved. */
export const serversOf = (servers: unknown, originUrl: string | undefined): Server[] => {
  const out: Server[] = []
  for (const entry of asArray(servers).map(asObject)) {
    const raw = asString(entry.url)
    if (!raw) continue
    let url = substitute(raw, asObject(entry.variables))
    if (!/^https?:\/\//i.test(url)) {
      if (!originUrl || !url.startsWith('/') || url.startsWith('//')) continue
      try {
        const origin = new URL(originUrl)
        if (/githubusercontent|github\.com/.test(origin.host)) continue
        url = new URL(url, origin).toString()
      } catch {
        continue
      }
    }
    url = url.replace(/\/+$/, '') || url
    if (!out.some((s) => s.url === url))
      out.push({ url, description: fieldText(entry.description) })
  }
  return out
}

/** Swagger 2.0's schemes, host and basePath as servers. */
const swaggerServers = (spec: Json): Server[] => {
  const host = asString(spec.host)
  if (!host) return []
  const schemes = asArray(spec.schemes).filter((s): s is string => s === 'https' || s === 'http')
  const base = (asString(spec.basePath) ?? '').replace(/\/+$/, '')
  return (schemes.length > 0 ? [...schemes].sort() : ['https']).map((scheme) => ({
    url: `${scheme}://${host}${base}`,
    description: '',
  }))
}

/** An endpoint as the document gives it: absolute, or resolved against the API's first server. */
const endpointOf = (value: unknown, base: string | undefined): string | undefined => {
  const text = asString(value)
  if (!text) return undefined
  try {
    return new URL(text, base).href
  } catch {
    return undefined
  }
}

const MAX_FLOW_SCOPES = 200

/** One flow's endpoints and offered scopes (the scope names only; their help is not shown). */
const flowOf = (raw: Json, base: string | undefined): OAuthFlow => {
  const flow: OAuthFlow = {
    scopes: Object.keys(asObject(raw.scopes)).slice(0, MAX_FLOW_SCOPES),
  }
  const fields = ['authorizationUrl', 'tokenUrl', 'refreshUrl', 'deviceAuthorizationUrl'] as const
  for (const field of fields) {
    const url = endpointOf(raw[field], base)
    if (url) flow[field] = url
  }
  return flow
}

// Swagger 2.0 names its one flow differently.
const SWAGGER_FLOWS: Record<string, keyof OAuthFlows> = {
  accessCode: 'authorizationCode',
  application: 'clientCredentials',
  implicit: 'implicit',
  password: 'password',
}
const FLOW_NAMES = [
  'authorizationCode',
  'clientCredentials',
  'deviceAuthorization',
  'implicit',
  'password',
] as const

/** The flows of an oauth2 scheme, from OpenAPI 3's `flows` or Swagger 2.0's `flow`. */
const flowsOf = (raw: Json, base: string | undefined): OAuthFlows | undefined => {
  const flows: OAuthFlows = {}
  const swaggerFlow = asString(raw.flow)
  const swaggerName = swaggerFlow ? SWAGGER_FLOWS[swaggerFlow] : undefined
  if (swaggerName) flows[swaggerName] = flowOf(raw, base)
  const declared = asObject(raw.flows)
  for (const name of FLOW_NAMES) {
    if (declared[name] !== undefined) flows[name] = flowOf(asObject(declared[name]), base)
  }
  return Object.keys(flows).length > 0 ? flows : undefined
}

const schemeOf = (
  key: string,
  raw: Json,
  scopes: string[],
  server: string | undefined,
): SecurityScheme => {
  const base = { key, scopes, description: fieldText(raw.description) }
  const type = asString(raw.type)
  if (type === 'apiKey') {
    const where = raw.in === 'query' || raw.in === 'cookie' ? raw.in : 'header'
    return { ...base, kind: 'apiKey', in: where, parameter: asString(raw.name) ?? key }
  }
  if (type === 'basic') return { ...base, kind: 'basic', scheme: 'basic' }
  if (type === 'http') {
    const scheme = (asString(raw.scheme) ?? '').toLowerCase()
    const bearerFormat = asString(raw.bearerFormat)
    if (scheme === 'bearer')
      return { ...base, kind: 'bearer', scheme, ...(bearerFormat ? { bearerFormat } : {}) }
    if (scheme === 'basic') return { ...base, kind: 'basic', scheme }
    return { ...base, kind: 'http', scheme }
  }
  if (type === 'oauth2') {
    const flows = flowsOf(raw, server)
    return { ...base, kind: 'oauth2', ...(flows ? { flows } : {}) }
  }
  if (type === 'openIdConnect') return { ...base, kind: 'openIdConnect' }
  if (type === 'mutualTLS') return { ...base, kind: 'mutualTLS' }
  return { ...base, kind: 'http', scheme: type ?? 'unknown' }
}

const securityOf = (
  requirements: unknown,
  schemes: Json,
  server: string | undefined,
): SecurityScheme[][] =>
  asArray(requirements).map((requirement) =>
    Object.entries(asObject(requirement)).map(([key, scopes]) =>
      schemeOf(
        key,
        asObject(schemes[key]),
        asArray(scopes).filter((s): s is string => typeof s === 'string'),
        server,
      ),
    ),
  )

const parameterType = (param: Json, schema: Json) =>
  Object.keys(schema).length > 0 ? typeOf(schema) : typeOf(param)

/** One parameter; Swagger 2.0 keeps type and the rest on the parameter, OpenAPI 3 in its schema. */
const parameterOf = (param: Json): Parameter | undefined => {
  const name = asString(param.name)
  const where = param.in
  if (
    !name ||
    (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie')
  ) {
    return undefined
  }
  const schema = flatten(asObject(param.schema))
  const source = Object.keys(schema).length > 0 ? schema : param
  const out: Parameter = {
    name,
    in: where,
    required: where === 'path' || param.required === true,
    type: parameterType(param, schema),
    description: fieldText(param.description),
  }
  const format = asString(source.format)
  if (format) out.format = format
  const values = asArray(source.enum ?? asObject(source.items).enum)
  if (values.length > 0) out.enum = values.slice(0, MAX_ENUM).map(smallValue)
  const fallback = smallValue(source.default)
  if (fallback !== undefined) out.default = fallback
  const firstExample = Object.values(asObject(param.examples))[0]
  const example = smallValue(
    param.example ??
      (firstExample !== undefined ? asObject(firstExample).value : undefined) ??
      param['x-example'] ??
      schema.example,
  )
  if (example !== undefined) out.example = example
  if (param.deprecated === true) out.deprecated = true
  return out
}

/** Parameters of the path item and the operation; the operation's win by (in, name). */
const mergedParameters = (pathItem: Json, operation: Json): Json[] => {
  const byKey = new Map<string, Json>()
  for (const param of [...asArray(pathItem.parameters), ...asArray(operation.parameters)].map(
    asObject,
  )) {
    byKey.set(`${String(param.in)}:${String(param.name)}`, param)
  }
  return [...byKey.values()]
}

const successStatus = (statuses: string[]) =>
  [...statuses].filter((s) => /^2/.test(s)).sort()[0] ??
  (statuses.includes('default') ? 'default' : undefined)

const statusOrder = (a: string, b: string) => {
  const rank = (s: string) => (s === 'default' ? 'zzz' : s.toUpperCase())
  return rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0
}

export type ExtractOptions = { originUrl: string | undefined }

/** Every operation of a dereferenced document, with the API's servers and its shared schemas. */
export const extractOperations = (
  spec: Json,
  options: ExtractOptions,
): Omit<SeedOperationsApi, 'id' | 'sourceUrl' | 'sourceFormat'> => {
  const swagger2 = typeof spec.swagger === 'string'
  const table = new SchemaTable()
  const schemes = swagger2
    ? asObject(spec.securityDefinitions)
    : asObject(asObject(spec.components).securitySchemes)
  const docServers = swagger2 ? swaggerServers(spec) : serversOf(spec.servers, options.originUrl)
  const docConsumes = asArray(spec.consumes).filter((c): c is string => typeof c === 'string')
  const docProduces = asArray(spec.produces).filter((c): c is string => typeof c === 'string')
  const operations: SeedOperation[] = []
  const usedKeys = new Set<string>()

  for (const [route, itemValue] of Object.entries(asObject(spec.paths))) {
    const pathItem = asObject(itemValue)
    for (const method of METHODS) {
      if (!pathItem[method] || typeof pathItem[method] !== 'object') continue
      const operation = asObject(pathItem[method])
      const upper = method.toUpperCase() as OperationMethod
      const operationId = asString(operation.operationId) ?? null
      // An operationId the document repeats keys only its first operation; later ones use METHOD path.
      let operationKey =
        operationId && !usedKeys.has(operationId) ? operationId : fallbackOperationKey(upper, route)
      for (let n = 2; usedKeys.has(operationKey); n++)
        operationKey = `${fallbackOperationKey(upper, route)} ${n}`
      usedKeys.add(operationKey)

      const rawParams = mergedParameters(pathItem, operation)
      const parameters = rawParams.map(parameterOf).filter((p): p is Parameter => p !== undefined)

      let requestBody: SeedOperation['requestBody'] = null
      if (swagger2) {
        const consumes = asArray(operation.consumes).filter(
          (c): c is string => typeof c === 'string',
        )
        const mediaTypes =
          consumes.length > 0
            ? consumes
            : docConsumes.length > 0
              ? docConsumes
              : ['application/json']
        const body = rawParams.find((p) => p.in === 'body')
        const form = rawParams.filter((p) => p.in === 'formData')
        if (body) {
          const schema = asObject(body.schema)
          requestBody = {
            required: body.required === true,
            description: fieldText(body.description),
            content: mediaTypes.map((mediaType) => ({
              mediaType,
              schema: table.add(schema, body['x-example'] ?? schema.example, 'request'),
            })),
          }
        } else if (form.length > 0) {
          const file = form.some((p) => p.type === 'file')
          const properties: Json = {}
          for (const p of form) {
            properties[String(p.name)] = {
              ...p,
              type: p.type === 'file' ? 'string' : p.type,
              ...(p.type === 'file' ? { format: 'binary' } : {}),
            }
          }
          const schema = {
            type: 'object',
            properties,
            required: form.filter((p) => p.required === true).map((p) => String(p.name)),
          }
          const formTypes = mediaTypes.filter((m) => /form/.test(m))
          requestBody = {
            required: form.some((p) => p.required === true),
            description: '',
            content: (formTypes.length > 0
              ? formTypes
              : [file ? 'multipart/form-data' : 'application/x-www-form-urlencoded']
            ).map((mediaType) => ({ mediaType, schema: table.add(schema, undefined, 'request') })),
          }
        }
      } else if (operation.requestBody) {
        const body = asObject(operation.requestBody)
        requestBody = {
          required: body.required === true,
          description: fieldText(body.description),
          content: Object.entries(asObject(body.content)).map(([mediaType, mediaValue]) => {
            const media = asObject(mediaValue)
            return {
              mediaType,
              schema: table.add(
                media.schema,
                documentExample(media),
                'request',
                namedExamples(media),
              ),
            }
          }),
        }
      }

      const responseEntries = Object.entries(asObject(operation.responses))
      const main = successStatus(responseEntries.map(([status]) => status))
      const produces = asArray(operation.produces).filter((c): c is string => typeof c === 'string')
      const swaggerProduces =
        produces.length > 0 ? produces : docProduces.length > 0 ? docProduces : ['application/json']
      const responses = responseEntries
        .map(([status, value]) => {
          const response = asObject(value)
          let mediaTypes: string[]
          let schema: SchemaRef | null = null
          if (swagger2) {
            mediaTypes = response.schema ? swaggerProduces : []
            if (status === main && response.schema) {
              const examples = asObject(response.examples)
              const own = mediaTypes.map((m) => examples[m]).find((e) => e !== undefined)
              schema = table.add(response.schema, own, 'response')
            }
          } else {
            const content = asObject(response.content)
            mediaTypes = Object.keys(content)
            if (status === main) {
              const preferred = mediaTypes.find((m) => /json/.test(m)) ?? mediaTypes[0]
              const media = asObject(preferred ? content[preferred] : undefined)
              if (preferred && (media.schema || documentExample(media) !== undefined)) {
                schema = table.add(
                  media.schema,
                  documentExample(media),
                  'response',
                  namedExamples(media),
                )
              }
            }
          }
          return { status, description: fieldText(response.description), mediaTypes, schema }
        })
        .sort((a, b) => statusOrder(a.status, b.status))

      const ownServers = operation.servers ?? pathItem.servers
      const servers = swagger2 ? [] : serversOf(ownServers, options.originUrl)
      const summaryText = asString(operation.summary)
      const codeSamples = codeSamplesOf(operation)
      operations.push({
        operationKey,
        method: upper,
        path: route,
        operationId,
        summary: clipText(plainText(summaryText ?? asString(operation.description) ?? ''), 160),
        tags: asArray(operation.tags)
          .filter((t): t is string => typeof t === 'string')
          .map((t) => t.trim())
          .filter(Boolean),
        deprecated: operation.deprecated === true,
        description: clipMarkdown(asString(operation.description) ?? ''),
        parameters,
        requestBody,
        responses,
        security: securityOf(
          operation.security ?? spec.security,
          schemes,
          (servers[0] ?? docServers[0])?.url,
        ),
        ...(servers.length > 0 ? { servers } : {}),
        ...(codeSamples.length > 0 ? { codeSamples } : {}),
      })
    }
  }
  return { servers: docServers, schemas: table.views, operations }
}
