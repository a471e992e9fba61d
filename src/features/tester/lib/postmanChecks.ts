// A request's checks as a Postman test script that runs as the same checks in Postman (pm.test,
// pm.response, pm.expect), and back. Only a script written here is read back, line by line and
// strictly: each line must be exactly what this file writes for the check it describes. Nothing in
// a script is ever run here.
import type { Check } from './checkTypes'
import { checkLabel } from './checkLabel'

/** The script's first line: how an imported script is known to be ours. */
export const CHECKS_SCRIPT_MARKER =
  '// API Atlas checks: read back as checks when imported into API Atlas; edit them there.'

type PathKey = string | number

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** `$.a['b-c'][0]` as its keys, or null for what plain property access cannot say (filters, `*`, `..`). */
export function pathKeys(path: string): PathKey[] | null {
  const text = path.trim()
  if (!text.startsWith('$')) return null
  const keys: PathKey[] = []
  const step = /^(?:\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\['([^'\\]*)'\]|\["([^"\\]*)"\])/
  let rest = text.slice(1)
  while (rest !== '') {
    const match = step.exec(rest)
    if (!match) return null
    const [whole, name, index, single, double] = match
    keys.push(index !== undefined ? Number(index) : ((name ?? single ?? double) as string))
    rest = rest.slice(whole.length)
  }
  return keys
}

/** The keys as one JSONPath spelling, the one written back on import. */
const pathOf = (keys: PathKey[]) =>
  `$${keys
    .map((k) => (typeof k === 'number' ? `[${k}]` : IDENTIFIER.test(k) ? `.${k}` : `['${k}']`))
    .join('')}`

/** The keys as JavaScript property access on the parsed body. */
const accessOf = (keys: PathKey[]) =>
  keys
    .map((k) =>
      typeof k === 'number' ? `[${k}]` : IDENTIFIER.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`,
    )
    .join('')

const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null)

/** What was typed as expected, as checks.ts reads it: JSON when it reads as JSON, else the text. */
function expectedJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text))
  } catch {
    return JSON.stringify(text)
  }
}

/**
 * The check in the one form a script says it in (a path in one spelling, an expected value as
 * JSON), or null when Postman's plain assertions cannot say it the same way.
 */
export function scriptableCheck(check: Check): Check | null {
  switch (check.kind) {
    case 'status': {
      const expected = wholeNumber(check.expected)
      return expected === null ? null : { ...check, expected: String(expected) }
    }
    case 'time': {
      const max = wholeNumber(check.maxMs)
      return max === null ? null : { ...check, maxMs: String(max) }
    }
    case 'header': {
      const name = check.name.trim()
      return name === '' ? null : { ...check, name }
    }
    case 'jsonPath': {
      const keys = pathKeys(check.path)
      if (!keys) return null
      if (check.op === 'matches') {
        try {
          new RegExp(check.expected)
        } catch {
          return null
        }
        return { ...check, path: pathOf(keys) }
      }
      if (check.op === 'exists') return { ...check, path: pathOf(keys), expected: '' }
      return { ...check, path: pathOf(keys), expected: expectedJson(check.expected) }
    }
  }
}

/** The assertion a scriptable check makes, in Postman's words. */
function assertion(check: Check): string {
  const s = JSON.stringify
  switch (check.kind) {
    case 'status':
      return `pm.response.to.have.status(${check.expected});`
    case 'time':
      return `pm.expect(pm.response.responseTime).to.be.below(${check.maxMs});`
    case 'header':
      return check.contains === ''
        ? `pm.response.to.have.header(${s(check.name)});`
        : `pm.expect(pm.response.headers.get(${s(check.name)})).to.include(${s(check.contains)});`
    case 'jsonPath': {
      const value = `pm.response.json()${accessOf(pathKeys(check.path) ?? [])}`
      if (check.op === 'exists') return `pm.expect(${value}).to.not.equal(undefined);`
      if (check.op === 'equals') return `pm.expect(${value}).to.eql(${check.expected});`
      return `const value = ${value}; pm.expect(typeof value === "string" ? value : JSON.stringify(value)).to.match(new RegExp(${s(check.expected)}));`
    }
  }
}

/** One `pm.test` line, named as the tester names the check. */
const lineOf = (check: Check) =>
  `pm.test(${JSON.stringify(checkLabel(check))}, function () { ${assertion(check)} });`

export type ChecksScript = {
  /** The script's lines (Postman's `exec`), or null when no check can be said as one. */
  exec: string[] | null
  /** Checks Postman's assertions cannot say the same way: kept beside the script. */
  unscriptable: Check[]
}

export function checksToScript(checks: Check[]): ChecksScript {
  const lines: string[] = []
  const unscriptable: Check[] = []
  for (const check of checks) {
    const scriptable = scriptableCheck(check)
    if (scriptable) lines.push(lineOf(scriptable))
    else unscriptable.push(check)
  }
  return { exec: lines.length > 0 ? [CHECKS_SCRIPT_MARKER, ...lines] : null, unscriptable }
}

const STRING = String.raw`"(?:[^"\\]|\\.)*"`
const ACCESS = String.raw`(?:\.[A-Za-z_$][\w$]*|\[\d+\]|\[${STRING}\])*`
const LINE = new RegExp(String.raw`^pm\.test\((${STRING}), function \(\) \{ (.*) \}\);$`)

const ASSERTIONS: [RegExp, (m: string[]) => Omit<Check, 'id'>][] = [
  [
    /^pm\.response\.to\.have\.status\((\d+)\);$/,
    (m) => ({ kind: 'status', expected: m[1] as string }),
  ],
  [
    /^pm\.expect\(pm\.response\.responseTime\)\.to\.be\.below\((\d+)\);$/,
    (m) => ({ kind: 'time', maxMs: m[1] as string }),
  ],
  [
    new RegExp(String.raw`^pm\.response\.to\.have\.header\((${STRING})\);$`),
    (m) => ({ kind: 'header', name: parseString(m[1]), contains: '' }),
  ],
  [
    new RegExp(
      String.raw`^pm\.expect\(pm\.response\.headers\.get\((${STRING})\)\)\.to\.include\((${STRING})\);$`,
    ),
    (m) => ({ kind: 'header', name: parseString(m[1]), contains: parseString(m[2]) }),
  ],
  [
    new RegExp(
      String.raw`^pm\.expect\(pm\.response\.json\(\)(${ACCESS})\)\.to\.not\.equal\(undefined\);$`,
    ),
    (m) => ({ kind: 'jsonPath', op: 'exists', path: pathFromAccess(m[1]), expected: '' }),
  ],
  [
    new RegExp(String.raw`^pm\.expect\(pm\.response\.json\(\)(${ACCESS})\)\.to\.eql\((.*)\);$`),
    (m) => ({
      kind: 'jsonPath',
      op: 'equals',
      path: pathFromAccess(m[1]),
      expected: m[2] as string,
    }),
  ],
  [
    new RegExp(
      String.raw`^const value = pm\.response\.json\(\)(${ACCESS}); pm\.expect\(typeof value === "string" \? value : JSON\.stringify\(value\)\)\.to\.match\(new RegExp\((${STRING})\)\);$`,
    ),
    (m) => ({
      kind: 'jsonPath',
      op: 'matches',
      path: pathFromAccess(m[1]),
      expected: parseString(m[2]),
    }),
  ],
]

function parseString(literal: string | undefined): string {
  const value: unknown = JSON.parse(literal ?? '')
  if (typeof value !== 'string') throw new SyntaxError('not a string')
  return value
}

function pathFromAccess(access: string | undefined): string {
  const keys: PathKey[] = []
  const step = new RegExp(String.raw`^(?:\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[(${STRING})\])`)
  let rest = access ?? ''
  while (rest !== '') {
    const match = step.exec(rest) as RegExpExecArray
    const [whole, name, index, literal] = match
    keys.push(index !== undefined ? Number(index) : (name ?? parseString(literal)))
    rest = rest.slice(whole.length)
  }
  return pathOf(keys)
}

/** One line read back as a check, only when writing that check gives exactly this line. */
function checkOfLine(line: string, id: string): Check | null {
  const test = LINE.exec(line)
  if (!test) return null
  for (const [pattern, read] of ASSERTIONS) {
    const match = pattern.exec(test[2] as string)
    if (!match) continue
    try {
      const check = { id, ...read(match) } as Check
      const scriptable = scriptableCheck(check)
      return scriptable && lineOf(scriptable) === line ? scriptable : null
    } catch {
      return null
    }
  }
  return null
}

/** A script's lines as checks when it is one this file wrote, else null. */
export function checksFromScript(exec: unknown, newId: () => string): Check[] | null {
  const lines = typeof exec === 'string' ? exec.split('\n') : exec
  if (!Array.isArray(lines) || lines[0] !== CHECKS_SCRIPT_MARKER) return null
  const checks: Check[] = []
  for (const line of lines.slice(1)) {
    if (typeof line !== 'string') return null
    if (line.trim() === '') continue
    const check = checkOfLine(line, newId())
    if (!check) return null
    checks.push(check)
  }
  return checks
}
