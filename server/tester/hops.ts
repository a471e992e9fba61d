// The tester's redirect policy: which answers are followed, where to, and what the next request
// keeps of the last one (method, body, credentials).
import type { TestRedirect, TesterMethod } from '../../src/contract/tester'
import { isSecretHeader, maskUrl } from '../../src/shared/testerMask'
import { TesterRefusal } from './guard'

export type Outgoing = {
  method: TesterMethod
  headers: Record<string, string>
  body: string | Buffer | null
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

const withoutHeaders = (headers: Record<string, string>, names: string[]) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase())),
  )

/** What to do with an answer: stop here, follow it, or fail with a reason. */
export type HopDecision =
  | { kind: 'final' }
  | { kind: 'follow'; url: URL; outgoing: Outgoing; redirect: TestRedirect }
  | { kind: 'fail'; reason: string }

/**
 * The next hop for an answer, or none. Throws TesterRefusal for a redirect the tester never
 * follows (another scheme, credentials in the address); the guard still checks the address and
 * port of every hop when it dials.
 */
export const nextHop = (
  answer: { status: number; location: string | undefined },
  current: { url: URL; outgoing: Outgoing; hop: number },
  policy: { followRedirects: boolean; maxRedirects: number },
): HopDecision => {
  const { status, location } = answer
  const { url, outgoing, hop } = current
  if (!policy.followRedirects || !REDIRECT_STATUSES.has(status) || !location) {
    return { kind: 'final' }
  }
  if (hop >= policy.maxRedirects) {
    return { kind: 'fail', reason: `Stopped after ${policy.maxRedirects} redirects` }
  }
  let next: URL
  try {
    next = new URL(location, url)
  } catch {
    return { kind: 'fail', reason: `The redirect to '${location}' is not a valid URL` }
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new TesterRefusal(
      `Redirects to ${next.protocol} addresses are not followed`,
      'blocked_redirect',
    )
  }
  if (next.username || next.password) {
    throw new TesterRefusal(
      'Redirects to addresses with a user name or password are not followed',
      'blocked_redirect',
    )
  }
  const changesToGet =
    status === 303
      ? outgoing.method !== 'HEAD'
      : (status === 301 || status === 302) && outgoing.method === 'POST'
  let following = outgoing
  if (changesToGet) {
    following = {
      method: 'GET',
      headers: withoutHeaders(following.headers, ['content-type', 'content-encoding']),
      body: null,
    }
  }
  // Credentials stay with the origin they were typed for: every header the tester treats as a
  // secret (Authorization, Cookie, X-Api-Key, Private-Token, ...), as it masks them.
  if (next.origin !== url.origin) {
    following = {
      ...following,
      headers: Object.fromEntries(
        Object.entries(following.headers).filter(([name]) => !isSecretHeader(name)),
      ),
    }
  }
  return {
    kind: 'follow',
    url: next,
    outgoing: following,
    redirect: { url: maskUrl(url.href), status, location: maskUrl(next.href) },
  }
}
