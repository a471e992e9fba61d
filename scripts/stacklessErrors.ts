// The errors libraries make as their modules run, as markers compared by identity (React's
// `SuspenseException` and its kin, RTK Query's `neverResolvedError`), made without a stack. Made
// with one while a DevTools client watches the page (DevTools itself, Lighthouse, any tool that
// enables CDP's Runtime), V8 records where each was made; to know the line of the frame that
// evaluates the entry, it parses the whole entry again, in the entry's first task, which grows with
// the entry. A visitor without DevTools never pays it; a developer with DevTools open does, and so
// does every lab measure of the start. A marker is only compared, never read for its stack, so it
// needs none.

/** An error with the given message and Error's prototype, made without capturing a stack. */
const stackless = (message: string) =>
  `Object.create(Error.prototype, { message: { value: ${message}, writable: true, configurable: true } })`

type Rewrite = { module: RegExp; marker: RegExp; replace: (...groups: string[]) => string }

const REWRITES: Rewrite[] = [
  {
    // `var SuspenseException = Error(formatProdErrorMessage(460)), …`: each marker is an
    // `…Exception` made as the module runs; errors made in functions keep their stacks.
    module: /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/,
    marker: /\b(\w+Exception) = Error\((formatProdErrorMessage\(\d+\))\)/g,
    replace: (name, message) => `${name} = ${stackless(message!)}`,
  },
  {
    module: /[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]rtk-query\.modern\.mjs$/,
    marker: /^const (neverResolvedError) = \/\* @__PURE__ \*\/ new Error\(("[^"\n]*")\);$/gm,
    replace: (name, message) => `const ${name} = /* @__PURE__ */ ${stackless(message!)};`,
  },
]

/**
 * The module's code with the errors it makes as it runs made without a stack, or undefined when it
 * is not one of REWRITES' modules or makes none. Every line keeps its place.
 */
export const withStacklessErrors = (id: string, code: string) => {
  const rewrite = REWRITES.find(({ module }) => module.test(id))
  if (!rewrite) return undefined
  const replaced = code.replace(rewrite.marker, (_match, ...groups: string[]) =>
    rewrite.replace(...groups),
  )
  return replaced === code ? undefined : replaced
}
