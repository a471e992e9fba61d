import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ApiError, ApiErrorCode } from '../src/contract/common'
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  isRejectedValue,
} from './db/dbErrors'
import { overloadOf } from './admission'
import { jsonTooDeep } from './jsonLimits'

/** The largest request body any route accepts. */
export const BODY_LIMIT = 1024 * 1024

/**
 * Throw from a route to answer `{ success: false, error: message }` with this status, and `code`
 * (apiCode) when the client acts on what kind of refusal it was.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    // Not `code`: Fastify writes its own error codes there (FST_ERR_VALIDATION).
    readonly apiCode?: ApiErrorCode,
  ) {
    // A refusal (4xx) is an answer, not a fault, and nobody reads its stack; a crowd refused by a
    // rate limit makes thousands a second, and capturing each stack was a share of their cost.
    const { stackTraceLimit } = Error
    if (statusCode < 500) Error.stackTraceLimit = 0
    super(message)
    Error.stackTraceLimit = stackTraceLimit
    this.name = 'HttpError'
  }
}

/** Keeps echoed input short in messages and logs. */
export const clip = (text: string, max = 200) =>
  text.length > max ? `${text.slice(0, max)}...` : text

export const sendError = (
  reply: FastifyReply,
  statusCode: number,
  error: string,
  code?: ApiErrorCode,
) =>
  reply
    .code(statusCode)
    .send({ success: false, error, ...(code ? { code } : {}) } satisfies ApiError)

export const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/'

const partLabels: Record<string, string> = {
  body: 'Body field',
  querystring: 'Query parameter',
  params: 'Path parameter',
  headers: 'Header',
}

const rootLabels: Record<string, string> = {
  body: 'Request body',
  querystring: 'Query string',
  params: 'Path',
  headers: 'Headers',
}

/** Names the field a person got wrong: "Query parameter 'page': Too small: expected ...". */
export const formatIssues = (httpPart: string, issues: z.core.$ZodIssue[]) =>
  issues
    .map((issue) =>
      issue.path.length === 0
        ? `${rootLabels[httpPart] ?? httpPart}: ${issue.message}`
        : `${partLabels[httpPart] ?? httpPart} '${issue.path.join('.')}': ${issue.message}`,
    )
    .join('; ')

// JSON.parse keeps "__proto__" as a plain key, but a later object spread or merge would not.
const rejectPrototypeKeys = (key: string, value: unknown) => {
  if (
    key === '__proto__' ||
    (key === 'constructor' &&
      value &&
      typeof value === 'object' &&
      Object.hasOwn(value, 'prototype'))
  ) {
    throw new SyntaxError(`the key "${key}" is not allowed`)
  }
  return value
}

const parseJson = (text: string): unknown =>
  /__proto__|constructor/.test(text) ? JSON.parse(text, rejectPrototypeKeys) : JSON.parse(text)

/**
 * A parser of JSON request bodies with every guard: empty, too deep, prototype keys, malformed.
 * Every content type whose body is read as JSON (a beacon's text/plain too) uses it.
 */
export const jsonBodyParser =
  (contentType: string) =>
  (
    _request: FastifyRequest,
    body: string | Buffer,
    done: (error: Error | null, value?: unknown) => void,
  ) => {
    const text = String(body)
    if (text.trim() === '') {
      done(new HttpError(400, `Request body is empty but content-type is ${contentType}`))
      return
    }
    const tooDeep = jsonTooDeep(text)
    if (tooDeep) {
      done(new HttpError(400, `Request body refused: ${tooDeep}`))
      return
    }
    try {
      done(null, parseJson(text))
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'not valid JSON'
      done(new HttpError(400, `Malformed JSON in request body: ${clip(reason)}`))
    }
  }

/**
 * Zod schemas (from src/contract) validate requests and shape responses; JSON bodies get a
 * parser that says what is wrong with them; every failure answers the contract's error shape.
 */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!(schema instanceof z.ZodType)) {
      throw new Error('Route schemas must be zod schemas (from src/contract)')
    }
    return (data) => {
      const result = schema.safeParse(data)
      return result.success
        ? { value: result.data }
        : { error: new HttpError(400, formatIssues(httpPart ?? 'body', result.error.issues)) }
    }
  })

  // Response schemas strip and check what leaves the server, so it cannot drift from the contract.
  app.setSerializerCompiler(({ schema }) => {
    if (!(schema instanceof z.ZodType)) {
      throw new Error('Response schemas must be zod schemas (from src/contract)')
    }
    return (data) => JSON.stringify(schema.parse(data))
  })

  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    jsonBodyParser('application/json'),
  )

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Our own HttpErrors carry messages written for people, whatever the status.
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message)
      return sendError(reply, error.statusCode, error.message, error.apiCode)
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, `Request body is larger than ${BODY_LIMIT} bytes`)
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
        const type = request.headers['content-type']
        return sendError(
          reply,
          415,
          type
            ? `Unsupported content type '${clip(type, 100)}'; send application/json`
            : 'A request body needs a content-type header; send application/json',
        )
      }
    }
    // A gate shed the request (admission.ts): busy, not broken; nothing was done.
    const overload = overloadOf(error)
    if (overload) {
      reply.header('retry-after', String(overload.retryAfterS))
      return sendErrorFor(request, reply, 503, overload.message)
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx messages are safe to show; anything else (a static file refused as a
      // malicious path, say) gets the standard phrase and what was asked, never its own text.
      const phrase = STATUS_CODES[status] ?? 'Bad request'
      const message =
        error.code?.startsWith('FST_') && error.message !== phrase
          ? error.message
          : `${phrase}: ${request.method} ${clip(pathOf(request))}`
      return sendErrorFor(request, reply, status, message)
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'Database unavailable')
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S))
      return sendErrorFor(request, reply, 503, DATABASE_UNAVAILABLE_MESSAGE)
    }
    if (isRejectedValue(error)) {
      return sendErrorFor(
        request,
        reply,
        400,
        `The request holds a value that cannot be stored: ${clip(error.message)}`,
      )
    }
    request.log.error({ err: error }, 'Unhandled error')
    return sendError(reply, 500, 'Internal server error')
  })
}

/**
 * The error body in the shape the path's clients read: supabase-js reads GoTrue's `msg` under
 * /auth/v1 and PostgREST's `message` under /rest/v1 (when this server answers them, in embedded
 * mode); everything else gets the /api shape.
 */
const errorBodyFor = (request: FastifyRequest, status: number, message: string) => {
  const path = pathOf(request)
  const embedded =
    (request.server as { config?: { authMode?: string } }).config?.authMode !== 'hosted'
  if (!embedded) return { success: false, error: message } satisfies ApiError
  if (path.startsWith('/auth/v1/')) {
    const code = status === 404 ? 'not_found' : 'validation_failed'
    return { code, error_code: code, msg: message, message }
  }
  if (path.startsWith('/rest/v1/')) {
    return { code: status === 404 ? 'PGRST125' : 'PGRST100', message, details: null, hint: null }
  }
  return { success: false, error: message } satisfies ApiError
}

/** sendError for answers outside any route (not found, refused early), shaped by the path. */
export const sendErrorFor = (
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  error: string,
) => {
  return reply.code(statusCode).send(errorBodyFor(request, statusCode, error))
}

/** Fastify calls this for URLs it cannot even decode, before any hook runs. */
export const frameworkErrors = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  reply
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('x-content-type-options', 'nosniff')
  const path = pathOf(request)
  const status = error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 400)
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? `Malformed URL: ${clip(path)}`
      : status < 500
        ? error.message
        : 'Internal server error'
  return reply.code(status).send(errorBodyFor(request, status, message))
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers are larger than the server accepts'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request was not received in time'],
  ERR_HTTP_HEADERS_TIMEOUT: [408, 'The request headers were not received in time'],
}

/**
 * Node's HTTP parser calls this for bytes that are not a request at all (bad request line,
 * header characters, lengths or chunking): answer in the contract's shape, naming the problem,
 * then close the connection, since what follows on it cannot be trusted.
 */
export function clientErrorHandler(
  error: Error & { code?: string; reason?: string },
  socket: Duplex,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    `Malformed HTTP request: ${clip(error.reason ?? error.code ?? 'not understood', 100)}`,
  ]
  const body = JSON.stringify({ success: false, error: message } satisfies ApiError)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}
