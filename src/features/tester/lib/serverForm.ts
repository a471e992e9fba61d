// The request form the server draws, as a visitor may have used it before the app took it over.
import { TESTER_METHODS } from '@/contract/testerConstants'
import type { Draft } from './draft'

/** The id of the request form (RequestPanel). */
export const REQUEST_FORM_ID = 'tester-request'

const TEXT_FIELDS = ['url', 'headersText', 'bodyText'] as const

/** The draft's fields as `form` holds them, each by its name; those it does not show are left out. */
export function readForm(form: HTMLElement | null): Partial<Draft> | null {
  if (!form) return null
  const field = (name: string) =>
    form.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
      `[name="${name}"]`,
    )
  const fields: Partial<Draft> = {}
  const method = field('method')?.value
  const known = TESTER_METHODS.find((candidate) => candidate === method)
  if (known) fields.method = known
  for (const name of TEXT_FIELDS) {
    const value = field(name)?.value
    if (value !== undefined) fields[name] = value
  }
  const follow = field('followRedirects')
  if (follow instanceof HTMLInputElement) fields.followRedirects = follow.checked
  return fields
}

/** What `fields` change in `draft`, or null when nothing. */
export function changesTo(draft: Draft, fields: Partial<Draft>): Partial<Draft> | null {
  const changes = Object.fromEntries(
    Object.entries(fields).filter(([name, value]) => draft[name as keyof Draft] !== value),
  ) as Partial<Draft>
  return Object.keys(changes).length > 0 ? changes : null
}
