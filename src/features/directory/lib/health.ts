import type { ApiHealth, ApiHealthBadge } from '@/contract/apiHealth'
import { formatRelative } from '@/lib/format'

/** What a card and a page call the last check's outcome; `Not checked yet` before a first. */
export function healthLabel(health: ApiHealthBadge | null) {
  if (health?.status === 'up') return 'Working'
  if (health?.status === 'down') return 'Down'
  return 'Not checked yet'
}

/** `checked 3 hours ago`, or null before a first measured check. */
export function checkedAgo(health: ApiHealthBadge | null, now = Date.now()) {
  if (!health?.checkedAt) return null
  const ago = formatRelative(health.checkedAt, now)
  return ago ? `checked ${ago}` : null
}

/** The CORS verdict in plain words, for someone choosing an API for a web page. */
export function corsSentence(verdict: ApiHealth['cors']['verdict']) {
  if (verdict === 'allowed') return 'A web page on another site can call this API directly.'
  if (verdict === 'blocked')
    return 'A web page on another site cannot call this API directly; call it from a server.'
  return null
}
