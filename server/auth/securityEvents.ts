// Security events the embedded auth stores itself, as the table owner. A failed or throttled
// sign-in has no session, so the browser cannot store LOGIN_FAILED or LOGIN_THROTTLED through the
// table API (row-level security wants the signed-in user's own id); the server knows the account
// and the real client address. With a hosted Supabase project these events are not stored in
// security_events: hosted GoTrue keeps its own audit log (auth.audit_log_entries) instead.
import type { Queryable } from '../db/database'
import type { ClientInfo } from './sessions'

/** The description the dashboard shows for a failed sign-in. */
export const loginFailedDescription = (message: string) => `Login failed: ${message}`

/** Events only the server stores: the browser has no session when they happen. */
export type ServerEventType = 'LOGIN_FAILED' | 'LOGIN_THROTTLED'

export const recordServerEvent = async (
  db: Queryable,
  userId: string,
  type: ServerEventType,
  description: string,
  client: ClientInfo,
) => {
  await db.query(
    `insert into security_events (user_id, event_type, description, ip_address, user_agent)
     values ($1, $2, $3, $4, $5)`,
    [userId, type, description, client.ip, client.userAgent],
  )
}

export const recordLoginFailed = (
  db: Queryable,
  userId: string,
  message: string,
  client: ClientInfo,
) => recordServerEvent(db, userId, 'LOGIN_FAILED', loginFailedDescription(message), client)
