import { FIRST_ANSWERS_ID, requestKey } from '@/contract/apiRequests'

const answers = new Map<string, unknown>()

/**
 * Keeps the answers the server wrote into the page, keyed by requestKey, and removes the block.
 * A block that cannot be read is ignored: the screens then ask the server as usual.
 */
export function readFirstAnswers(doc: Document = document) {
  const block = doc.getElementById(FIRST_ANSWERS_ID)
  if (!block) return 0
  block.remove()
  try {
    const parsed: unknown = JSON.parse(block.textContent ?? '')
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed)) answers.set(key, value)
    }
  } catch {
    // Not ours, or cut short: nothing is kept.
  }
  return answers.size
}

/**
 * The page's answer to this GET, once: a later request for the same thing (a refetch, a retry)
 * goes to the server, so nothing stays stale.
 */
export function takeFirstAnswer(
  request: string | { url: string; params?: Record<string, unknown>; method?: string },
) {
  if (answers.size === 0) return undefined
  const asked = typeof request === 'string' ? { url: request } : request
  if (asked.method && asked.method.toUpperCase() !== 'GET') return undefined
  const key = requestKey(asked)
  if (!answers.has(key)) return undefined
  const answer = answers.get(key)
  answers.delete(key)
  return answer
}

/** Whether the page holds the answer to this request (a requestKey). */
export function hasFirstAnswer(key: string) {
  return answers.has(key)
}

/** Forgets every answer not taken (tests, and once the first page has drawn). */
export function clearFirstAnswers() {
  answers.clear()
}
