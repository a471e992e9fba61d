// The request form the server draws, as a visitor may have used it before the app took it over.
import { TESTER_METHODS } from '@/contract/testerConstants'
import type { Draft } from './draft'
import { headerRowsOfFields, headersTextOf } from './headerRows'

/** The id of the request form (RequestPanel). */
export const REQUEST_FORM_ID = 'tester-request'

const TEXT_FIELDS = ['url', 'bodyText'] as const

/** A form's fields by name: a text field's or a select's value, a check box's checked. */
export type FieldValues = Record<string, string | boolean | undefined>

/** The draft's fields among `values`, each by its name; those not there are left out. */
export function draftFields(values: FieldValues): Partial<Draft> {
  const fields: Partial<Draft> = {}
  const known = TESTER_METHODS.find((candidate) => candidate === values.method)
  if (known) fields.method = known
  for (const name of TEXT_FIELDS) {
    const value = values[name]
    if (typeof value === 'string') fields[name] = value
  }
  // The header rows (header.0.name, header.0.value, …): their named rows as the model's text.
  const rows = headerRowsOfFields(values)
  if (rows) fields.headersText = headersTextOf(rows)
  if (typeof values.followRedirects === 'boolean') fields.followRedirects = values.followRedirects
  return fields
}

/** The fields `form` holds, each by its name, as typed there: draftFields reads the draft's. */
export function readForm(form: HTMLElement | null): FieldValues | null {
  if (!form) return null
  const values: FieldValues = {}
  for (const field of form.querySelectorAll<
    HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
  >('input[name], textarea[name], select[name]')) {
    // The first of a name, as the form's own reading would have it.
    values[field.name] ??=
      field instanceof HTMLInputElement && field.type === 'checkbox' ? field.checked : field.value
  }
  return values
}

/** What `fields` change in `draft`, or null when nothing. */
export function changesTo(draft: Draft, fields: Partial<Draft>): Partial<Draft> | null {
  const changes = Object.fromEntries(
    Object.entries(fields).filter(([name, value]) => draft[name as keyof Draft] !== value),
  ) as Partial<Draft>
  return Object.keys(changes).length > 0 ? changes : null
}
