// The embedded /auth/v1: the GoTrue calls supabase-js makes for staff sign-in, answered in
// GoTrue's shapes (notes/supabase-wire.md §2), backed by the auth schema of the database.
import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  isRejectedValue,
} from '../db/dbErrors'
import type { Queryable } from '../db/database'
import { clip } from '../errors'
import { rateLimitStore } from '../redis'
import {
  API_VERSION,
  API_VERSION_HEADER,
  AuthError,
  invalidCredentials,
  notSupported,
  sendAuthError,
} from './authErrors'
import { registerCors } from './cors'
import { TokenError, type AccessClaims, type TokenVerifier } from './keys'
import { checkPassword, MAX_PASSWORD_BYTES, passwordTooLong } from './passwords'
import {
  endSessions,
  findUserByEmail,
  findUserById,
  refreshSession,
  refreshTokenOwner,
  sessionExists,
  startSession,
  userJson,
  type LogoutScope,
} from './sessions'
import type { EmbeddedKeys } from './keys'
import { recordLoginFailed } from './securityEvents'

export type RateLimit = { max: number; timeWindowMs: number }

export type AuthRouteOptions = {
  /**
   * Token requests (password and refresh) per IP; password sign-ins also per email, refreshes
   * also per account (the user whose token it is).
   */
  rateLimit?: RateLimit
}

type Deps = AuthRouteOptions & {
  keys: () => EmbeddedKeys
  verify: TokenVerifier
}

export const DEFAULT_TOKEN_RATE_LIMIT: RateLimit = { max: 30, timeWindowMs: 5 * 60_000 }
const AUTH_BODY_LIMIT = 64 * 1024
const SCOPES: LogoutScope[] = ['global', 'local', 'others']

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const validation = (message: string) => new AuthError(400, 'validation_failed', message)

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: clip(String(request.headers['user-agent'] ?? ''), 500),
})

export const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return match?.[1]
}

const registerParsersAndErrors = (scope: FastifyInstance) => {
  // supabase-js posts /logout with a JSON content type and no body at all.
  scope.removeContentTypeParser('application/json')
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: AUTH_BODY_LIMIT },
    (_request, body, done) => {
      const text = body as string
      if (text.trim() === '') return done(null, undefined)
      try {
        done(null, JSON.parse(text))
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'not valid JSON'
        done(
          new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${clip(reason)}`),
        )
      }
    },
  )

  scope.addHook('onSend', async (_request, reply) => {
    reply.header(API_VERSION_HEADER, API_VERSION)
  })

  scope.setErrorHandler((error, request, reply) => {
    if (error instanceof AuthError) return sendAuthError(reply, error)
    const code = (error as { code?: string }).code
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendAuthError(
        reply,
        new AuthError(
          413,
          'request_too_large',
          `Request body is larger than ${AUTH_BODY_LIMIT} bytes`,
        ),
      )
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendAuthError(
        reply,
        new AuthError(415, 'bad_json', 'Send the request body as application/json'),
      )
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500
    if (status >= 400 && status < 500) {
      return sendAuthError(
        reply,
        validation(error instanceof Error ? error.message : 'Bad request'),
      )
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'Database unavailable')
      return sendAuthError(
        reply,
        new AuthError(503, 'unexpected_failure', DATABASE_UNAVAILABLE_MESSAGE, {
          'retry-after': String(DATABASE_RETRY_AFTER_S),
        }),
      )
    }
    if (isRejectedValue(error)) {
      return sendAuthError(reply, validation(`A value cannot be stored: ${clip(error.message)}`))
    }
    request.log.error({ err: error }, 'Unhandled error in /auth/v1')
    return sendAuthError(
      reply,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again'),
    )
  })

  // Every other call the client library offers (sign-up, OTP, MFA, SSO, OAuth, admin...).
  scope.setNotFoundHandler((request, reply) =>
    sendAuthError(
      reply,
      notSupported(
        `${request.method} ${clip(request.url.split('?')[0] ?? '', 100)}`,
        'staff accounts are created with npm run staff and sign in with email and password',
      ),
    ),
  )
}

/**
 * The verified claims of the request's access token, whose session still exists (not signed out,
 * not revoked), in GoTrue's errors otherwise.
 */
const requireUserToken = async (request: FastifyRequest, verify: TokenVerifier, db: Queryable) => {
  const token = bearerOf(request)
  if (!token) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  }
  let claims: AccessClaims
  try {
    claims = await verify(token)
  } catch (error) {
    const reason = error instanceof TokenError ? error.message : 'unable to parse or verify'
    throw new AuthError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${reason}`,
    )
  }
  if (!claims.sub || claims.role !== 'authenticated') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  }
  if (typeof claims.session_id !== 'string' || !(await sessionExists(db, claims.session_id))) {
    throw new AuthError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    )
  }
  return { ...claims, session_id: claims.session_id }
}

export const authRoutes: FastifyPluginAsync<Deps> = async (scope, options) => {
  const { keys, verify, rateLimit = DEFAULT_TOKEN_RATE_LIMIT } = options
  registerParsersAndErrors(scope)
  registerCors(scope, 'GET, POST, PUT, DELETE, OPTIONS')

  await scope.register(fastifyRateLimit, {
    global: false,
    // Shared by every instance when REDIS_URL is set: a guesser gains nothing by spreading out.
    ...rateLimitStore(scope.redis, 'auth-token-'),
  })
  const limiter = (prefix: string, keyOf: (request: FastifyRequest) => string | undefined) =>
    scope.createRateLimit({
      max: rateLimit.max,
      timeWindow: rateLimit.timeWindowMs,
      keyGenerator: (request) => `${prefix}:${keyOf(request) ?? ''}`,
    })
  const byIp = limiter('ip', (request) => request.ip)
  const byEmail = limiter('account', (request) => {
    const body = request.body as Record<string, unknown> | undefined
    const id = body?.email ?? body?.phone
    return typeof id === 'string' ? id.trim().toLowerCase().slice(0, 300) : undefined
  })
  // A refresh token rotates on every use, so it cannot be the key: the account it belongs to is.
  const tokenOwners = new WeakMap<FastifyRequest, string>()
  const byUser = limiter('user', (request) => tokenOwners.get(request))

  const checkRateLimit = async (request: FastifyRequest, check: typeof byIp) => {
    const result = await check(request)
    if (!result.isAllowed && result.isExceeded) {
      request.log.warn(
        { ip: request.ip, limit: result.key.split(':')[0] },
        'Auth rate limit reached',
      )
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {
        'retry-after': String(result.ttlInSeconds),
      })
    }
  }

  // Not awaited before answering: an unknown email, which has no account to store it for, would
  // otherwise answer sooner than a wrong password and give the account away. Closing waits.
  const pendingEvents = new Set<Promise<void>>()
  const storeLoginFailed = (request: FastifyRequest, userId: string, error: AuthError) => {
    const stored = recordLoginFailed(scope.db, userId, error.message, clientOf(request))
      .catch((failure: unknown) => {
        request.log.warn({ err: failure, userId }, 'Could not store the LOGIN_FAILED event')
      })
      .finally(() => pendingEvents.delete(stored))
    pendingEvents.add(stored)
  }
  scope.addHook('onClose', async () => {
    await Promise.all(pendingEvents)
  })

  scope.post('/token', { bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    const { grant_type: grantType } = request.query as Record<string, unknown>
    if (grantType === 'pkce' || grantType === 'id_token' || grantType === 'web3') {
      throw notSupported(`grant_type=${grantType}`, 'sign in with email and password')
    }
    if (grantType !== 'password' && grantType !== 'refresh_token') {
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
    }
    const body = request.body
    if (!isObject(body)) throw validation('Request body must be a JSON object')
    await checkRateLimit(request, byIp)

    if (grantType === 'refresh_token') {
      const token = body.refresh_token
      if (typeof token !== 'string' || token === '') {
        return reply.code(400).send({
          error: 'invalid_request',
          error_description: 'refresh_token required',
        })
      }
      // Unknown tokens have no account: guessing them is limited per IP only.
      const owner = await refreshTokenOwner(scope.db, token)
      if (owner) {
        tokenOwners.set(request, owner)
        await checkRateLimit(request, byUser)
      }
      try {
        return await refreshSession(scope.db, keys(), token)
      } catch (error) {
        if (error instanceof AuthError && error.code === 'refresh_token_already_used') {
          request.log.warn(
            { ip: request.ip, userId: owner },
            'Refresh token reused: its session was ended',
          )
        } else if (error instanceof AuthError && error.code === 'refresh_token_not_found') {
          // Unknown, or its session has ended (which deletes the session's tokens).
          request.log.warn({ ip: request.ip }, 'Failed token refresh')
        }
        throw error
      }
    }

    await checkRateLimit(request, byEmail)

    const { email, phone, password } = body
    if ((typeof email !== 'string' || !email) && (typeof phone !== 'string' || !phone)) {
      throw validation('missing email or phone')
    }
    if (typeof password !== 'string' || !password) throw validation('missing password')
    if (passwordTooLong(password)) {
      throw validation(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`)
    }
    // Staff accounts have no phone numbers; the answer is the same as for a wrong password.
    const user =
      typeof email === 'string' && email ? await findUserByEmail(scope.db, email) : undefined
    const matches = await checkPassword(password, user?.encrypted_password)
    const identity = clip(typeof email === 'string' && email ? email : String(phone), 100)
    if (!user || !matches) {
      request.log.warn(
        { ip: request.ip, identity, reason: user ? 'wrong password' : 'unknown account' },
        'Failed staff sign-in',
      )
      const error = invalidCredentials()
      if (user) storeLoginFailed(request, user.id, error)
      throw error
    }
    if (user.banned_until && new Date(user.banned_until) > new Date()) {
      request.log.warn({ ip: request.ip, identity, reason: 'banned' }, 'Failed staff sign-in')
      const error = new AuthError(400, 'user_banned', 'User is banned')
      storeLoginFailed(request, user.id, error)
      throw error
    }
    request.log.info({ ip: request.ip, userId: user.id }, 'Staff signed in')
    return startSession(scope.db, keys(), user, clientOf(request))
  })

  scope.get('/user', async (request) => {
    const claims = await requireUserToken(request, verify, scope.db)
    const user = await findUserById(scope.db, claims.sub)
    if (!user)
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    return userJson(user)
  })

  scope.post('/logout', async (request, reply) => {
    const { scope: given = 'global' } = request.query as Record<string, unknown>
    if (typeof given !== 'string' || !SCOPES.includes(given as LogoutScope)) {
      throw validation(
        `Unsupported logout scope '${clip(String(given), 20)}': use global, local or others`,
      )
    }
    const claims = await requireUserToken(request, verify, scope.db)
    await endSessions(scope.db, claims.sub, claims.session_id, given as LogoutScope)
    return reply.code(204).send()
  })

  // Tokens are HS256 with a secret that is never published: the key set is empty, as GoTrue's is.
  scope.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=600')
    return { keys: [] }
  })
}
