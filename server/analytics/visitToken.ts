// The visit tokens the analytics collector signs for pages and checks on every batch of events.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../db/database'
import { HttpError } from '../errors'

/** Its own secret rather than the auth one: a leaked visit secret must not sign staff tokens. */
const SECRET_SETTING = 'analytics_visit_secret'
const VERSION = 'v1'

export type VisitClaims = {
  /** 16 random bytes, base64url: what analytics_events.visit_id holds. */
  visitId: string
  /** The server's clock when it signed the token, ms since 1970. */
  issuedAt: number
  expiresAt: number
}

/**
 * Reads the signing secret from app_settings, creating it on first use; every instance on one
 * database reads the one row the first of them wrote.
 */
export const loadVisitSecret = async (db: Queryable): Promise<Buffer> => {
  await db.query(
    'insert into app_settings (key, value) values ($1, $2::jsonb) on conflict (key) do nothing',
    [SECRET_SETTING, JSON.stringify({ secret: randomBytes(32).toString('base64url') })],
  )
  const [row] = await db.query<{ value: { secret: string } }>(
    'select value from app_settings where key = $1',
    [SECRET_SETTING],
  )
  if (!row) throw new Error('The analytics visit secret could not be stored in app_settings')
  return Buffer.from(row.value.secret, 'base64url')
}

const mac = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(payload).digest()

/** `v1.<visit id>.<issued at>.<expires at>.<HMAC-SHA256 of what precedes it>`. */
export const signVisitToken = (secret: Buffer, claims: VisitClaims) => {
  const payload = [VERSION, claims.visitId, claims.issuedAt, claims.expiresAt].join('.')
  return `${payload}.${mac(secret, payload).toString('base64url')}`
}

export const newVisitId = () => randomBytes(16).toString('base64url')

const refuse = (reason: string) =>
  new HttpError(401, `Analytics visit token is not valid: ${reason}`)

/** The token's claims, or a 401 saying why it was refused. */
export const verifyVisitToken = (secret: Buffer, token: string, now: number): VisitClaims => {
  const parts = token.split('.')
  if (parts.length !== 5 || parts[0] !== VERSION) {
    throw refuse('it is not a token from POST /api/analytics/visits')
  }
  const [, visitId, issued, expires, signature] = parts as [string, string, string, string, string]
  const given = Buffer.from(signature, 'base64url')
  const expected = mac(secret, parts.slice(0, 4).join('.'))
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw refuse('its signature does not match')
  }
  // Signed by us, so these are ours; still, nothing below trusts them to be well formed.
  const issuedAt = Number(issued)
  const expiresAt = Number(expires)
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(visitId) || !Number.isSafeInteger(issuedAt)) {
    throw refuse('it is not a token from POST /api/analytics/visits')
  }
  if (!Number.isSafeInteger(expiresAt) || now >= expiresAt) {
    throw new HttpError(
      401,
      'Analytics visit token has expired: ask POST /api/analytics/visits for a new one',
    )
  }
  return { visitId, issuedAt, expiresAt }
}
