// What a signed-in staff member may do beyond reading: their profile's role and permissions,
// read at the moment they act, so a role changed with `npm run staff` counts at once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { StaffGrant } from '../../src/contract/staffRoles'
import type { Queryable } from '../db/database'
import { sendError } from '../errors'

/** The account's role and permissions; an account without a profile has neither. */
export const staffGrantOf = async (db: Queryable, userId: string): Promise<StaffGrant> => {
  const [row] = await db.query<{ role: string; permissions: string[] | null }>(
    'select role, permissions from profiles where id = $1',
    [userId],
  )
  return row
    ? { role: row.role, permissions: row.permissions ?? [] }
    : { role: null, permissions: [] }
}

/**
 * A hook for after app.requireStaff: answers 403 with `refusal` unless the caller's profile passes
 * `allowed`. Usage: `onRequest: [requireGrant(app, mayPublishPosts, publishRefusal)]`.
 */
export const requireGrant =
  (
    app: FastifyInstance,
    allowed: (grant: StaffGrant) => boolean,
    refusal: (grant: StaffGrant) => string,
  ) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const staff = request.staff
    if (!staff) return sendError(reply, 401, 'Sign in first: this needs a staff access token')
    const grant = await staffGrantOf(app.db, staff.id)
    if (allowed(grant)) return
    request.log.warn(
      { staffId: staff.id, role: grant.role, url: request.url },
      'Staff action refused for its role',
    )
    return sendError(reply, 403, refusal(grant))
  }
