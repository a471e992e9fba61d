import type { FastifyInstance } from 'fastify'
import { addStaff, type AddStaffInput } from '../auth/staffAccounts'
import type { Db } from '../db/database'

/**
 * A real staff account on the app's database and the `Authorization` header of a fresh sign-in,
 * for tests of staff-only routes through the real gatekeeper (app.requireStaff). On Postgres the
 * `auth` schema is the server's, shared by every test schema: an email another test file also
 * signs in with is the same account, and its sign-in ends this one's sessions (a password set
 * again does). Each file keeps to emails of its own.
 */
export const staffAuthorization = async (
  app: FastifyInstance,
  db: Db,
  input: Omit<AddStaffInput, 'password'>,
) => {
  const password = 'Test-password-1'
  const { account } = await addStaff(db, { ...input, password })
  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email: input.email, password },
  })
  if (response.statusCode !== 200) {
    throw new Error(`Sign-in answered ${response.statusCode}: ${response.body}`)
  }
  return {
    id: account.id,
    authorization: `Bearer ${response.json<{ access_token: string }>().access_token}`,
  }
}
