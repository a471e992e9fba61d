// The embedded /rest/v1: the PostgREST calls the staff screens make on profiles, login_history
// and security_events. Each request is one transaction as the anon or authenticated role with
// the token's claims set, so the row-level security policies of the migrations decide.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify'
import type { Db, Queryable } from '../db/database'
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../db/dbErrors'
import { overloadOf } from '../admission'
import { HttpError } from '../errors'
import { bearerOf } from './authRoutes'
import { registerCors } from './cors'
import type { AccessClaims, TokenVerifier } from './keys'
import { sessionExists } from './sessions'
import {
  countSql,
  insertColumns,
  insertSql,
  parsePrefer,
  parseReadQuery,
  readSql,
  RestError,
  type TableColumns,
} from './restQuery'
import type { ZodTypeProvider } from '../zodTypes'

/** The only tables the embedded server exposes. */
export const REST_TABLES = ['profiles', 'login_history', 'security_events'] as const

type Deps = {
  verify: TokenVerifier
  anonKey: () => string
  /** The tables' columns, read from the database at the first request that needs them. */
  columns: () => Promise<TableColumns>
}

const OBJECT_TYPE = 'application/vnd.pgrst.object+json'

const sendRestError = (reply: FastifyReply, error: RestError) =>
  reply
    .code(error.statusCode)
    .type('application/json; charset=utf-8')
    .send({ code: error.code, message: error.message, details: error.details, hint: error.hint })

type Caller = { role: 'anon' | 'authenticated'; claims: Record<string, unknown> }

/** PostgREST's answer to a token it will not take, with the challenge its clients expect. */
const invalidToken = (message: string) =>
  Object.assign(new RestError(401, 'PGRST301', message), {
    wwwAuthenticate: `Bearer error="invalid_token", error_description="${message}"`,
  })

const callerOf = async (request: FastifyRequest, deps: Deps, db: Queryable): Promise<Caller> => {
  // Like the hosted gateway: the apikey header stands in when there is no Authorization.
  const apikey = request.headers.apikey
  const token = bearerOf(request) ?? (typeof apikey === 'string' ? apikey : undefined)
  if (!token || token === deps.anonKey()) return { role: 'anon', claims: { role: 'anon' } }
  let claims: AccessClaims
  try {
    claims = await deps.verify(token)
  } catch (error) {
    const message = error instanceof Error ? error.message : 'invalid token'
    throw invalidToken(`JWT invalid: ${message}`)
  }
  if (claims.role === 'anon') return { role: 'anon', claims }
  if (claims.role !== 'authenticated') {
    throw new RestError(
      401,
      'PGRST301',
      `The role '${String(claims.role).slice(0, 40)}' is not accepted here`,
    )
  }
  // Unlike hosted PostgREST, which never looks at sessions: signing out or a password reset ends
  // the token here at once, as on /auth/v1 and /api.
  if (typeof claims.session_id !== 'string' || !(await sessionExists(db, claims.session_id))) {
    throw invalidToken('JWT session has ended: sign in again')
  }
  return { role: 'authenticated', claims }
}

const checkProfile = (request: FastifyRequest) => {
  const header =
    request.method === 'GET' || request.method === 'HEAD' ? 'accept-profile' : 'content-profile'
  const profile = request.headers[header]
  if (profile !== undefined && profile !== 'public') {
    throw new RestError(
      406,
      'PGRST106',
      'The schema must be one of the following: public',
      null,
      null,
    )
  }
}

type PgError = { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown }

/** PostgREST's mapping of SQL states to HTTP statuses. */
const fromDatabase = (error: unknown, caller: Caller): RestError | undefined => {
  const { code, message, detail, hint } = (error ?? {}) as PgError
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined
  let status = 400
  if (code === '23505' || code === '23503') status = 409
  else if (code === '42501') status = caller.role === 'anon' ? 401 : 403
  else if (code.startsWith('08') || code.startsWith('53') || code.startsWith('57P')) status = 503
  else if (code.startsWith('XX') || code.startsWith('58')) return undefined
  return new RestError(
    status,
    code,
    String(message ?? 'Database error'),
    typeof detail === 'string' ? detail : null,
    typeof hint === 'string' ? hint : null,
  )
}

/** One transaction as the caller's role with its claims, like PostgREST's txVarQuery. */
const asCaller = <T>(
  db: Db,
  caller: Caller,
  request: FastifyRequest,
  fn: (tx: Queryable) => Promise<T>,
) =>
  db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
         set_config('request.method', $3, true), set_config('request.client_ip', $4, true)`,
      // The address the audit tables record for rows the caller adds (migration 008).
      [caller.role, JSON.stringify(caller.claims), request.method, request.ip],
    )
    return fn(tx)
  })

const wantsObject = (request: FastifyRequest) =>
  String(request.headers.accept ?? '').includes(OBJECT_TYPE)

const singleRowError = (rows: number) =>
  new RestError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  )

/** Thrown inside the transaction to roll back an insert whose single row was not one. */
class RollBack extends Error {
  constructor(readonly rows: number) {
    super('roll back')
  }
}

export const restRoutes: FastifyPluginAsync<Deps, RawServerDefault, ZodTypeProvider> = async (
  scope,
  deps,
) => {
  registerCors(scope, 'GET, HEAD, POST, OPTIONS')

  scope.setErrorHandler((error, request, reply) => {
    if (error instanceof RestError) {
      const challenge = (error as { wwwAuthenticate?: string }).wwwAuthenticate
      if (challenge) reply.header('www-authenticate', challenge)
      return sendRestError(reply, error)
    }
    if (error instanceof HttpError && error.statusCode < 500) {
      return sendRestError(reply, new RestError(error.statusCode, 'PGRST102', error.message))
    }
    const code = (error as { code?: string }).code
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = request.headers['content-type']
      return sendRestError(
        reply,
        new RestError(
          415,
          'PGRST102',
          type
            ? `Content-Type '${type.slice(0, 100)}' is not acceptable; send application/json`
            : 'A request body needs a Content-Type header; send application/json',
        ),
      )
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500
    if (status >= 400 && status < 500) {
      return sendRestError(
        reply,
        new RestError(status, 'PGRST102', error instanceof Error ? error.message : 'Bad request'),
      )
    }
    const overload = overloadOf(error)
    if (overload) {
      reply.header('retry-after', String(overload.retryAfterS))
      return sendRestError(reply, new RestError(503, 'PGRST000', overload.message))
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'Database unavailable')
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S))
      return sendRestError(reply, new RestError(503, 'PGRST000', DATABASE_UNAVAILABLE_MESSAGE))
    }
    request.log.error({ err: error }, 'Unhandled error in /rest/v1')
    return sendRestError(reply, new RestError(500, 'PGRST000', 'Internal server error'))
  })

  scope.setNotFoundHandler((request, reply) => {
    const path = (request.url.split('?')[0] ?? '').slice(0, 100)
    const message = path.startsWith('/rest/v1/rpc/')
      ? 'Calling database functions is not supported in embedded mode'
      : `${request.method} ${path} is not supported in embedded mode`
    return sendRestError(reply, new RestError(404, 'PGRST125', message))
  })

  /** The routes on a table, `/rest/v1/:table`; the name is checked against the known tables. */
  type TableRoute = { Params: { table: string } }
  const tableOf = async (request: FastifyRequest<TableRoute>) => {
    const { table } = request.params
    const columns = (await deps.columns()).get(table)
    if (!columns) {
      throw new RestError(
        404,
        'PGRST205',
        `Could not find the table 'public.${table.slice(0, 60)}' in the schema cache`,
        null,
        `The embedded server exposes ${REST_TABLES.join(', ')}`,
      )
    }
    return { table, columns }
  }

  scope.get<TableRoute>('/:table', async (request, reply) => {
    checkProfile(request)
    const { table, columns } = await tableOf(request)
    const search = new URL(request.url, 'http://localhost').searchParams
    const query = parseReadQuery(table, columns, search)
    const prefer = parsePrefer(request.headers.prefer)
    const counting = prefer.get('count') === 'exact'
    const caller = await callerOf(request, deps, scope.db)
    const result = await asCaller(scope.db, caller, request, async (tx) => {
      const { sql, params } = readSql(table, query)
      const [row] = await tx.query<{ body: string; n: number }>(sql, params)
      let total: number | undefined
      if (counting) {
        const count = countSql(table, query)
        total = (await tx.query<{ n: number }>(count.sql, count.params))[0]?.n
      }
      return { body: row!.body, n: Number(row!.n), total }
    }).catch((error: unknown) => {
      throw fromDatabase(error, caller) ?? error
    })

    const first = query.offset ?? 0
    const range = result.n > 0 ? `${first}-${first + result.n - 1}` : '*'
    reply.header('content-range', `${range}/${result.total ?? '*'}`)
    if (counting) reply.header('preference-applied', 'count=exact')
    if (wantsObject(request)) {
      if (result.n !== 1) throw singleRowError(result.n)
      const [object] = JSON.parse(result.body) as unknown[]
      return reply.type(`${OBJECT_TYPE}; charset=utf-8`).send(JSON.stringify(object))
    }
    const partial = result.total !== undefined && result.n < result.total
    return reply
      .code(partial ? 206 : 200)
      .type('application/json; charset=utf-8')
      .send(result.body)
  })

  scope.post<TableRoute>('/:table', async (request, reply) => {
    checkProfile(request)
    const { table, columns } = await tableOf(request)
    const search = new URL(request.url, 'http://localhost').searchParams
    for (const key of search.keys()) {
      if (key !== 'select' && key !== 'columns') {
        throw new RestError(
          400,
          'PGRST100',
          `The ${key.slice(0, 40)} parameter is not supported on insert in embedded mode`,
        )
      }
    }
    const body = request.body
    const rows = Array.isArray(body) ? body : [body]
    if (
      body === undefined ||
      rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))
    ) {
      throw new RestError(400, 'PGRST102', 'The body must be a JSON object or an array of objects')
    }
    const objects = rows as Record<string, unknown>[]
    const prefer = parsePrefer(request.headers.prefer)
    // Taken as a plain insert, an upsert would answer a conflict instead of updating.
    if (prefer.has('resolution')) {
      throw new RestError(
        400,
        'PGRST100',
        'Upsert (Prefer: resolution) is not supported in embedded mode: the staff tables are read and added to only',
      )
    }
    const returning =
      prefer.get('return') === 'representation'
        ? parseReadQuery(
            table,
            columns,
            new URLSearchParams(search.has('select') ? { select: search.get('select')! } : {}),
          ).columns
        : undefined
    const names = insertColumns(table, columns, objects, search.get('columns'))
    // Keys an object lacks become NULL (PostgREST's rule) unless missing=default asks for the
    // column defaults; then each object is inserted with its own keys.
    const groups =
      prefer.get('missing') === 'default' && !search.has('columns')
        ? objects.map((object) => ({ names: Object.keys(object), rows: [object] }))
        : [{ names, rows: objects }]
    const single = wantsObject(request)
    const caller = await callerOf(request, deps, scope.db)

    const result = await asCaller(scope.db, caller, request, async (tx) => {
      const bodies: unknown[] = []
      let n = 0
      for (const group of groups) {
        if (group.rows.length === 0) continue
        const runs =
          group.names.length === 0 ? group.rows.map(() => []) : [[JSON.stringify(group.rows)]]
        for (const params of runs) {
          const [row] = await tx.query<{ body: string | null; n: number }>(
            insertSql(table, group.names, returning),
            params,
          )
          n += Number(row!.n)
          if (row!.body) bodies.push(...(JSON.parse(row!.body) as unknown[]))
        }
      }
      if (single && n !== 1) throw new RollBack(n)
      return { bodies, n }
    }).catch((error: unknown) => {
      if (error instanceof RollBack) throw singleRowError(error.rows)
      throw fromDatabase(error, caller) ?? error
    })

    reply.code(201).header('content-range', `*/*`)
    if (!returning) return reply.send()
    reply.header('preference-applied', 'return=representation')
    if (single) {
      return reply.type(`${OBJECT_TYPE}; charset=utf-8`).send(JSON.stringify(result.bodies[0]))
    }
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(result.bodies))
  })

  const notSupported = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'GET, HEAD, POST')
    throw new RestError(
      405,
      'PGRST117',
      `${request.method} is not supported in embedded mode: the staff tables are read and added to only`,
    )
  }
  scope.route({
    method: ['PATCH', 'PUT', 'DELETE'],
    url: '/:table',
    // Before the body is read: supabase-js sends DELETE with a JSON content type and no body.
    onRequest: notSupported,
    handler: notSupported,
  })
}
