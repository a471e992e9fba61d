import type { FastifyPluginAsync, RawServerDefault } from 'fastify'
import { publicConfigSchema, type PublicConfig } from '../../src/contract/config'
import type { ZodTypeProvider } from '../zodTypes'

export const configRoutes: FastifyPluginAsync<
  Record<never, never>,
  RawServerDefault,
  ZodTypeProvider
> = async (app) => {
  app.get(
    '/config',
    { schema: { response: { 200: publicConfigSchema } } },
    async (_request, reply) => {
      const { config } = app
      reply.header('cache-control', 'no-cache')
      return {
        // Every address comes from configuration, never from the request's Host or forwarded
        // headers: this answer is also written into public pages, and a cache that does not key on
        // Host would hand one request's address to every visitor. In embedded
        // mode the app talks to its own origin anyway (src/lib/supabase.ts).
        supabaseUrl: config.supabaseUrl ?? config.publicSiteUrl,
        // Embedded: a JWT for the anon role, signed with the embedded auth's own secret.
        supabaseAnonKey: config.supabaseAnonKey ?? app.staffAccess.anonKey() ?? '',
        authMode: config.authMode,
        siteUrl: config.publicSiteUrl,
        directoryUrl: config.directoryUrl,
        contactEmail: config.contactEmail,
      } satisfies PublicConfig
    },
  )
}
