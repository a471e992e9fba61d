import { describe, expect, it } from 'vitest'
import { sampleGraphqlSchema } from '@mocks/data/graphql'
import { applySuggestion, suggestionsAt } from './suggest'

const at = (query: string) => {
  const offset = query.indexOf('|')
  return { query: query.replace('|', ''), offset }
}

describe('field suggestions', () => {
  it('suggests the root fields that match what is being typed, with their types', () => {
    const { query, offset } = at('{ coun| }')
    const suggestions = suggestionsAt(sampleGraphqlSchema, query, offset)
    expect(suggestions.items.map((item) => item.label)).toEqual(['country', 'countries'])
    expect(suggestions.items.find((item) => item.label === 'country')).toMatchObject({
      kind: 'field',
      detail: 'Country',
      documentation: 'One country by its code.',
    })
    expect(suggestions).toMatchObject({ from: 2, to: 6 })
  })

  it("suggests a nested type's own fields", () => {
    const { query, offset } = at('{ country(code: "BR") { cap| } }')
    const labels = suggestionsAt(sampleGraphqlSchema, query, offset).items.map((i) => i.label)
    expect(labels).toContain('capital')
    expect(labels).not.toContain('countries')
  })

  it('suggests arguments inside parentheses', () => {
    const { query, offset } = at('{ countries(fi|) { name } }')
    const labels = suggestionsAt(sampleGraphqlSchema, query, offset).items.map((i) => i.label)
    expect(labels).toEqual(['filter'])
  })

  it('puts a chosen suggestion in place of the word being typed', () => {
    const { query, offset } = at('{ coun| }')
    const suggestions = suggestionsAt(sampleGraphqlSchema, query, offset)
    expect(applySuggestion(query, suggestions, 'countries')).toEqual({
      query: '{ countries }',
      cursor: 11,
    })
  })

  it('caps how many it offers', () => {
    const { query, offset } = at('{ country(code: "BR") { | } }')
    expect(suggestionsAt(sampleGraphqlSchema, query, offset, 3).items).toHaveLength(3)
  })
})
