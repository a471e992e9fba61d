// The embedded auth's signing secret, the tokens it mints and how every mode verifies them.
import { randomBytes } from 'node:crypto'
import {
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose'
import type { Queryable } from '../db/database'

/** GoTrue's default access-token lifetime, an hour (docs/auth.md). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600
/** The anon key is public and long-lived, as a hosted project's is. */
const ANON_KEY_TTL_SECONDS = 10 * 365 * 24 * 3600
const SECRET_SETTING = 'auth_jwt_secret'

export type AccessClaims = JWTPayload & {
  sub: string
  role: string
  email?: string
  session_id?: string
  app_metadata?: Record<string, unknown>
  user_metadata?: Record<string, unknown>
}

export type EmbeddedKeys = {
  secret: Uint8Array
  /** The HS256 JWT for the anon role that GET /api/config hands to the browser. */
  anonKey: string
  issuer: string
}

type StoredSecret = { secret: string; createdAt: number }

/**
 * Reads the signing secret from app_settings, creating it on the first start. Several servers on
 * one database all read the one row the first of them wrote.
 */
export const loadEmbeddedKeys = async (db: Queryable, siteUrl: string): Promise<EmbeddedKeys> => {
  const fresh: StoredSecret = {
    secret: randomBytes(64).toString('base64url'),
    createdAt: Math.floor(Date.now() / 1000),
  }
  await db.query(
    'insert into app_settings (key, value) values ($1, $2::jsonb) on conflict (key) do nothing',
    [SECRET_SETTING, JSON.stringify(fresh)],
  )
  const [row] = await db.query<{ value: StoredSecret }>(
    'select value from app_settings where key = $1',
    [SECRET_SETTING],
  )
  if (!row) throw new Error('The auth signing secret could not be stored in app_settings')
  const secret = Buffer.from(row.value.secret, 'base64url')
  const issuer = `${siteUrl}/auth/v1`
  // Minted from stored values only, so every instance and every restart hands out the same key.
  const anonKey = await new SignJWT({ role: 'anon', iss: issuer })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(row.value.createdAt)
    .setExpirationTime(row.value.createdAt + ANON_KEY_TTL_SECONDS)
    .sign(secret)
  return { secret, anonKey, issuer }
}

export type MintInput = {
  userId: string
  email: string
  sessionId: string
  appMetadata: Record<string, unknown>
  userMetadata: Record<string, unknown>
  /** When the session signed in (the amr timestamp), unix seconds. */
  authenticatedAt: number
}

export const mintAccessToken = async (keys: EmbeddedKeys, input: MintInput) => {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS
  const token = await new SignJWT({
    iss: keys.issuer,
    aud: 'authenticated',
    email: input.email,
    phone: '',
    app_metadata: input.appMetadata,
    user_metadata: input.userMetadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: input.authenticatedAt }],
    session_id: input.sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(input.userId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keys.secret)
  return { token, expiresAt: exp }
}

/** Why a token was refused, in words fit for a log or an error body. */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message)
    this.name = 'TokenError'
  }
}

const describeJoseError = (error: unknown): TokenError => {
  if (error instanceof joseErrors.JWTExpired) return new TokenError('token has expired', true)
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return new TokenError('signature is invalid')
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    return new TokenError(`claim '${error.claim}' is invalid`)
  }
  if (error instanceof joseErrors.JOSEError) {
    return new TokenError('unable to parse or verify signature')
  }
  return new TokenError('unable to parse or verify signature')
}

/** Something that checks a bearer token and returns its claims. */
export type TokenVerifier = (token: string) => Promise<AccessClaims>

const toClaims = (payload: JWTPayload): AccessClaims => {
  if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') {
    throw new TokenError("token lacks the 'sub' or 'role' claim")
  }
  return payload as AccessClaims
}

/** Verifies tokens this server minted: HS256 with the embedded secret. */
export const embeddedVerifier =
  (keys: EmbeddedKeys): TokenVerifier =>
  async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys.secret, { algorithms: ['HS256'] })
      if (payload.role === 'anon') return { ...payload, sub: '', role: 'anon' }
      return toClaims(payload)
    } catch (error) {
      if (error instanceof TokenError) throw error
      throw describeJoseError(error)
    }
  }

export type HostedVerifierOptions = {
  supabaseUrl: string
  jwtSecret?: string
  jwksUrl?: string
}

/**
 * Verifies a hosted project's access tokens: with its legacy shared secret (HS256) when given,
 * otherwise against its published key set (ES256/RS256, cached by jose).
 */
export const hostedVerifier = (options: HostedVerifierOptions): TokenVerifier => {
  const secret = options.jwtSecret ? new TextEncoder().encode(options.jwtSecret) : undefined
  const jwks: JWTVerifyGetKey | undefined = secret
    ? undefined
    : createRemoteJWKSet(
        new URL(options.jwksUrl ?? `${options.supabaseUrl}/auth/v1/.well-known/jwks.json`),
        { cacheMaxAge: 10 * 60 * 1000, timeoutDuration: 5000 },
      )
  return async (token) => {
    try {
      const { payload } = secret
        ? await jwtVerify(token, secret, { algorithms: ['HS256'], audience: 'authenticated' })
        : await jwtVerify(token, jwks!, {
            algorithms: ['ES256', 'RS256', 'EdDSA'],
            audience: 'authenticated',
          })
      return toClaims(payload)
    } catch (error) {
      if (error instanceof TokenError) throw error
      throw describeJoseError(error)
    }
  }
}
