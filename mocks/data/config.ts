import type { PublicConfig } from '@/contract/config'

/** The config a fresh install answers: embedded auth, directory on this site. */
export const embeddedConfig: PublicConfig = {
  supabaseUrl: 'http://localhost:3000',
  supabaseAnonKey: 'embedded-anon',
  authMode: 'embedded',
  siteUrl: 'http://localhost:3000',
  directoryUrl: '/apis',
  contactEmail: 'hello@api-atlas.example',
}

/** A deployment whose directory lives on another host. */
export const externalDirectoryConfig: PublicConfig = {
  ...embeddedConfig,
  directoryUrl: 'https://directory.api-atlas.example/apis',
  contactEmail: 'team@api-atlas.example',
}
