// The JSON tree as rows: what the viewer draws, one line each, so only the rows in sight need to be
// on the page (JsonTree.tsx). Pure, so it is tested without a browser.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export type TreeRow = {
  /** The node's JSONPath, e.g. $.items[0]['content-type']; a closing row's is its container's. */
  path: string
  depth: number
  /** The key in its object; undefined for the root and for array items. */
  name?: string
  /** The place in its array, for array items. */
  index?: number
  value: Json
  /** `close` is the `]` or `}` line under an open container. */
  kind: 'scalar' | 'object' | 'array' | 'close'
  open: boolean
  /** How many items or keys a container holds. */
  size: number
}

/** Objects and arrays this shallow start open; deeper ones start folded. */
export const OPEN_DEPTH = 2

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** A child's JSONPath in the dot notation where the key allows it, brackets otherwise. */
export function childPath(parent: string, key: string | number) {
  if (typeof key === 'number') return `${parent}[${key}]`
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}['${key.replace(/['\\]/g, '\\$&')}']`
}

const entriesOf = (value: Json): [string | number, Json][] =>
  Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value as { [key: string]: Json })

export type FlattenOptions = {
  /** Whether a container is open: the person's choice, else open when shallow. */
  isOpen: (path: string, depth: number) => boolean
  /** When set, only nodes it keeps are drawn (a search); the root is always drawn. */
  keep?: (path: string) => boolean
}

/** The rows to draw for a value, open containers followed by their children and a closing row. */
export function flatten(root: Json, options: FlattenOptions): TreeRow[] {
  const rows: TreeRow[] = []
  // An explicit stack: an answer may be nested deeper than the call stack would like.
  type Frame =
    { value: Json; path: string; depth: number; name?: string; index?: number } | { close: TreeRow }
  const stack: Frame[] = [{ value: root, path: '$', depth: 0 }]
  while (stack.length > 0) {
    const frame = stack.pop() as Frame
    if ('close' in frame) {
      rows.push(frame.close)
      continue
    }
    const { value, path, depth, name, index } = frame
    if (value === null || typeof value !== 'object') {
      rows.push({ path, depth, name, index, value, kind: 'scalar', open: false, size: 0 })
      continue
    }
    const entries = entriesOf(value)
    const kind = Array.isArray(value) ? 'array' : 'object'
    const open = entries.length > 0 && options.isOpen(path, depth)
    rows.push({ path, depth, name, index, value, kind, open, size: entries.length })
    if (!open) continue
    stack.push({
      close: { path, depth, value, kind: 'close', open: false, size: entries.length },
    })
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i] as [string | number, Json]
      const at = childPath(path, key)
      if (options.keep && !options.keep(at)) continue
      stack.push({
        value: child,
        path: at,
        depth: depth + 1,
        name: typeof key === 'string' ? key : undefined,
        index: typeof key === 'number' ? key : undefined,
      })
    }
  }
  return rows
}

/**
 * A search: the paths of the nodes whose key or value holds the text (any case), and of every
 * container above them, which the tree opens so the matches show.
 */
export function searchJson(root: Json, text: string): { matches: number; keep: Set<string> } {
  const needle = text.toLowerCase()
  const keep = new Set<string>()
  let matches = 0
  const visit = (value: Json, path: string, name: string | undefined, ancestors: string[]) => {
    const hit =
      (name !== undefined && name.toLowerCase().includes(needle)) ||
      (value === null || typeof value !== 'object'
        ? String(value).toLowerCase().includes(needle)
        : false)
    if (hit) {
      matches += 1
      keep.add(path)
      for (const a of ancestors) keep.add(a)
    }
    if (value !== null && typeof value === 'object') {
      ancestors.push(path)
      for (const [key, child] of entriesOf(value)) {
        visit(child, childPath(path, key), typeof key === 'string' ? key : undefined, ancestors)
      }
      ancestors.pop()
    }
  }
  visit(root, '$', undefined, [])
  return { matches, keep }
}

/** A value as the clipboard gets it: strings as they are, anything else as indented JSON. */
export const copyText = (value: Json) =>
  typeof value === 'string' ? value : JSON.stringify(value, null, 2)

/** A scalar as JSON shows it, cut for the row when it is very long. */
export function scalarText(value: Json, max = 300) {
  const text = JSON.stringify(value)
  return text.length > max ? `${text.slice(0, max)}…` : text
}
