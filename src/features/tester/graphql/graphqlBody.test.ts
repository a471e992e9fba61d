import { describe, expect, it } from 'vitest'
import { readGraphqlBody, variablesProblem, writeGraphqlBody } from './graphqlBody'

describe('a GraphQL body', () => {
  it('reads the query, variables and operation name of a GraphQL request', () => {
    const body = JSON.stringify({
      query: 'query One($code: ID!) { country(code: $code) { name } }',
      variables: { code: 'BR' },
      operationName: 'One',
    })
    expect(readGraphqlBody(body)).toEqual({
      query: 'query One($code: ID!) { country(code: $code) { name } }',
      variablesText: '{\n  "code": "BR"\n}',
      operationName: 'One',
    })
  })

  it('starts empty from an empty body, and reads nothing from a body that is not GraphQL', () => {
    expect(readGraphqlBody('  ')).toEqual({ query: '', variablesText: '' })
    expect(readGraphqlBody('{"name": "x"}')).toBeNull()
    expect(readGraphqlBody('query { x }')).toBeNull()
    expect(readGraphqlBody('[1, 2]')).toBeNull()
  })

  it('writes the query with its variables, and what it writes reads back the same', () => {
    const fields = { query: '{ continents { name } }', variablesText: '{"first": 2}' }
    const body = writeGraphqlBody(fields)
    expect(JSON.parse(body)).toEqual({ query: '{ continents { name } }', variables: { first: 2 } })
    expect(readGraphqlBody(body)).toEqual({ ...fields, variablesText: '{\n  "first": 2\n}' })
  })

  it('leaves out variables that are empty or not a JSON object, and says what is wrong', () => {
    expect(JSON.parse(writeGraphqlBody({ query: '{ a }', variablesText: '' }))).toEqual({
      query: '{ a }',
    })
    expect(JSON.parse(writeGraphqlBody({ query: '{ a }', variablesText: '{"a": ' }))).toEqual({
      query: '{ a }',
    })
    expect(variablesProblem('')).toBeNull()
    expect(variablesProblem('{"id": 1}')).toBeNull()
    expect(variablesProblem('{"id": ')).toMatch(/^Variables are not valid JSON: /)
    expect(variablesProblem('[1]')).toBe('Variables must be a JSON object, like {"id": 1}')
  })
})
