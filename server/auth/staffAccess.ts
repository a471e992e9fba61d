// Wires staff auth into the app: the embedded /auth/v1 and /rest/v1 (when no hosted project is
// configured), the first-start admin, the staff command's admin route, and `app.requireStaff`,
// the token check other /api routes put in front of staff-only handlers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendError } from '../errors'
import { adminRoutes, removeRuntimeFile, writeRuntimeFile } from './adminRoutes'
import { authRoutes, bearerOf, type AuthRouteOptions } from './authRoutes'
import {
  embeddedVerifier,
  hostedVerifier,
  loadEmbeddedKeys,
  TokenError,
  type AccessClaims,
  type EmbeddedKeys,
  type TokenVerifier,
} from './keys'
import { REST_TABLES, restRoutes } from './restRoutes'
import type { TableColumns } from './restQuery'
import { sessionExists } from './sessions'
import { ensureFirstAdmin } from './staffAccounts'

/** Who is calling a staff-only route, from their verified access token. */
export type StaffCaller = {
  /** The user's id (the token's `sub`), also the id of their profile row. */
  id: string
  email?: string
  sessionId?: string
  claims: AccessClaims
}

export type StaffAccess = {
  mode: 'embedded' | 'hosted'
  /** The embedded anon key; undefined in hosted mode (the config's key is used). */
  anonKey: () => string | undefined
  /** Verifies an access token (embedded secret, or the hosted project's secret or key set). */
  verify: TokenVerifier
}

declare module 'fastify' {
  // Declaration merging needs interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    staffAccess: StaffAccess
    /**
     * preHandler for staff-only routes: answers 401 `{ success: false, error }` unless the request
     * carries `Authorization: Bearer <access token>` of a signed-in staff member; otherwise sets
     * `request.staff`. Usage: `app.get('/x', { preHandler: app.requireStaff }, handler)`.
     */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Set by app.requireStaff. */
    staff?: StaffCaller
  }
}

export type StaffAccessOptions = AuthRouteOptions & {
  /** Print the first-start admin password (false in tests, whose logs are silent). */
  announce?: boolean
}

const loadColumns = async (app: FastifyInstance): Promise<TableColumns> => {
  const rows = await app.db.query<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name::text, column_name::text, data_type::text from information_schema.columns
     where table_schema = current_schema() and table_name = any($1)`,
    [[...REST_TABLES]],
  )
  const columns = new Map<string, Map<string, string>>()
  for (const row of rows) {
    if (!columns.has(row.table_name)) columns.set(row.table_name, new Map())
    columns.get(row.table_name)!.set(row.column_name, row.data_type)
  }
  return columns
}

/** The app_metadata flag that makes a hosted project's account staff (docs/auth.md). */
export const HOSTED_STAFF_CLAIM = 'staff'

const isHostedStaff = (claims: Record<string, unknown>) => {
  const appMetadata = claims.app_metadata
  return (
    typeof appMetadata === 'object' &&
    appMetadata !== null &&
    (appMetadata as Record<string, unknown>)[HOSTED_STAFF_CLAIM] === true
  )
}

export const registerStaffAccess = (app: FastifyInstance, options: StaffAccessOptions = {}) => {
  const { config } = app
  const embedded = config.authMode === 'embedded'
  let keys: EmbeddedKeys | undefined
  /** Read at the first /rest/v1 request, not at every start: information_schema is slow on PGlite. */
  let columns: Promise<TableColumns> | undefined
  const keysOf = () => {
    if (!keys) throw new Error('The auth keys are not loaded yet; await app.ready() first')
    return keys
  }
  const verify: TokenVerifier = embedded
    ? (token) => embeddedVerifier(keysOf())(token)
    : hostedVerifier({
        supabaseUrl: config.supabaseUrl!,
        jwtSecret: config.supabaseJwtSecret,
        jwksUrl: config.supabaseJwksUrl,
      })

  app.decorate('staffAccess', {
    mode: config.authMode,
    anonKey: () => keys?.anonKey,
    verify,
  } satisfies StaffAccess)
  app.decorateRequest('staff', undefined)

  app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerOf(request)
    if (!token) return sendError(reply, 401, 'Sign in first: this needs a staff access token')
    try {
      const claims = await verify(token)
      if (claims.role !== 'authenticated' || !claims.sub) {
        return sendError(reply, 401, 'This needs a signed-in staff member, not the anon key')
      }
      // A hosted project may let anyone sign up, and a new account may give itself a viewer
      // profile: only a mark the project's admins set (app_metadata, which its users cannot
      // write) makes an account staff there. Embedded auth has no sign-up: its accounts are staff.
      if (!embedded && !isHostedStaff(claims)) {
        return sendError(
          reply,
          403,
          `This account is not staff: a project admin sets app_metadata.${HOSTED_STAFF_CLAIM} to true (docs/auth.md)`,
        )
      }
      const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined
      // The embedded auth knows its sessions: a signed-out token stops working here at once.
      if (embedded && (!sessionId || !(await sessionExists(app.db, sessionId)))) {
        return sendError(reply, 401, 'The session has ended; sign in again')
      }
      request.staff = {
        id: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        sessionId,
        claims,
      }
    } catch (error) {
      if (!(error instanceof TokenError)) throw error
      return sendError(
        reply,
        401,
        error.expired
          ? 'The access token has expired; sign in again'
          : `Invalid access token: ${error.message}`,
      )
    }
  })

  if (!embedded) return

  app.addHook('onReady', async () => {
    keys = await loadEmbeddedKeys(app.db, config.publicSiteUrl)
    const admin = await ensureFirstAdmin(app.db, {
      email: config.staffEmail,
      password: config.staffPassword,
    })
    if (admin) {
      app.log.info({ email: admin.email }, 'Created the first staff account (admin)')
      if (admin.generated && options.announce !== false) {
        // Printed once, outside the log level, so a first start always shows how to sign in.
        console.log(
          `\n  Staff sign-in (shown once): ${admin.email} / ${admin.password}\n  Change it with: npm run staff -- add ${admin.email} NEW_PASSWORD --role admin\n`,
        )
      }
    }
  })

  const staffOnly = { keys: keysOf, verify }
  app.register(authRoutes, {
    prefix: '/auth/v1',
    ...staffOnly,
    rateLimit: options.rateLimit,
    throttle: options.throttle,
  })
  app.register(restRoutes, {
    prefix: '/rest/v1',
    verify,
    anonKey: () => keysOf().anonKey,
    columns: () =>
      (columns ??= loadColumns(app).catch((error: unknown) => {
        // A database that was down is asked again by the next request.
        columns = undefined
        throw error
      })),
  })

  // The staff command reaches a running server through this route (PGlite admits one process).
  if (!config.databaseUrl && !config.dataDir.startsWith('memory://')) {
    const admin = adminRoutes(app)
    app.register(admin.routes, { prefix: '/api' })
    app.addHook('onListen', async () => {
      await writeRuntimeFile(config.dataDir, app, admin.secret)
    })
    app.addHook('onClose', async () => {
      await removeRuntimeFile(config.dataDir, admin.secret)
    })
  }
}
