// Field suggestions for a GraphQL query from its endpoint's schema, by graphql-language-service
// (the GraphiQL project's own completion), at the cursor.
import type { GraphQLSchema } from 'graphql'
import { CompletionItemKind, getAutocompleteSuggestions, Position } from 'graphql-language-service'

export type Suggestion = {
  label: string
  /** What it is: a field's type, an argument's type. */
  detail?: string
  /** The schema's description of it. */
  documentation?: string
  kind: string
}

export type Suggestions = {
  items: Suggestion[]
  /** The part of the query a chosen suggestion replaces: the word being typed at the cursor. */
  from: number
  to: number
}

const KINDS: Partial<Record<number, string>> = {
  [CompletionItemKind.Field]: 'field',
  [CompletionItemKind.Variable]: 'argument',
  [CompletionItemKind.Class]: 'type',
  [CompletionItemKind.Interface]: 'type',
  [CompletionItemKind.EnumMember]: 'value',
  [CompletionItemKind.Enum]: 'value',
  [CompletionItemKind.Keyword]: 'keyword',
  [CompletionItemKind.Function]: 'directive',
  [CompletionItemKind.Constant]: 'value',
}

const WORD = /[_A-Za-z0-9]/

/** The word around the cursor (its start and end), which a suggestion replaces. */
function wordAt(query: string, offset: number) {
  let from = offset
  while (from > 0 && WORD.test(query[from - 1]!)) from--
  let to = offset
  while (to < query.length && WORD.test(query[to]!)) to++
  return { from, to }
}

/** Up to `limit` suggestions for the cursor at `offset` of `query`. */
export function suggestionsAt(
  schema: GraphQLSchema,
  query: string,
  offset: number,
  limit = 8,
): Suggestions {
  const before = query.slice(0, offset)
  const line = before.split('\n').length - 1
  const character = offset - (before.lastIndexOf('\n') + 1)
  const { from, to } = wordAt(query, offset)
  const items = getAutocompleteSuggestions(schema, query, new Position(line, character))
    // Names only: a snippet's placeholders have no meaning in a plain text area.
    .filter((item) => !item.label.startsWith('__') && /^[_A-Za-z][_0-9A-Za-z]*$/.test(item.label))
    .slice(0, limit)
    .map((item) => ({
      label: item.label,
      kind: KINDS[item.kind ?? -1] ?? 'name',
      ...(item.detail && { detail: item.detail }),
      ...(typeof item.documentation === 'string' &&
        item.documentation && { documentation: item.documentation }),
    }))
  return { items, from, to }
}

/** The query with the suggestion in place of the word being typed, and where the cursor goes. */
export function applySuggestion(query: string, { from, to }: Suggestions, label: string) {
  return { query: `${query.slice(0, from)}${label}${query.slice(to)}`, cursor: from + label.length }
}
