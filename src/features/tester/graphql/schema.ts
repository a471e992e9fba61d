// A GraphQL endpoint's schema, asked for by introspection through our server (the same route and
// guard as any request the tester sends) and read with graphql-js.
import {
  buildClientSchema,
  getIntrospectionQuery,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql'
import type { TestResponseData } from '@/contract/tester'
import { DEFAULT_HEADERS, headersToText, parseHeaders, type Draft } from '../lib/draft'

export type SchemaOutcome =
  | {
      ok: true
      schema: GraphQLSchema
      /** Named types the schema declares, its own (not GraphQL's built-in ones). */
      typeCount: number
      /** The root query type's field names, as a first look at what can be asked. */
      queryFields: string[]
    }
  | { ok: false; message: string }

/**
 * The request that asks the draft's endpoint for its schema: the same address and headers (so
 * its auth goes along), as a JSON POST of the standard introspection query.
 */
export function introspectionDraft(draft: Draft): Draft {
  const headers = parseHeaders(draft.headersText) ?? { ...DEFAULT_HEADERS }
  const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')
  return {
    ...draft,
    method: 'POST',
    headersText: headersToText(
      hasContentType ? headers : { ...headers, 'Content-Type': 'application/json' },
    ),
    bodyText: JSON.stringify({ query: getIntrospectionQuery({ descriptions: true }) }),
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/** The first message of a GraphQL `errors` array, if the answer has one. */
const firstError = (data: Record<string, unknown>) => {
  const errors = Array.isArray(data.errors) ? (data.errors as unknown[]) : []
  const message = errors.map((e) => (isObject(e) ? e.message : undefined)).find(Boolean)
  return typeof message === 'string' ? message : null
}

/** The schema in an introspection answer, or what keeps it from being read, in words. */
export function schemaFromAnswer(answer: TestResponseData): SchemaOutcome {
  if (answer.status === 'Error') {
    return { ok: false, message: `Could not reach the endpoint: ${answer.error ?? 'no answer'}` }
  }
  if (answer.truncated) {
    return {
      ok: false,
      message:
        'The schema is larger than the tester reads of an answer, so it was cut off: field suggestions are not available for this endpoint',
    }
  }
  const data = answer.bodyEncoding === 'json' && isObject(answer.data) ? answer.data : null
  const introspection = data && isObject(data.data) ? data.data : null
  if (!introspection || !isObject(introspection.__schema)) {
    const refusal = data && firstError(data)
    if (refusal) return { ok: false, message: `The endpoint refused introspection: ${refusal}` }
    const status = `${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`
    return {
      ok: false,
      message: data
        ? `The endpoint answered ${status} without a schema: is this a GraphQL endpoint?`
        : `The endpoint answered ${status} with ${answer.contentType ?? 'no content type'}, not GraphQL's JSON`,
    }
  }
  try {
    const schema = buildClientSchema(introspection as unknown as IntrospectionQuery)
    const typeCount = Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith('__'))
    return {
      ok: true,
      schema,
      typeCount: typeCount.length,
      queryFields: Object.keys(schema.getQueryType()?.getFields() ?? {}),
    }
  } catch (error) {
    return { ok: false, message: `The schema could not be read: ${(error as Error).message}` }
  }
}

/**
 * Schemas already loaded, by endpoint address: a schema outlives the body tab's editor (switching
 * tabs does not ask the endpoint again), not the page.
 */
export const loadedSchemas = new Map<string, SchemaOutcome>()
