import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { publicConfigSchema, type PublicConfig } from '../../src/contract/config'

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
        // Embedded: a JWT for the anon role, signed with the embedded auth's own secret.
        supabaseAnonKey: config.supabaseAnonKey ?? app.staffAuth.anonKey() ?? '',
        authMode: config.authMode,
        siteUrl: config.publicSiteUrl,
        directoryUrl: config.directoryUrl,
        contactEmail: config.contactEmail,
      } satisfies PublicConfig
    },
  )
}
