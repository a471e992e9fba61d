import { createContext, useContext } from 'react'

/** The canonical origin of the site (PUBLIC_SITE_URL), provided by the app once it knows it. */
export const SiteUrlContext = createContext<string | null>(null)

export function useSiteUrl() {
  return useContext(SiteUrlContext) ?? globalThis.location?.origin ?? 'http://localhost:3000'
}
