import type { AuthChoice } from '@/contract/testerRequest'

// The kinds and the choice are the request model's (a share link carries the choice).
export {
  TESTER_AUTH_KINDS as AUTH_KINDS,
  type TesterAuthKind as AuthKind,
} from '@/contract/testerConstants'
export type { AuthChoice } from '@/contract/testerRequest'

/** The header a choice writes, if it writes one (an API key in the query writes none). */
export function authHeaderOf(choice: AuthChoice | null): string | null {
  if (!choice || choice.kind === 'apiKeyQuery') return null
  if (choice.kind === 'apiKeyCookie') return 'Cookie'
  return choice.kind === 'apiKeyHeader' ? choice.name : 'Authorization'
}
