import { FIRST_ANSWERS_ID } from '@/shared/apiRequests'
import type { FirstQuery } from '@/shared/firstQueries'

/**
 * A page's first answers, as the page carries them for the app: its first queries, and the
 * server's answers to them by requestKey.
 */
export type FirstAnswers = { queries: FirstQuery[]; answers: Map<string, unknown> }

const nothing = (): FirstAnswers => ({ queries: [], answers: new Map() })

/** The queries and answers of the server's data block (server/seo/firstAnswers.ts), if readable. */
export function parseFirstAnswers(value: unknown): FirstAnswers {
  const parsed = value as Partial<{ queries: FirstQuery[]; answers: Record<string, unknown> }>
  if (!Array.isArray(parsed?.queries) || typeof parsed.answers !== 'object' || !parsed.answers) {
    return nothing()
  }
  return { queries: parsed.queries, answers: new Map(Object.entries(parsed.answers)) }
}

/**
 * Reads the answers the server wrote into the page and removes the block. A block that cannot be
 * read is ignored: the screens then ask the server as usual.
 */
export function readFirstAnswers(doc: Document = document): FirstAnswers {
  const block = doc.getElementById(FIRST_ANSWERS_ID)
  if (!block) return nothing()
  block.remove()
  try {
    return parseFirstAnswers(JSON.parse(block.textContent ?? ''))
  } catch {
    // Not ours, or cut short: nothing is kept.
    return nothing()
  }
}
