// What changed between two versions of an OpenAPI document, operation by operation, graded as
// oasdiff grades it (ERR: breaking, WARN: warning, INFO) and named after oasdiff's checks. oasdiff
// itself is a Go program; this covers the checks a client meets most: endpoints, parameters,
// request bodies, response statuses, media types, properties, types, enums and security.
import { dereference } from '../catalog/overlay'
import type { Db } from '../db/database'

type Json = Record<string, unknown>

export type ChangeLevel = 'breaking' | 'warning' | 'info'
export type SpecChange = {
  operationKey: string | null
  level: ChangeLevel
  /** oasdiff's name for the check. */
  category: string
  message: string
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
/** How deep property trees are compared. */
const MAX_DEPTH = 4

const asObject = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

const typeOf = (schema: Json) => {
  const type = schema.type
  const types = (Array.isArray(type) ? type : type === undefined ? [] : [type]).map(String)
  return types.filter((t) => t !== 'null').join('|')
}
const nullable = (schema: Json) =>
  schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'))

type Operation = { key: string; label: string; operation: Json; item: Json }

const operationsOf = (document: Json) => {
  const found = new Map<string, Operation>()
  for (const [route, itemValue] of Object.entries(asObject(document.paths))) {
    const item = asObject(itemValue)
    for (const method of METHODS) {
      const operation = asObject(item[method])
      if (Object.keys(operation).length === 0) continue
      const label = `${method.toUpperCase()} ${route}`
      const key = typeof operation.operationId === 'string' ? operation.operationId : label
      found.set(label, { key, label, operation, item })
    }
  }
  return found
}

const parametersOf = ({ item, operation }: Operation) => {
  const parameters = new Map<string, Json>()
  for (const raw of [...asArray(item.parameters), ...asArray(operation.parameters)]) {
    const parameter = asObject(raw)
    parameters.set(`${String(parameter.in)} ${String(parameter.name)}`, parameter)
  }
  return parameters
}

const securityOf = (document: Json, operation: Json) =>
  asArray(operation.security ?? document.security)
    .map((requirement) => Object.keys(asObject(requirement)).sort().join('+'))
    .sort()

const jsonSchemaOf = (content: unknown) => {
  const media = Object.entries(asObject(content)).find(([type]) => /json/.test(type))
  return media ? asObject(asObject(media[1]).schema) : undefined
}

/** Compares two versions of a document; the changes, breaking first. */
export const classifyChanges = (beforeDocument: Json, afterDocument: Json): SpecChange[] => {
  const before = dereference(beforeDocument)
  const after = dereference(afterDocument)
  const changes: SpecChange[] = []
  const add = (key: string | null, level: ChangeLevel, category: string, message: string) =>
    changes.push({ operationKey: key, level, category, message })

  const old = operationsOf(before)
  const now = operationsOf(after)
  for (const [label, was] of old) {
    if (!now.has(label)) add(was.key, 'breaking', 'endpoint-removed', `${label} was removed`)
  }
  for (const [label, is] of now) {
    const was = old.get(label)
    if (!was) {
      add(is.key, 'info', 'endpoint-added', `${label} was added`)
      continue
    }
    const key = is.key
    if (was.operation.deprecated !== true && is.operation.deprecated === true) {
      add(key, 'warning', 'endpoint-deprecated', `${label} is now deprecated`)
    }

    // Parameters.
    const wasParameters = parametersOf(was)
    const isParameters = parametersOf(is)
    for (const [name, parameter] of isParameters) {
      const previous = wasParameters.get(name)
      const required = parameter.required === true || parameter.in === 'path'
      if (!previous) {
        if (required) {
          add(key, 'breaking', 'new-required-request-parameter', `New required parameter ${name}`)
        } else add(key, 'info', 'new-optional-request-parameter', `New optional parameter ${name}`)
        continue
      }
      const wasRequired = previous.required === true || previous.in === 'path'
      if (!wasRequired && required) {
        add(
          key,
          'breaking',
          'request-parameter-became-required',
          `Parameter ${name} is now required`,
        )
      } else if (wasRequired && !required) {
        add(key, 'info', 'request-parameter-became-optional', `Parameter ${name} is now optional`)
      }
      compareSchemas(
        key,
        `parameter ${name}`,
        asObject(previous.schema),
        asObject(parameter.schema),
        'request',
        add,
      )
    }
    for (const name of wasParameters.keys()) {
      if (!isParameters.has(name)) {
        add(key, 'warning', 'request-parameter-removed', `Parameter ${name} was removed`)
      }
    }

    // Request body.
    const wasBody = asObject(was.operation.requestBody)
    const isBody = asObject(is.operation.requestBody)
    if (wasBody.required !== true && isBody.required === true) {
      add(key, 'breaking', 'request-body-became-required', 'The request body is now required')
    }
    const wasRequest = jsonSchemaOf(wasBody.content)
    const isRequest = jsonSchemaOf(isBody.content)
    if (wasRequest && isRequest)
      compareSchemas(key, 'request body', wasRequest, isRequest, 'request', add)

    // Responses.
    const wasResponses = asObject(was.operation.responses)
    const isResponses = asObject(is.operation.responses)
    for (const status of Object.keys(wasResponses)) {
      if (status in isResponses) continue
      if (/^2/.test(status)) {
        add(key, 'breaking', 'response-success-status-removed', `Response ${status} was removed`)
      } else {
        add(key, 'warning', 'response-non-success-status-removed', `Response ${status} was removed`)
      }
    }
    for (const status of Object.keys(isResponses)) {
      if (!(status in wasResponses)) {
        add(key, 'info', 'response-status-added', `Response ${status} was added`)
        continue
      }
      const wasContent = asObject(asObject(wasResponses[status]).content)
      const isContent = asObject(asObject(isResponses[status]).content)
      for (const media of Object.keys(wasContent)) {
        if (!(media in isContent)) {
          add(
            key,
            'breaking',
            'response-media-type-removed',
            `Response ${status} no longer comes as ${media}`,
          )
        }
      }
      const wasSchema = jsonSchemaOf(wasContent)
      const isSchema = jsonSchemaOf(isContent)
      if (wasSchema && isSchema) {
        compareSchemas(key, `response ${status}`, wasSchema, isSchema, 'response', add)
      }
    }

    // Security.
    const wasSecurity = securityOf(before, was.operation)
    const isSecurity = securityOf(after, is.operation)
    for (const requirement of isSecurity) {
      if (requirement && !wasSecurity.includes(requirement)) {
        const open = wasSecurity.length === 0 || wasSecurity.includes('')
        add(
          key,
          open ? 'breaking' : 'info',
          'endpoint-security-added',
          `Security requirement ${requirement} was added`,
        )
      }
    }
    for (const requirement of wasSecurity) {
      if (requirement && !isSecurity.includes(requirement)) {
        add(
          key,
          'info',
          'endpoint-security-removed',
          `Security requirement ${requirement} was removed`,
        )
      }
    }
  }
  const rank: Record<ChangeLevel, number> = { breaking: 0, warning: 1, info: 2 }
  return changes.sort((a, b) => rank[a.level] - rank[b.level])
}

type Add = (key: string | null, level: ChangeLevel, category: string, message: string) => void

/** Types, enums, nullability and properties, as a request's sender or a response's reader meets them. */
const compareSchemas = (
  key: string,
  where: string,
  was: Json,
  is: Json,
  direction: 'request' | 'response',
  add: Add,
  depth = 0,
  seen = new Set<unknown>(),
) => {
  if (depth > MAX_DEPTH || seen.has(is)) return
  seen.add(is)
  const wasType = typeOf(was)
  const isType = typeOf(is)
  if (wasType && isType && wasType !== isType) {
    add(
      key,
      'breaking',
      `${direction}-${where.startsWith('parameter') ? 'parameter' : 'property'}-type-changed`,
      `The type of ${where} changed from ${wasType} to ${isType}`,
    )
    return
  }
  const wasEnum = asArray(was.enum)
  const isEnum = asArray(is.enum)
  if (wasEnum.length > 0) {
    const removed = wasEnum.filter((value) => !isEnum.some((other) => other === value))
    const added = isEnum.filter((value) => !wasEnum.some((other) => other === value))
    if (direction === 'request' && removed.length > 0 && isEnum.length > 0) {
      add(
        key,
        'breaking',
        'request-enum-value-removed',
        `${where} no longer accepts ${removed.map((v) => JSON.stringify(v)).join(', ')}`,
      )
    }
    if (direction === 'response' && added.length > 0) {
      add(
        key,
        'warning',
        'response-enum-value-added',
        `${where} may now be ${added.map((v) => JSON.stringify(v)).join(', ')}`,
      )
    }
  }
  if (direction === 'response' && !nullable(was) && nullable(is)) {
    add(key, 'breaking', 'response-property-became-nullable', `${where} may now be null`)
  }
  const wasProperties = asObject(was.properties)
  const isProperties = asObject(is.properties)
  const wasRequired = asArray(was.required).map(String)
  const isRequired = asArray(is.required).map(String)
  for (const [name, schema] of Object.entries(wasProperties)) {
    const path = `${where}.${name}`
    if (!(name in isProperties)) {
      if (direction === 'response') {
        if (wasRequired.includes(name)) {
          add(key, 'breaking', 'response-required-property-removed', `${path} was removed`)
        } else add(key, 'warning', 'response-optional-property-removed', `${path} was removed`)
      } else add(key, 'warning', 'request-property-removed', `${path} was removed`)
      continue
    }
    if (direction === 'request' && !wasRequired.includes(name) && isRequired.includes(name)) {
      add(key, 'breaking', 'request-property-became-required', `${path} is now required`)
    }
    if (direction === 'response' && wasRequired.includes(name) && !isRequired.includes(name)) {
      add(key, 'breaking', 'response-property-became-optional', `${path} may now be missing`)
    }
    compareSchemas(
      key,
      path,
      asObject(schema),
      asObject(isProperties[name]),
      direction,
      add,
      depth + 1,
      seen,
    )
  }
  for (const name of Object.keys(isProperties)) {
    if (name in wasProperties) continue
    const path = `${where}.${name}`
    if (direction === 'request') {
      if (isRequired.includes(name)) {
        add(key, 'breaking', 'new-required-request-property', `New required property ${path}`)
      } else add(key, 'info', 'new-optional-request-property', `New optional property ${path}`)
    } else add(key, 'info', 'response-property-added', `New property ${path}`)
  }
  if (was.items || is.items) {
    compareSchemas(
      key,
      `${where}[]`,
      asObject(was.items),
      asObject(is.items),
      direction,
      add,
      depth + 1,
      seen,
    )
  }
}

/**
 * Keeps the newest version of a document and, when it differs from the one kept, stores the
 * changes between them, dated now and labelled with both versions. The first version seen has
 * nothing to compare with. Several instances starting together take turns.
 */
export const recordDocumentVersion = async (
  db: Db,
  apiId: string,
  document: Json,
  hash: string,
): Promise<SpecChange[]> =>
  db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('api_atlas.spec_versions'))")
    const [row] = await tx.query<{ hash: string; version: string; document: Json }>(
      'select hash, version, document from api_spec_versions where api_id = $1',
      [apiId],
    )
    if (row?.hash === hash) return []
    const info = asObject(document.info)
    const version = `${typeof info.version === 'string' ? info.version : '?'} (${hash.slice(0, 8)})`
    const changes = row ? classifyChanges(row.document, document) : []
    for (const change of changes) {
      await tx.query(
        `insert into api_spec_changes
           (api_id, operation_key, level, category, message, from_version, to_version)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          apiId,
          change.operationKey,
          change.level,
          change.category,
          change.message,
          row!.version,
          version,
        ],
      )
    }
    await tx.query(
      `insert into api_spec_versions (api_id, hash, version, document) values ($1, $2, $3, $4::jsonb)
       on conflict (api_id) do update set hash = excluded.hash, version = excluded.version,
         document = excluded.document, seen_at = now()`,
      [apiId, hash, version, JSON.stringify(document)],
    )
    return changes
  })
