import { FIRST_ANSWERS_ID } from '@/shared/apiRequests'
import type { FirstQuery } from '@/shared/firstQueries'

/** The server's answers to a page's first requests, keyed by requestKey. */
export type FirstAnswers = Map<string, unknown>

/** What the page carries for the app: the queries to start, and their answers. */
export type FirstPage = { queries: FirstQuery[]; answers: FirstAnswers }

const nothing = (): FirstPage => ({ queries: [], answers: new Map() })

/** The queries and answers of the server's data block (server/seo/firstAnswers.ts), if readable. */
export function parseFirstPage(value: unknown): FirstPage {
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
export function readFirstAnswers(doc: Document = document): FirstPage {
  const block = doc.getElementById(FIRST_ANSWERS_ID)
  if (!block) return nothing()
  block.remove()
  try {
    return parseFirstPage(JSON.parse(block.textContent ?? ''))
  } catch {
    // Not ours, or cut short: nothing is kept.
    return nothing()
  }
}
