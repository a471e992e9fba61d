import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from './config'

/** index.html carries this wherever a nonce goes (scripts, styles, the Emotion cache's meta). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__'

// Vite puts content-hashed files under /assets, so they never change under the same name.
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'
export const STATIC_CACHE_CONTROL = 'public, max-age=600'

const RESERVED_PREFIXES = ['/api', '/auth/v1', '/rest/v1']

/** Paths the server answers itself; never files or client routes. */
export const isReservedPath = (pathname: string) =>
  RESERVED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))

export const htmlCsp = (config: Pick<Config, 'supabaseUrl' | 'publicSiteUrl'>, nonce: string) => {
  const connect = ["'self'"]
  if (config.supabaseUrl) {
    const origin = new URL(config.supabaseUrl).origin
    connect.push(origin, origin.replace(/^http/, 'ws'))
  }
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(config.publicSiteUrl.startsWith('https:') ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

const hasExtension = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname.split('/').pop() ?? '')

/**
 * Whether a miss should get the app's page. Browser navigations send text/html; clients that
 * accept anything (curl) get it only for extension-less paths outside /assets, so a missing
 * script answers 404 rather than HTML of the wrong type.
 */
export const wantsPage = (request: FastifyRequest, pathname: string) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (isReservedPath(pathname)) return false
  const accept = request.headers.accept ?? '*/*'
  if (accept.includes('text/html')) return true
  return accept.includes('*/*') && !pathname.startsWith('/assets/') && !hasExtension(pathname)
}

export type Spa = {
  /** Answers the app's index.html with a fresh nonce, or 503 when the site is not built. */
  sendPage: (reply: FastifyReply) => FastifyReply
}

/** Serves config.staticDir when it exists; index.html only through sendPage. */
export const registerSpa = (app: FastifyInstance, config: Config): Spa => {
  const indexFile = path.join(config.staticDir, 'index.html')
  if (!existsSync(indexFile)) {
    return {
      sendPage: (reply) =>
        reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            `The site is not built yet (no ${indexFile}). Run \`npm run build\`, then restart the server.\n`,
          ),
    }
  }

  const template = readFileSync(indexFile, 'utf8')
  const assetsDir = path.join(config.staticDir, 'assets') + path.sep

  app.register(fastifyStatic, {
    root: config.staticDir,
    index: false,
    redirect: false,
    cacheControl: false,
    // The raw index.html has no nonce; directories and server paths are not files.
    allowedPath: (pathname) =>
      pathname !== '/index.html' && !pathname.endsWith('/') && !isReservedPath(pathname),
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        filePath.startsWith(assetsDir) ? ASSET_CACHE_CONTROL : STATIC_CACHE_CONTROL,
      )
    },
  })

  return {
    sendPage: (reply) => {
      const nonce = randomBytes(16).toString('base64')
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', htmlCsp(config, nonce))
        .send(template.replaceAll(CSP_NONCE_PLACEHOLDER, nonce))
    },
  }
}
