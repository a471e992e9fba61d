/**
 * schema.org builders for the pages' JSON-LD (docs/architecture.md): website, organization, api
 * and breadcrumb here; article and FAQ in articleHead.ts, which only the blog's articles load.
 */
import { pathTo } from '../routes'

export const SITE_NAME = 'API Atlas'

export type JsonLd = Record<string, unknown>

const context = 'https://schema.org'

export function absoluteUrl(siteUrl: string, path: string) {
  return new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href
}

export function websiteJsonLd(siteUrl: string): JsonLd {
  return {
    '@context': context,
    '@type': 'WebSite',
    name: SITE_NAME,
    url: absoluteUrl(siteUrl, '/'),
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${absoluteUrl(siteUrl, pathTo('apis'))}?search={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  }
}

export function organizationJsonLd(siteUrl: string, contactEmail?: string): JsonLd {
  return {
    '@context': context,
    '@type': 'Organization',
    name: SITE_NAME,
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, '/icon.svg'),
    ...(contactEmail
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            email: contactEmail,
            contactType: 'customer support',
          },
        }
      : {}),
  }
}

export type Crumb = { name: string; path: string }

export function breadcrumbJsonLd(siteUrl: string, crumbs: Crumb[]): JsonLd {
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  }
}

export type Faq = { question: string; answer: string }

/** What an API page's JSON-LD says: name, description, slug, pricing, provider, category. */
export type ApiMeta = {
  name: string
  description: string
  slug: string
  provider: string
  category: string
  pricing?: string
  documentation?: string
}

export function apiJsonLd(siteUrl: string, api: ApiMeta): JsonLd {
  return {
    '@context': context,
    '@type': 'WebAPI',
    name: api.name,
    description: api.description,
    url: absoluteUrl(siteUrl, pathTo('apiDetail', { id: api.slug })),
    category: api.category,
    provider: { '@type': 'Organization', name: api.provider },
    ...(api.documentation ? { documentation: api.documentation } : {}),
    ...(api.pricing ? { offers: { '@type': 'Offer', description: api.pricing } } : {}),
  }
}

/** JSON for an inline script element: `<` is escaped so no text can close the element early. */
export function serializeJsonLd(data: JsonLd) {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
