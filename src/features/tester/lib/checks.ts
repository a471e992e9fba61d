// Checks without code: each is data (checkTypes.ts) evaluated here against an answer. Nothing a
// visitor types ever runs as script; JSONPath filters run in jsonpath-plus's interpreter and a
// "matches" pattern is a regular expression.
import type { TestResponseData } from '@/contract/tester'
import { checkLabel } from './checkLabel'
import type { Check } from './checkTypes'
import { queryJson } from '@/lib/jsonPath'

export type CheckResult = {
  id: string
  /** `invalid` when the check itself cannot be read (no number, a bad pattern). */
  outcome: 'pass' | 'fail' | 'invalid'
  /** What was checked, in words: "Status is 200". */
  label: string
  /** What the answer had, or why the check could not run. */
  actual: string
}

const MAX_SHOWN = 200
const shown = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value ?? null)
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text
}

/** A whole number typed in a field, or null. */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null)

/** Deep equality of JSON values; object key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]))
  }
  const ak = Object.keys(a)
  const bk = Object.keys(b)
  return (
    ak.length === bk.length &&
    ak.every(
      (k) =>
        Object.prototype.hasOwnProperty.call(b, k) &&
        jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  )
}

/** What was typed as expected: JSON when it reads as JSON (1, true, "x", {…}), else the text. */
const expectedValue = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function headerValue(data: TestResponseData, name: string): string | null {
  const wanted = name.trim().toLowerCase()
  for (const [key, value] of Object.entries(data.headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(', ') : value
  }
  return null
}

const result = (
  check: Check,
  outcome: CheckResult['outcome'],
  label: string,
  actual: string,
): CheckResult => ({ id: check.id, outcome, label, actual })

export function evaluateCheck(check: Check, data: TestResponseData): CheckResult {
  const failed = data.status === 'Error'
  const label = checkLabel(check)
  switch (check.kind) {
    case 'status': {
      const expected = wholeNumber(check.expected)
      if (expected === null) return result(check, 'invalid', label, 'Enter a status code, e.g. 200')
      if (failed) return result(check, 'fail', label, 'No response (network error)')
      return result(check, data.status === expected ? 'pass' : 'fail', label, String(data.status))
    }
    case 'header': {
      const name = check.name.trim()
      if (name === '') return result(check, 'invalid', label, 'Enter a header name')
      const value = headerValue(data, name)
      if (value === null) return result(check, 'fail', label, 'No such header')
      return result(check, value.includes(check.contains) ? 'pass' : 'fail', label, value)
    }
    case 'time': {
      const max = wholeNumber(check.maxMs)
      if (max === null) return result(check, 'invalid', label, 'Enter a number of milliseconds')
      if (failed) return result(check, 'fail', label, 'No response (network error)')
      const ms = data.responseTime
      return result(check, ms < max ? 'pass' : 'fail', label, `${Math.round(ms * 10) / 10} ms`)
    }
    case 'jsonPath': {
      const path = check.path.trim()
      if (data.bodyEncoding !== 'json') {
        const why = failed ? 'No response (network error)' : 'The body is not JSON'
        return result(check, 'fail', label, why)
      }
      const found = queryJson(data.data, path)
      if (!found.ok) return result(check, 'invalid', label, found.error)
      if (check.op === 'exists') {
        return found.values.length > 0
          ? result(check, 'pass', label, shown(found.values[0]))
          : result(check, 'fail', label, 'No match')
      }
      if (found.values.length === 0) return result(check, 'fail', label, 'No match')
      // One match is compared as itself; several as the list of them.
      const actual = found.values.length === 1 ? found.values[0] : found.values
      if (check.op === 'equals') {
        return result(
          check,
          jsonEqual(actual, expectedValue(check.expected)) ? 'pass' : 'fail',
          label,
          shown(actual),
        )
      }
      let pattern: RegExp
      try {
        pattern = new RegExp(check.expected)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        return result(check, 'invalid', label, `Not a regular expression: ${reason}`)
      }
      const text = typeof actual === 'string' ? actual : JSON.stringify(actual)
      return result(check, pattern.test(text) ? 'pass' : 'fail', label, shown(actual))
    }
  }
}

export const evaluateChecks = (checks: Check[], data: TestResponseData) =>
  checks.map((check) => evaluateCheck(check, data))
