// The answers of this server's own /api routes that one drawing of a public page uses: its first
// queries, written into its HTML so the app draws the page with its data at once, and whatever
// else its description asks (src/shared/pages/). Each request is asked once per drawing.
import type { FastifyInstance } from 'fastify'
import { inProcessHeaders } from '../inProcess'
import { firstQueryKey, type FirstQuery } from '../../src/shared/firstQueries'
import type { PageAnswers } from '../../src/shared/pages/page'

/** More than this (a catalogue record with thousands of endpoints) is left for the app to fetch. */
export const MAX_ANSWER_BYTES = 128 * 1024

/** A route's answer: its status and its JSON text, as the route wrote it. */
type RouteAnswer = { status: number; body: string }

/** A route that could not answer now (the database down, the route shed): nothing to describe. */
export class Unanswered extends Error {
  constructor(key: string, status: number) {
    super(`GET /api/${key} answered ${status}`)
    this.name = 'Unanswered'
  }
}

/**
 * What a page carries for the app: the queries to start, and their answers by requestKey, as the
 * routes wrote them (JSON text, so a page never parses and re-serialises a large answer).
 */
type FirstAnswers = { queries: FirstQuery[]; answers: Record<string, string> }

export type DrawingAnswers = PageAnswers & {
  /** Settles once every first query has its answer (never rejects). */
  ready: Promise<void>
  /** Every answer asked was a 200: what is described from them holds until the data changes. */
  complete: () => boolean
  /** The first queries answered 200 and small enough to carry. */
  carriedQueries: () => FirstQuery[]
  /** The carried answers as the page's data block (firstAnswersJson, `<` escaped); '' for none. */
  block: () => string
  /** The carried answers, parsed, for the server's render. */
  parsed: () => Record<string, unknown>
}

/**
 * The answers of one drawing, from this server's own routes (same validation, same shape, same
 * status), keyed as the app's baseQuery spells them. The first queries are all asked at once; any
 * other request on its first `get`. No route reads the visitor's Host or forwarded headers (every
 * address comes from configuration), so none is passed on, and one page serves every visitor.
 */
export function drawingAnswers(app: FastifyInstance, firstQueries: FirstQuery[]): DrawingAnswers {
  const asked = new Map<string, Promise<RouteAnswer>>()
  const settled = new Map<string, RouteAnswer>()
  const values = new Map<string, unknown>()
  const ask = (key: string) => {
    let answer = asked.get(key)
    if (!answer) {
      answer = app
        .inject({ method: 'GET', url: `/api/${key}`, headers: inProcessHeaders() })
        .then(
          (response) => ({ status: response.statusCode, body: response.body }),
          () => ({ status: 500, body: '' }),
        )
        .then((routeAnswer) => {
          settled.set(key, routeAnswer)
          return routeAnswer
        })
      asked.set(key, answer)
    }
    return answer
  }
  const valueOf = (key: string, body: string) => {
    if (!values.has(key)) values.set(key, JSON.parse(body))
    return values.get(key)
  }
  const firstKeys = firstQueries.map(firstQueryKey)
  const ready = Promise.all(firstKeys.map(ask)).then(() => undefined)
  const isCarried = (key: string) => {
    const answer = settled.get(key)
    return answer?.status === 200 && answer.body.length <= MAX_ANSWER_BYTES
  }
  const carriedQueries = () => firstQueries.filter((query) => isCarried(firstQueryKey(query)))

  return {
    ready,
    get: async (query) => {
      const key = firstQueryKey(query)
      const { status, body } = await ask(key)
      if (status === 200) return valueOf(key, body) as never
      // The route says there is no such thing (or the address is not one it knows).
      if (status < 500 && status !== 429) return undefined
      throw new Unanswered(key, status)
    },
    carried: (query) => firstKeys.includes(firstQueryKey(query)) && isCarried(firstQueryKey(query)),
    complete: () => [...settled.values()].every((answer) => answer.status === 200),
    carriedQueries,
    block: () => {
      const queries = carriedQueries()
      if (queries.length === 0) return ''
      const answers = Object.fromEntries(
        queries.map((query) => [firstQueryKey(query), settled.get(firstQueryKey(query))!.body]),
      )
      return firstAnswersJson({ queries, answers }).replace(/</g, '\\u003c')
    },
    parsed: () =>
      Object.fromEntries(
        carriedQueries().map((query) => {
          const key = firstQueryKey(query)
          return [key, valueOf(key, settled.get(key)!.body)]
        }),
      ),
  }
}

/** The page's first answers as one JSON text, without parsing the answers again. */
export function firstAnswersJson({ queries, answers }: FirstAnswers) {
  const entries = Object.entries(answers).map(([key, text]) => `${JSON.stringify(key)}:${text}`)
  return `{"queries":${JSON.stringify(queries)},"answers":{${entries.join(',')}}}`
}
