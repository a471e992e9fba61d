// Analytics visits for server tests: a token as a page gets one, and events timed within it.
import type { FastifyInstance, InjectOptions } from 'fastify'
import {
  analyticsVisitSchema,
  type AnalyticsEvent,
  type AnalyticsVisit,
} from '../../src/contract/analytics'

export type Visit = AnalyticsVisit['data']

/** A visit token from the app, as a page asks for one (same address options as the events). */
export const startVisit = async (
  app: FastifyInstance,
  options: Partial<InjectOptions> = {},
): Promise<Visit> => {
  const response = await app.inject({ ...options, method: 'POST', url: '/api/analytics/visits' })
  if (response.statusCode !== 201) {
    throw new Error(`POST /api/analytics/visits answered ${response.statusCode}: ${response.body}`)
  }
  return analyticsVisitSchema.parse(response.json()).data
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** An event before it is given a time. */
export type UntimedEvent = DistributiveOmit<AnalyticsEvent, 'at'>

/** The events in the order given, 10 ms apart from the visit's start. */
export const timed = (visit: Visit, events: UntimedEvent[], startMs = 0): AnalyticsEvent[] =>
  events.map((event, i) => ({ ...event, at: visit.issuedAt + startMs + i * 10 }) as AnalyticsEvent)

/** A batch body: the visit's token and its events, timed. */
export const batchFor = (visit: Visit, events: UntimedEvent[], startMs = 0) => ({
  token: visit.token,
  events: timed(visit, events, startMs),
})
