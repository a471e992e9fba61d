// JSONPath over an answer's JSON, for the viewer's filter and the checks. jsonpath-plus (about 9 KB
// gzipped with its expression parser) is loaded only with the response view, never on a first
// load. Filters such as `?(@.price > 10)` run in its own interpreter ('safe'), never as code: the
// page's policy has no 'unsafe-eval', and a visitor's expression must not run as script anyway.
import { JSONPath } from 'jsonpath-plus'

export type JsonPathResult =
  { ok: true; values: unknown[]; paths: string[] } | { ok: false; error: string }

/** The values an expression selects, in document order, with their paths; or why it cannot run. */
export function queryJson(json: unknown, expression: string): JsonPathResult {
  const path = expression.trim()
  if (path === '') return { ok: false, error: 'Enter a JSONPath expression, such as $.items[0]' }
  if (!path.startsWith('$')) {
    return { ok: false, error: 'A JSONPath expression starts with $, such as $.items[0]' }
  }
  try {
    const found = JSONPath({
      path,
      json: json as object,
      eval: 'safe',
      wrap: true,
      resultType: 'all',
    }) as { value: unknown; path: string }[]
    return { ok: true, values: found.map((f) => f.value), paths: found.map((f) => f.path) }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { ok: false, error: `Not a JSONPath expression this viewer can run: ${reason}` }
  }
}
