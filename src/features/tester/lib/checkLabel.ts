import type { Check } from './checkTypes'

/** What a check checks, in words: "Status is 200". The Postman export names its tests so too. */
export function checkLabel(check: Check): string {
  switch (check.kind) {
    case 'status':
      return `Status is ${check.expected.trim() || '…'}`
    case 'header': {
      const name = check.name.trim() || '…'
      return check.contains === ''
        ? `Header ${name} is present`
        : `Header ${name} contains "${check.contains}"`
    }
    case 'time':
      return `Response time under ${check.maxMs.trim() || '…'} ms`
    case 'jsonPath': {
      const path = check.path.trim() || '…'
      if (check.op === 'exists') return `${path} exists`
      if (check.op === 'equals') return `${path} equals ${check.expected}`
      return `${path} matches /${check.expected}/`
    }
  }
}
