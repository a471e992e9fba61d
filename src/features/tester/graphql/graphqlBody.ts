// A GraphQL request as the tester holds it: the body's JSON, `{"query", "variables",
// "operationName"}`, read into the editors' fields and written back from them. The draft's body
// text stays the one source, so history, copy as code and the server's form all see what is sent.

export type GraphqlFields = {
  query: string
  /** The variables as the person typed them: JSON text, or empty for none. */
  variablesText: string
  operationName?: string
}

export const EMPTY_GRAPHQL: GraphqlFields = { query: '', variablesText: '' }

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/**
 * The fields of a body that is a GraphQL request, or null when it is something else (a body that
 * is not JSON, or JSON without a string `query`): switching mode then starts from empty fields
 * rather than guessing.
 */
export function readGraphqlBody(bodyText: string): GraphqlFields | null {
  if (bodyText.trim() === '') return { ...EMPTY_GRAPHQL }
  let value: unknown
  try {
    value = JSON.parse(bodyText)
  } catch {
    return null
  }
  if (!isObject(value) || typeof value.query !== 'string') return null
  const { variables, operationName } = value
  return {
    query: value.query,
    variablesText:
      variables === undefined || variables === null ? '' : JSON.stringify(variables, null, 2),
    ...(typeof operationName === 'string' && { operationName }),
  }
}

/** What is wrong with variables text, or null when it is fine (empty, or a JSON object). */
export function variablesProblem(variablesText: string): string | null {
  if (variablesText.trim() === '') return null
  let value: unknown
  try {
    value = JSON.parse(variablesText)
  } catch (error) {
    return `Variables are not valid JSON: ${(error as Error).message}`
  }
  return isObject(value) ? null : 'Variables must be a JSON object, like {"id": 1}'
}

/**
 * The body for the fields: JSON with the query, and the variables when there are any. Variables
 * that are not a JSON object are left out (the editor says why), so the body is always JSON.
 */
export function writeGraphqlBody({ query, variablesText, operationName }: GraphqlFields): string {
  const variables =
    variablesProblem(variablesText) === null && variablesText.trim() !== ''
      ? (JSON.parse(variablesText) as Record<string, unknown>)
      : undefined
  return JSON.stringify(
    { query, ...(variables && { variables }), ...(operationName && { operationName }) },
    null,
    2,
  )
}
