// A request saved from a catalogue operation, kept in step with that operation as it changes.
import type { OperationDetail } from '@/contract/operations'
import { headersToText, parseHeaders, type Draft } from './draft'
import { draftFromOperation } from './operationDraft'
import type { OperationShape, RequestSource } from './workbenchTypes'

/** What of an operation a request depends on; descriptions and examples are not. */
export function shapeOf(operation: OperationDetail): OperationShape {
  return {
    method: operation.method.toUpperCase(),
    path: operation.path,
    params: operation.parameters
      .filter((p) => p.in !== 'cookie')
      .map((p) => ({ name: p.name, in: p.in, required: p.required }))
      .sort((a, b) => `${a.in} ${a.name}`.localeCompare(`${b.in} ${b.name}`)),
    bodyTypes: (operation.requestBody?.content.map((c) => c.mediaType) ?? []).sort(),
  }
}

/** FNV-1a over the shape's JSON: a short, stable fingerprint (not a security measure). */
export function digestOf(shape: OperationShape): string {
  let hash = 0x811c9dc5
  for (const ch of JSON.stringify(shape)) {
    hash ^= ch.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

export function sourceOf(
  operation: OperationDetail,
  savedAt = new Date().toISOString(),
): RequestSource {
  const shape = shapeOf(operation)
  return {
    apiId: operation.apiId,
    operationKey: operation.operationKey,
    digest: digestOf(shape),
    shape,
    savedAt,
  }
}

const paramLabel = (p: OperationShape['params'][number]) => `${p.name} (${p.in})`

/** What changed between the shape a request was saved from and the catalogue's now, in words. */
export function describeChanges(before: OperationShape, after: OperationShape): string[] {
  const changes: string[] = []
  if (before.method !== after.method)
    changes.push(`Method changed: ${before.method} → ${after.method}`)
  if (before.path !== after.path) changes.push(`Path renamed: ${before.path} → ${after.path}`)
  const key = (p: OperationShape['params'][number]) => `${p.in} ${p.name}`
  const old = new Map(before.params.map((p) => [key(p), p]))
  const now = new Map(after.params.map((p) => [key(p), p]))
  for (const [k, p] of now) {
    const was = old.get(k)
    if (!was) changes.push(`Parameter added: ${paramLabel(p)}${p.required ? ', required' : ''}`)
    else if (was.required !== p.required) {
      changes.push(`Parameter ${paramLabel(p)} is now ${p.required ? 'required' : 'optional'}`)
    }
  }
  for (const [k, p] of old) if (!now.has(k)) changes.push(`Parameter removed: ${paramLabel(p)}`)
  for (const type of after.bodyTypes) {
    if (!before.bodyTypes.includes(type)) changes.push(`Body type added: ${type}`)
  }
  for (const type of before.bodyTypes) {
    if (!after.bodyTypes.includes(type)) changes.push(`Body type removed: ${type}`)
  }
  return changes
}

/** The path parameters' values in a URL built from `path` (`{name}` left as typed is no value). */
export function pathValuesIn(url: string, path: string): Record<string, string> {
  const names: string[] = []
  const pattern = path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1]
      if (name) {
        names.push(name)
        return '([^/?#]*)'
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  const match = new RegExp(`${pattern}(?:[?#]|$)`).exec(url)
  if (!match) return {}
  const values: Record<string, string> = {}
  names.forEach((name, i) => {
    const raw = match[i + 1] ?? ''
    if (raw === '' || raw === `{${name}}`) return
    try {
      values[name] = decodeURIComponent(raw)
    } catch {
      values[name] = raw
    }
  })
  return values
}

/**
 * The request rebuilt from the operation as it is now, keeping the person's own values: path
 * parameters by name, query parameters and headers by name (and the ones they added), the body,
 * and everything else the draft holds.
 */
export function updatedDraft(
  draft: Draft,
  before: OperationShape,
  operation: OperationDetail,
): Draft {
  const fresh = draftFromOperation(operation, pathValuesIn(draft.url, before.path))
  let url = fresh.url
  try {
    const next = new URL(fresh.url)
    const mine = new URL(draft.url).searchParams
    for (const [name, value] of mine) next.searchParams.set(name, value)
    url = next.href
  } catch {
    // A URL that does not parse (a `{{base}}` variable): the fresh one, as the catalogue has it.
  }
  const headers = { ...parseHeaders(fresh.headersText), ...(parseHeaders(draft.headersText) ?? {}) }
  return {
    ...draft,
    method: fresh.method,
    url,
    headersText: headersToText(headers),
    bodyText: draft.bodyText.trim() !== '' ? draft.bodyText : fresh.bodyText,
  }
}
