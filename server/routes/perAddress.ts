import type { FastifyRequest } from 'fastify'
import { HttpError } from '../errors'
import { isInProcess } from '../inProcess'

/**
 * A route's limit per address and minute (@fastify/rate-limit's route config), answered 429 with a
 * message naming what was limited. The server's own requests for a page's first answers count
 * against no address: every page it draws would otherwise share the loopback address's budget.
 */
export const perAddressLimit = (max: number, what: string) => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    allowList: isInProcess,
    errorResponseBuilder: (
      _request: FastifyRequest,
      context: { statusCode: number; after: string },
    ) =>
      new HttpError(
        context.statusCode,
        `Too many requests for ${what} from this address: at most ${max} a minute. Try again in ${context.after}.`,
      ),
  },
})
