import type { SupabaseClient } from '@supabase/supabase-js'
import type { PublicConfig } from '@/contract/config'

export type StaffClientConfig = Pick<PublicConfig, 'supabaseUrl' | 'supabaseAnonKey' | 'authMode'>

/**
 * Where supabase-js sends its calls: the hosted project, or in embedded mode this very site, at
 * the address the visitor's own browser used. The server never names that address from a request
 * header, so nothing a request writes can steer a visitor's password elsewhere, and
 * the site works at whichever of its addresses it is opened (127.0.0.1 or localhost).
 */
export const staffClientUrl = (
  config: Pick<StaffClientConfig, 'supabaseUrl' | 'authMode'>,
  pageOrigin = globalThis.location?.origin,
) => (config.authMode === 'embedded' && pageOrigin ? pageOrigin : config.supabaseUrl)

/** Staff sign-in (docs/auth.md): PKCE, the session kept in memory only, no automatic refresh. */
export const staffClientOptions = {
  auth: {
    flowType: 'pkce',
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  },
} as const

let created = 0

/**
 * A new client for the project of the given config. supabase-js is imported here, lazily, so it
 * loads only on the staff routes. The app makes one per store (features/auth/staffAuth.ts), that
 * is one per page; its session lives in memory on it and ends with the page.
 */
export async function createStaffClient(config: StaffClientConfig): Promise<SupabaseClient> {
  const { createClient } = await import('@supabase/supabase-js')
  created += 1
  return createClient(staffClientUrl(config), config.supabaseAnonKey, {
    ...staffClientOptions,
    auth: {
      ...staffClientOptions.auth,
      // Each client keeps its session in its own memory, so no two ever share storage; a key of
      // its own says so to supabase-js, which otherwise warns about a second client on one key.
      storageKey: `api-atlas-staff-${created}`,
    },
  })
}
