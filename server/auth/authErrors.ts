import type { FastifyReply } from 'fastify'

/** Sent on every /auth/v1 answer: without it auth-js ignores the body's `code`. */
export const API_VERSION_HEADER = 'x-supabase-api-version'
export const API_VERSION = '2024-01-01'

/**
 * An error in GoTrue's shape. auth-js reads `code` (with the version header) and the message from
 * `msg` or `message`; `error_code` serves older clients.
 */
export class AuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'AuthError'
  }
}

export const sendAuthError = (reply: FastifyReply, error: AuthError) =>
  reply
    .code(error.statusCode)
    .headers({ 'x-sb-error-code': error.code, ...error.headers })
    .send({ code: error.code, error_code: error.code, msg: error.message, message: error.message })

export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials')

export const notSupported = (what: string, instead = '') =>
  new AuthError(
    404,
    'not_supported',
    `${what} is not supported in embedded mode${instead ? `; ${instead}` : ''}`,
  )
