// Sessions and refresh tokens of the embedded auth, with GoTrue's rotation rules
// (docs/auth.md). Runs as the database owner.
import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { Db, Queryable } from '../db/database'
import { AuthError } from './authErrors'
import { mintAccessToken, ACCESS_TOKEN_TTL_SECONDS, type EmbeddedKeys } from './keys'

/** A revoked token presented again this soon (two tabs racing) is still honoured. */
export const REUSE_WINDOW_SECONDS = 10

export type UserRow = {
  id: string
  aud: string
  role: string
  email: string
  encrypted_password: string | null
  email_confirmed_at: Date | string | null
  phone: string | null
  last_sign_in_at: Date | string | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  banned_until: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at`

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

/** The User object as GoTrue answers it. */
export const userJson = (user: UserRow) => ({
  id: user.id,
  aud: user.aud,
  role: user.role,
  email: user.email,
  email_confirmed_at: iso(user.email_confirmed_at),
  phone: user.phone ?? '',
  confirmed_at: iso(user.email_confirmed_at),
  last_sign_in_at: iso(user.last_sign_in_at),
  app_metadata: user.raw_app_meta_data,
  user_metadata: user.raw_user_meta_data,
  identities: [],
  created_at: iso(user.created_at),
  updated_at: iso(user.updated_at),
  is_anonymous: false,
})

export const findUserByEmail = async (db: Queryable, email: string) =>
  (
    await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where email = $1`, [
      email.trim().toLowerCase(),
    ])
  )[0]

export const findUserById = async (db: Queryable, id: string) =>
  (await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]))[0]

export const sessionExists = async (db: Queryable, sessionId: string) =>
  (await db.query('select 1 from auth.sessions where id = $1', [sessionId])).length > 0

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const newRefreshToken = () => randomBytes(32).toString('base64url')

/**
 * The one child a refresh token can have: an HMAC of its hash under the server's secret. Only
 * hashes are stored, yet a token presented again within the reuse window gets the very child it
 * got the first time (GoTrue's rule), and no second live child exists. Without the secret, which
 * never leaves the server, a child cannot be computed from its parent.
 */
const childToken = (keys: EmbeddedKeys, parentHash: string) =>
  createHmac('sha256', keys.secret)
    .update(`api-atlas refresh-token child of ${parentHash}`)
    .digest('base64url')

/** Rotations a reuse may have to follow to the session's live token: more take over 10 s. */
const MAX_REUSE_STEPS = 100

export type ClientInfo = { ip: string; userAgent: string }

const sessionResponse = async (
  keys: EmbeddedKeys,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  authenticatedAt: number,
) => {
  const { token, expiresAt } = await mintAccessToken(keys, {
    userId: user.id,
    email: user.email,
    sessionId,
    appMetadata: user.raw_app_meta_data,
    userMetadata: user.raw_user_meta_data,
    authenticatedAt,
  })
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  }
}

/** After the password matched: a new session, its first refresh token, a login_history row. */
export const startSession = async (
  db: Db,
  keys: EmbeddedKeys,
  user: UserRow,
  client: ClientInfo,
) => {
  const refreshToken = newRefreshToken()
  const signedIn = await db.transaction(async (tx) => {
    const [session] = await tx.query<{ id: string }>(
      'insert into auth.sessions (user_id, user_agent, ip) values ($1, $2, $3) returning id',
      [user.id, client.userAgent, client.ip],
    )
    await tx.query(
      'insert into auth.refresh_tokens (token_hash, session_id, user_id) values ($1, $2, $3)',
      [hashToken(refreshToken), session!.id, user.id],
    )
    const [updated] = await tx.query<UserRow>(
      `update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
      [user.id],
    )
    await tx.query(
      'insert into login_history (user_id, ip_address, user_agent) values ($1, $2, $3)',
      [user.id, client.ip, client.userAgent],
    )
    return { sessionId: session!.id, user: updated! }
  })
  return sessionResponse(
    keys,
    signedIn.user,
    signedIn.sessionId,
    refreshToken,
    Math.floor(Date.now() / 1000),
  )
}

/** The user a refresh token (used or not) was issued to; undefined for an unknown token. */
export const refreshTokenOwner = async (db: Queryable, refreshToken: string) =>
  (
    await db.query<{ user_id: string }>(
      'select user_id from auth.refresh_tokens where token_hash = $1',
      [hashToken(refreshToken)],
    )
  )[0]?.user_id

type TokenRow = {
  id: string
  session_id: string
  user_id: string
  revoked: boolean
  revoked_seconds_ago: number | null
  session_created: Date | string
}

/**
 * Rotates a refresh token: the presented one is revoked and its child issued, with the same
 * session. Presented again within the reuse window (two tabs racing, a lost answer), it gets that
 * same child, or the live token that child has rotated into, never a second one. Presented again
 * later, it ends the whole session (its token family), as GoTrue does: someone else holds a copy.
 */
export const refreshSession = async (db: Db, keys: EmbeddedKeys, refreshToken: string) => {
  const outcome = await db.transaction(async (tx) => {
    const presentedHash = hashToken(refreshToken)
    const [row] = await tx.query<TokenRow>(
      `select t.id, t.session_id, t.user_id, t.revoked, s.created_at as session_created,
         extract(epoch from now() - t.revoked_at)::float8 as revoked_seconds_ago
       from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
       where t.token_hash = $1 for update of t`,
      [presentedHash],
    )
    if (!row) {
      return new AuthError(
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      )
    }
    if (row.revoked && (row.revoked_seconds_ago ?? Infinity) > REUSE_WINDOW_SECONDS) {
      await tx.query('delete from auth.sessions where id = $1', [row.session_id])
      return { reused: true as const, row }
    }
    let parent = { id: row.id, hash: presentedHash }
    let next = childToken(keys, presentedHash)
    if (row.revoked) {
      // Follow the chain of children to the one still live; each is locked as the first was.
      for (let step = 0; ; step++) {
        const [child] = await tx.query<{ id: string; revoked: boolean }>(
          `select id, revoked from auth.refresh_tokens
           where token_hash = $1 and session_id = $2 for update`,
          [hashToken(next), row.session_id],
        )
        // Not there: a child issued at random before children were derived. Issue this one.
        if (!child) break
        if (!child.revoked || step >= MAX_REUSE_STEPS) {
          if (child.revoked) {
            return new AuthError(
              400,
              'refresh_token_already_used',
              'Invalid Refresh Token: Already Used',
            )
          }
          await tx.query(
            'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
            [row.session_id],
          )
          const user = await findUserById(tx, row.user_id)
          return { reused: false as const, row, user: user!, token: next }
        }
        parent = { id: child.id, hash: hashToken(next) }
        next = childToken(keys, parent.hash)
      }
    } else {
      await tx.query(
        'update auth.refresh_tokens set revoked = true, revoked_at = now() where id = $1',
        [row.id],
      )
    }
    await tx.query(
      `insert into auth.refresh_tokens (token_hash, session_id, user_id, parent_id)
       values ($1, $2, $3, $4)`,
      [hashToken(next), row.session_id, row.user_id, parent.id],
    )
    await tx.query(
      'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
      [row.session_id],
    )
    const user = await findUserById(tx, row.user_id)
    return { reused: false as const, row, user: user!, token: next }
  })
  if (outcome instanceof AuthError) throw outcome
  if (outcome.reused) {
    throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  }
  const authenticatedAt = Math.floor(new Date(outcome.row.session_created).getTime() / 1000)
  return sessionResponse(keys, outcome.user, outcome.row.session_id, outcome.token, authenticatedAt)
}

export type LogoutScope = 'global' | 'local' | 'others'

/** Ends this session, all of the user's sessions, or all but this one. */
export const endSessions = async (
  db: Queryable,
  userId: string,
  sessionId: string,
  scope: LogoutScope,
) => {
  if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1', [sessionId])
  } else if (scope === 'global') {
    await db.query('delete from auth.sessions where user_id = $1', [userId])
  } else {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId])
  }
}
