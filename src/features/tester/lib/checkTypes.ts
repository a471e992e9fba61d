// A request's checks, as the tester's state keeps them (testerSlice) and a saved request carries
// them. Plain data, so this file costs the first load nothing; evaluating them (checks.ts) loads
// with the response view. Fields hold what was typed; checks.ts says when one makes no sense.

export type JsonPathCheckOp = 'equals' | 'exists' | 'matches'

export type Check =
  | { id: string; kind: 'status'; expected: string }
  | { id: string; kind: 'header'; name: string; contains: string }
  | { id: string; kind: 'jsonPath'; path: string; op: JsonPathCheckOp; expected: string }
  | { id: string; kind: 'time'; maxMs: string }

export type CheckKind = Check['kind']

/** A new check of a kind, with a sensible start. */
export function newCheck(kind: CheckKind, id: string): Check {
  switch (kind) {
    case 'status':
      return { id, kind, expected: '200' }
    case 'header':
      return { id, kind, name: 'content-type', contains: 'json' }
    case 'jsonPath':
      return { id, kind, path: '$', op: 'exists', expected: '' }
    case 'time':
      return { id, kind, maxMs: '1000' }
  }
}
