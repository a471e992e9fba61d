// Emotion's isPropValid (which props a styled element passes on to the DOM) tests each prop name
// against one regular expression of every React and HTML attribute name, some 4 KB of alternatives.
// V8 compiles a regular expression at its first test, and again, to machine code, at a later one:
// for this one that is several milliseconds, and its first test comes as the entry's modules run
// (each styled component, as it is made, asks whether `as` is a prop), in the task every page's
// start has to finish before it can answer a press. The same names in a Set answer the same
// question without compiling anything; only the short `data-`/`aria-`/`x-` rule stays a regular
// expression.

const MODULE = /[\\/]@emotion[\\/]is-prop-valid[\\/]dist[\\/]emotion-is-prop-valid\.esm\.js$/
/** `var reactPropsRegex = /^((name|name|…)|((prefix)-.*))$/;`, on a line of its own (a comment may follow). */
const PROPS_REGEX = /^var reactPropsRegex = \/\^\(\(([^()]+)\)\|\(\(([^()]+)\)-\.\*\)\)\$\/;/m
/** A name to match as it is: no character a regular expression reads otherwise. */
const PLAIN_NAME = /^[\w-]+$/

/**
 * The module with its props' regular expression made a Set of the same names and the prefixes'
 * own small expression, or undefined when it is not that module. A version whose expression has
 * another shape fails the build rather than quietly costing the start again.
 */
export const withPropNameSet = (id: string, code: string) => {
  if (!MODULE.test(id)) return undefined
  const found = PROPS_REGEX.exec(code)
  const names = found?.[1]?.split('|') ?? []
  if (!found || !names.every((name) => PLAIN_NAME.test(name))) {
    throw new Error(
      `${id}: its props' regular expression has a new shape; see scripts/propNameSet.ts`,
    )
  }
  // The same questions: one of the names, whole; or a prefix, a hyphen, then anything on the line.
  const set = `{ names: new Set(${JSON.stringify(found[1])}.split("|")), prefixed: /^(${found[2]})-.*$/, test: function (prop) { return this.names.has(prop) || this.prefixed.test(prop) } }`
  return code.replace(PROPS_REGEX, () => `var reactPropsRegex = ${set};`)
}
