import type { CookieChanges } from '@/contract/testerCookies'

const count = (n: number) => `${n} ${n === 1 ? 'cookie' : 'cookies'}`

const and = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '')

/**
 * What an answer did to the jar, in a sentence ("2 cookies saved to the jar for example.com"), or
 * null when it did nothing.
 */
export function cookieNote(changes: CookieChanges | undefined): string | null {
  if (!changes) return null
  const saved = [...changes.added, ...changes.updated]
  const parts: string[] = []
  if (saved.length > 0) {
    const domains = [...new Set(saved.map((c) => c.domain))]
    parts.push(`${count(saved.length)} saved to the jar for ${and(domains)}`)
  }
  if (changes.removed.length > 0) {
    parts.push(`${count(changes.removed.length)} removed from the jar`)
  }
  return parts.length > 0 ? `${parts.join('; ')}.` : null
}
