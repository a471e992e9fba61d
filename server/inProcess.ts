import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'

// The server asks its own routes for a page's first answers (seo/firstAnswers.ts). Those requests
// come from no visitor's address, so per-address limits must not count them: all of them would
// share one bucket, and a busy minute of pages would be answered without their data. They carry a
// header with a secret made at start, which no one outside this process can send.
const HEADER = 'x-atlas-in-process'
const SECRET = Buffer.from(randomBytes(24).toString('base64url'))

/** Headers that mark a request as the server's own (app.inject). */
export const inProcessHeaders = () => ({ [HEADER]: SECRET.toString() })

/** True for a request the server made to itself with inProcessHeaders. */
export const isInProcess = (request: FastifyRequest) => {
  const value = request.headers[HEADER]
  if (typeof value !== 'string') return false
  const given = Buffer.from(value)
  return given.length === SECRET.length && timingSafeEqual(given, SECRET)
}
