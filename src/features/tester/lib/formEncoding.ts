// Form bodies (`application/x-www-form-urlencoded`) as rows, and JSON as rows and back: loaded with
// the body editors and an operation's prefill, not with the tester.

/** Form rows for a JSON value: objects as `a[b][c]`, arrays of values as `a[]`, others as `a[0][b]`. */
export function formRows(value: unknown, prefix = ''): [string, string][] {
  if (value === null || value === undefined) return prefix ? [[prefix, '']] : []
  if (Array.isArray(value)) {
    const scalars = value.every((v) => v === null || typeof v !== 'object')
    return value.flatMap((item, i) => formRows(item, scalars ? `${prefix}[]` : `${prefix}[${i}]`))
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
      formRows(v, prefix ? `${prefix}[${key}]` : key),
    )
  }
  return [[prefix, String(value)]]
}

/** The form body's text for rows: what is sent, as `application/x-www-form-urlencoded`. */
export function formText(rows: [string, string][]): string {
  return new URLSearchParams(rows).toString()
}

/** A form body's rows, decoded. */
export function formBodyRows(text: string): [string, string][] {
  return [...new URLSearchParams(text.trim())]
}

/** Rows back into JSON: `a[b]` nests, `a[]` and `a[0]` make arrays; every value stays a string. */
export function rowsToJson(rows: [string, string][]): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [name, value] of rows) {
    const parts = [
      name.replace(/\[.*$/, ''),
      ...[...name.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!),
    ]
    let node: Record<string, unknown> | unknown[] = root
    parts.forEach((key, i) => {
      const last = i === parts.length - 1
      const next = parts[i + 1]
      const child = next === '' || (next !== undefined && /^\d+$/.test(next)) ? [] : {}
      if (Array.isArray(node)) {
        if (key === '') {
          if (last) node.push(value)
          else node.push(child)
          node = last ? node : (node[node.length - 1] as typeof node)
          return
        }
        const index = Number(key)
        if (last) node[index] = value
        else node = (node[index] ??= child) as typeof node
        return
      }
      if (last) node[key] = value
      else node = (node[key] ??= child) as typeof node
    })
  }
  return root
}
