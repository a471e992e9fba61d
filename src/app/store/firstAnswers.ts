import { FIRST_ANSWERS_ID, requestKey } from '@/contract/apiRequests'
import type { FirstQuery } from '@/contract/firstQueries'

const answers = new Map<string, unknown>()

/**
 * Keeps the answers the server wrote into the page (server/seo/firstAnswers.ts), keyed by
 * requestKey, removes the block, and returns the queries they answer. A block that cannot be
 * read is ignored: the screens then ask the server as usual.
 */
export function readFirstAnswers(doc: Document = document): FirstQuery[] {
  const block = doc.getElementById(FIRST_ANSWERS_ID)
  if (!block) return []
  block.remove()
  try {
    const parsed = JSON.parse(block.textContent ?? '') as Partial<{
      queries: FirstQuery[]
      answers: Record<string, unknown>
    }> | null
    if (!Array.isArray(parsed?.queries) || typeof parsed.answers !== 'object' || !parsed.answers) {
      return []
    }
    for (const [key, value] of Object.entries(parsed.answers)) answers.set(key, value)
    return parsed.queries
  } catch {
    // Not ours, or cut short: nothing is kept.
    return []
  }
}

/**
 * The page's answer to this request, once: a later request for the same thing (a refetch, a
 * retry) goes to the server, so nothing stays stale. Only GETs are answered, and all of them are
 * taken as the app starts (primeFirstPage), before anyone could send anything else.
 */
export function takeFirstAnswer(
  request: string | { url: string; params?: Record<string, unknown> },
) {
  const key = requestKey(typeof request === 'string' ? { url: request } : request)
  const answer = answers.get(key)
  answers.delete(key)
  return answer
}
