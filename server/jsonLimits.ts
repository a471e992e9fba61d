// Bounds on the JSON a stranger can make the server (or the database behind it) walk. Deep
// nesting overflows recursive walkers: JSON.stringify, zod, and PGlite's WebAssembly stack, which
// gives out before Postgres's own depth guard and leaves the embedded database wedged.

/** Deeper than any document the routes take; far below what any walker here can handle. */
export const MAX_JSON_DEPTH = 64

/**
 * How deeply the JSON text nests arrays and objects, read without parsing or recursion; stops
 * counting once past `stopAt`. Brackets inside strings do not count.
 */
export const jsonDepth = (text: string, stopAt = Infinity) => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c)
        i++ // backslash: skip the escaped character
      else if (code === 0x22) inString = false
    } else if (code === 0x22) inString = true
    else if (code === 0x5b || code === 0x7b) {
      depth++
      if (depth > deepest) {
        deepest = depth
        if (deepest > stopAt) return deepest
      }
    } else if (code === 0x5d || code === 0x7d) depth--
  }
  return deepest
}

/** A message naming the problem when the text nests deeper than max, else undefined. */
export const jsonTooDeep = (text: string, max = MAX_JSON_DEPTH) =>
  jsonDepth(text, max) > max
    ? `JSON is nested more than ${max} levels deep (arrays and objects inside each other)`
    : undefined
