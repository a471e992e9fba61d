// Security events the embedded auth stores itself, as the table owner. A failed sign-in has no
// session, so the browser cannot store LOGIN_FAILED through the table API (row-level security
// wants the signed-in user's own id); the server knows the account and the real client address.
// With a hosted Supabase project this event is not stored in security_events: hosted GoTrue keeps
// its own audit log (auth.audit_log_entries) of failed sign-ins instead.
import type { Queryable } from '../db/database'
import type { ClientInfo } from './sessions'

/** spec.md §8: the description the dashboard shows for a failed sign-in. */
export const loginFailedDescription = (message: string) => `Login failed: ${message}`

export const recordLoginFailed = async (
  db: Queryable,
  userId: string,
  message: string,
  client: ClientInfo,
) => {
  await db.query(
    `insert into security_events (user_id, event_type, description, ip_address, user_agent)
     values ($1, 'LOGIN_FAILED', $2, $3, $4)`,
    [userId, loginFailedDescription(message), client.ip, client.userAgent],
  )
}
