// The embedded /auth/v1: the GoTrue calls supabase-js makes for staff sign-in, answered in
// GoTrue's shapes (docs/auth.md), backed by the auth schema of the database.
import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RawServerDefault } from 'fastify'
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  isRejectedValue,
} from '../db/dbErrors'
import type { Queryable } from '../db/database'
import { overloadOf } from '../admission'
import { clip } from '../errors'
import { jsonTooDeep } from '../jsonLimits'
import { addressKey } from '../addressKey'
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
  type ClientInfo,
  type LogoutScope,
} from './sessions'
import type { EmbeddedKeys } from './keys'
import {
  DEFAULT_MAX_FAILURES,
  loginDelayMs,
  memoryCounter,
  redisCounter,
  sleep as wait,
  SLOW_DOWN_AFTER,
  type AttemptCounter,
  type LoginThrottleOptions,
} from './loginThrottle'
import { recordLoginFailed, recordServerEvent } from './securityEvents'
import type { ZodTypeProvider } from '../zodTypes'

export type RateLimit = { max: number; timeWindowMs: number }

export type AuthRouteOptions = {
  /**
   * Token requests (password and refresh) per address (an IPv6 client's /64); refreshes also per
   * account (the user whose token it is, which only its holder can present).
   */
  rateLimit?: RateLimit
  /** Failed password sign-ins per account and address: progressive delay, then a stop. */
  throttle?: LoginThrottleOptions
}

type Deps = AuthRouteOptions & {
  keys: () => EmbeddedKeys
  verify: TokenVerifier
}

export const DEFAULT_TOKEN_RATE_LIMIT: RateLimit = { max: 30, timeWindowMs: 5 * 60_000 }
const AUTH_BODY_LIMIT = 64 * 1024
/**
 * Refusals from one address in a window whose accounts' owners are told (LOGIN_THROTTLED): a
 * stranger past the address's limit is stopped either way, and a crowd of made-up emails would
 * otherwise cost a database read and a log line for every attempt.
 */
export const NOTICES_PER_ADDRESS = 20
const SCOPES: LogoutScope[] = ['global', 'local', 'others']

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const validation = (message: string) => new AuthError(400, 'validation_failed', message)

const clientOf = (request: FastifyRequest): ClientInfo => ({
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
      const tooDeep = jsonTooDeep(text)
      if (tooDeep) return done(new AuthError(400, 'bad_json', `Request body refused: ${tooDeep}`))
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
    // Shed by a gate (the database's, the password checks'): busy, nothing was checked or done.
    const overload = overloadOf(error)
    if (overload) {
      return sendAuthError(
        reply,
        new AuthError(503, 'unexpected_failure', overload.message, {
          'retry-after': String(overload.retryAfterS),
        }),
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

export const authRoutes: FastifyPluginAsync<Deps, RawServerDefault, ZodTypeProvider> = async (
  scope,
  options,
) => {
  const { keys, verify, rateLimit = DEFAULT_TOKEN_RATE_LIMIT, throttle = {} } = options
  const { maxFailures = DEFAULT_MAX_FAILURES, delayMs = loginDelayMs, sleep = wait } = throttle
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
  // No limit counts an account alone: a stranger's wrong passwords would then lock its owner out.
  const byAddress = limiter('ip', (request) => addressKey(request.ip))
  // A refresh token rotates on every use, so it cannot be the key: the account it belongs to is.
  const tokenOwners = new WeakMap<FastifyRequest, string>()
  const byUser = limiter('user', (request) => tokenOwners.get(request))

  const tooMany = (retryAfterSeconds: number) =>
    new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    })

  const checkRateLimit = async (request: FastifyRequest, check: typeof byAddress) => {
    const result = await check(request)
    if (!result.isAllowed && result.isExceeded) {
      request.log.warn(
        { ip: request.ip, limit: result.key.split(':')[0] },
        'Auth rate limit reached',
      )
      throw tooMany(result.ttlInSeconds)
    }
  }

  // Counted in Redis when it is configured, so spreading attempts over instances gains nothing.
  const counterOf = (name: string): AttemptCounter =>
    scope.redis
      ? redisCounter(scope.redis, rateLimit.timeWindowMs, `auth-throttle-${name}:`)
      : memoryCounter(rateLimit.timeWindowMs)
  // Password attempts per account and address, cleared by a correct one: what is left counts
  // failures, and attempts still being answered (so parallel guesses slow down too).
  const attempts = counterOf('attempts')
  // Refusals per account and address, so the owner hears of a refusal once per window.
  const refusals = counterOf('refusals')
  // Refusals per address: the log hears of an address once per window, and owners of the first
  // few accounts it tried, not of every attempt in a crowd (each a line, and a database read).
  const addressRefusals = counterOf('address-refusals')
  const counted = async (
    request: FastifyRequest,
    count: Promise<{ count: number; ttlMs: number }>,
  ) =>
    count.catch((error: unknown) => {
      // As the rate limits do (skipOnError): a Redis outage lets attempts through unthrottled.
      request.log.warn({ err: error }, 'Sign-in throttle unavailable')
      return { count: 1, ttlMs: rateLimit.timeWindowMs }
    })

  // Not awaited before answering: an unknown email, which has no account to store it for, would
  // otherwise answer sooner than a wrong password and give the account away. Closing waits.
  const pendingEvents = new Set<Promise<void>>()
  const storeEvent = (request: FastifyRequest, event: string, store: () => Promise<void>) => {
    const stored = store()
      .catch((failure: unknown) => {
        request.log.warn({ err: failure }, `Could not store the ${event} event`)
      })
      .finally(() => pendingEvents.delete(stored))
    pendingEvents.add(stored)
  }
  const storeLoginFailed = (request: FastifyRequest, userId: string, error: AuthError) =>
    storeEvent(request, 'LOGIN_FAILED', () =>
      recordLoginFailed(scope.db, userId, error.message, clientOf(request)),
    )
  /** LOGIN_THROTTLED for the account the email names, if there is one. */
  const storeThrottled = (request: FastifyRequest, email: string, description: string) =>
    storeEvent(request, 'LOGIN_THROTTLED', async () => {
      const user = await findUserByEmail(scope.db, email)
      if (user) {
        await recordServerEvent(
          scope.db,
          user.id,
          'LOGIN_THROTTLED',
          description,
          clientOf(request),
        )
      }
    })
  const windowText = () => {
    const minutes = Math.round(rateLimit.timeWindowMs / 60_000)
    return minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : 'a moment'
  }
  /**
   * A password attempt refused with 429: the owner hears of it once per window and address, for
   * the first NOTICES_PER_ADDRESS refusals of that address in the window.
   */
  const refuseSignIn = async (
    request: FastifyRequest,
    email: string | undefined,
    reason: string,
    retryAfterSeconds: number,
  ) => {
    const address = addressKey(request.ip)
    const fromAddress = await counted(request, addressRefusals.add(address))
    if (fromAddress.count === 1) {
      request.log.warn({ ip: request.ip, reason }, 'Sign-ins refused from this address')
    }
    if (email && fromAddress.count <= NOTICES_PER_ADDRESS) {
      const { count } = await counted(request, refusals.add(`${email}|${address}`))
      if (count === 1) {
        request.log.warn(
          { ip: request.ip, identity: clip(email, 100), reason },
          'Staff sign-in refused',
        )
        storeThrottled(
          request,
          email,
          `Sign-in refused for ${windowText()}: ${reason} from this address`,
        )
      }
    }
    return tooMany(retryAfterSeconds)
  }
  scope.addHook('onClose', async () => {
    await Promise.all(pendingEvents)
  })

  // GoTrue's query parameters, checked by hand so that refusals keep GoTrue's error shapes.
  scope.post<{ Querystring: { grant_type?: unknown } }>(
    '/token',
    { bodyLimit: AUTH_BODY_LIMIT },
    async (request, reply) => {
      const { grant_type: grantType } = request.query
      if (grantType === 'pkce' || grantType === 'id_token' || grantType === 'web3') {
        throw notSupported(`grant_type=${grantType}`, 'sign in with email and password')
      }
      if (grantType !== 'password' && grantType !== 'refresh_token') {
        throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
      }
      const body = request.body
      if (!isObject(body)) throw validation('Request body must be a JSON object')
      const email =
        grantType === 'password' && typeof body.email === 'string' && body.email
          ? body.email.trim().toLowerCase().slice(0, 300)
          : undefined
      const perAddress = await byAddress(request)
      if (!perAddress.isAllowed && perAddress.isExceeded) {
        throw await refuseSignIn(
          request,
          email,
          'too many sign-in attempts',
          perAddress.ttlInSeconds,
        )
      }

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

      const { phone, password } = body
      if (!email && (typeof phone !== 'string' || !phone)) {
        throw validation('missing email or phone')
      }
      if (typeof password !== 'string' || !password) throw validation('missing password')
      if (passwordTooLong(password)) {
        throw validation(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`)
      }
      const identity = clip(email ?? String(phone), 100)

      // Counted before the password is checked, whether the account exists or not: an attempt in
      // flight counts as a failure until it succeeds, and every answer, right or wrong, waits the
      // same, so giving up on a slow answer tells a guesser nothing.
      const throttleKey = `${email ?? `phone:${String(phone).slice(0, 300)}`}|${addressKey(request.ip)}`
      const attempt = await counted(request, attempts.add(throttleKey))
      const failures = attempt.count - 1
      if (failures >= maxFailures) {
        throw await refuseSignIn(
          request,
          email,
          `${maxFailures} failed sign-ins`,
          attempt.ttlMs / 1000,
        )
      }
      const delay = delayMs(failures)
      if (delay > 0) await sleep(delay)

      // Staff accounts have no phone numbers; the answer is the same as for a wrong password.
      const user = email ? await findUserByEmail(scope.db, email) : undefined
      const matches = await checkPassword(password, user?.encrypted_password)
      if (!user || !matches) {
        request.log.warn(
          { ip: request.ip, identity, reason: user ? 'wrong password' : 'unknown account' },
          'Failed staff sign-in',
        )
        // The first slowed-down attempt failed too: no mistyping owner, who would have got in by
        // now, but someone who keeps guessing. Told once; a refusal is told once more.
        if (failures === SLOW_DOWN_AFTER && email) {
          request.log.warn(
            { ip: request.ip, identity, failures: failures + 1, delayMs: delay },
            'Staff sign-in slowed down',
          )
          storeThrottled(
            request,
            email,
            `Sign-in slowed down: ${failures + 1} failed attempts in a row from this address`,
          )
        }
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
      // The right password from this address: its earlier failures no longer count against it.
      await attempts.clear(throttleKey).catch((error: unknown) => {
        request.log.warn({ err: error }, 'Sign-in throttle unavailable')
      })
      return startSession(scope.db, keys(), user, clientOf(request))
    },
  )

  scope.get('/user', async (request) => {
    const claims = await requireUserToken(request, verify, scope.db)
    const user = await findUserById(scope.db, claims.sub)
    if (!user)
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    return userJson(user)
  })

  scope.post<{ Querystring: { scope?: unknown } }>('/logout', async (request, reply) => {
    const { scope: given = 'global' } = request.query
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
