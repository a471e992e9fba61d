// `{{name}}` in a request, filled from the active environment at send time.
import type { Draft } from './draft'
import type { Environment } from './workbenchTypes'

const VARIABLE = /\{\{\s*([A-Za-z0-9_.$-]+)\s*\}\}/g

/** The fields a variable may stand in: the URL (and so its query), headers (and so auth), body. */
const FIELDS = ['url', 'headersText', 'bodyText'] as const

/** The names a draft uses, each once, in the order they first appear. */
export function variablesIn(draft: Pick<Draft, (typeof FIELDS)[number]>): string[] {
  const names = new Set<string>()
  for (const field of FIELDS) {
    for (const match of draft[field].matchAll(VARIABLE)) names.add(match[1] as string)
  }
  return [...names]
}

/** The names a draft uses that the environment does not set (no such variable, or no value). */
export function unsetVariables(draft: Draft, environment: Environment | null): string[] {
  const values = new Map(environment?.variables.map((v) => [v.name, v.value]))
  return variablesIn(draft).filter((name) => !values.get(name))
}

export type Resolved = {
  draft: Draft
  /** Names used but not set: the request is not sent while there are any. */
  missing: string[]
  /** The secret values that went into the request, to mask wherever the answer shows them. */
  secrets: string[]
}

/**
 * The draft as it is sent: each `{{name}}` replaced by its value. In the headers' JSON the value is
 * escaped as a JSON string's content, so a quote in a token does not break the headers.
 */
export function resolveDraft(draft: Draft, environment: Environment | null): Resolved {
  const byName = new Map(environment?.variables.map((v) => [v.name, v]))
  const missing = new Set<string>()
  const secrets = new Set<string>()
  const fill = (text: string, escape: boolean) =>
    text.replace(VARIABLE, (whole, name: string) => {
      const variable = byName.get(name)
      if (!variable || variable.value === '') {
        missing.add(name)
        return whole
      }
      if (variable.secret) secrets.add(variable.value)
      return escape ? JSON.stringify(variable.value).slice(1, -1) : variable.value
    })
  return {
    draft: {
      ...draft,
      url: fill(draft.url, false),
      headersText: fill(draft.headersText, true),
      bodyText: fill(draft.bodyText, false),
    },
    missing: [...missing],
    secrets: [...secrets],
  }
}

export const SECRET_MASK = '••••••'

/**
 * `value` with every secret value replaced by the mask, in every string it holds. Values shorter
 * than 3 characters are not hunted for: they would mask unrelated text.
 */
export function redactSecrets<T>(value: T, secrets: string[]): T {
  const hunted = secrets.filter((s) => s.length >= 3).sort((a, b) => b.length - a.length)
  if (hunted.length === 0) return value
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      return hunted.reduce((text, secret) => text.split(secret).join(SECRET_MASK), v)
    }
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [walk(k), walk(inner)]))
    }
    return v
  }
  return walk(value) as T
}
