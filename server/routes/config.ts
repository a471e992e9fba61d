import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { publicConfigSchema, type PublicConfig } from '../../src/contract/config'

/** Placeholder anon key of the embedded auth until it issues real ones (issue 6). */
export const EMBEDDED_ANON_KEY = 'embedded-anon'

// In embedded mode supabase-js talks to this very server, at whatever address the browser used.
const ownOrigin = (request: FastifyRequest, fallback: string) => {
  const origin = `${request.protocol}://${request.host}`
  return request.host && URL.canParse(origin) ? origin : fallback
}

export const configRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/config',
    { schema: { response: { 200: publicConfigSchema } } },
    async (request, reply) => {
      const { config } = app
      reply.header('cache-control', 'no-cache')
      return {
        supabaseUrl: config.supabaseUrl ?? ownOrigin(request, config.publicSiteUrl),
        supabaseAnonKey: config.supabaseAnonKey ?? EMBEDDED_ANON_KEY,
        authMode: config.authMode,
        siteUrl: config.publicSiteUrl,
        directoryUrl: config.directoryUrl,
        contactEmail: config.contactEmail,
      } satisfies PublicConfig
    },
  )
}
