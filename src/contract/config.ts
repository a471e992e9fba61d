import { z } from 'zod'

/** What the browser learns at run time from GET /api/config, so one build serves every mode. */
export const publicConfigSchema = z.object({
  /**
   * Where supabase-js sends /auth/v1 and /rest/v1: the hosted project, or in embedded mode this
   * site's configured address (PUBLIC_SITE_URL); the app then uses its own origin. Never taken from
   * a request's Host.
   */
  supabaseUrl: z.url(),
  supabaseAnonKey: z.string().min(1),
  /** 'embedded' when this server answers the auth calls, 'hosted' with a Supabase project. */
  authMode: z.enum(['embedded', 'hosted']),
  siteUrl: z.url(),
  /** The /redirect page's target: a path on this site or an absolute address. */
  directoryUrl: z.string().min(1),
  contactEmail: z.email(),
})
export type PublicConfig = z.infer<typeof publicConfigSchema>
