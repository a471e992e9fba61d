// Each public page's <head> (title, description, keywords, canonical path, JSON-LD), built once
// here: the screens render it with PageMeta, and the server writes the same tags into the HTML it
// sends, so crawlers read them without running any script. Type-only imports keep zod
// out of the browser's first load.
import type { ApiDetail } from '../../contract/apis'
import type { Category } from '../../contract/categories'
import { formatInteger } from '../numbers'
import { pathTo } from '../routes'
import {
  absoluteUrl,
  apiJsonLd,
  breadcrumbJsonLd,
  serializeJsonLd,
  SITE_NAME,
  websiteJsonLd,
  type JsonLd,
} from './jsonLd'

export type PageHead = {
  /** The page's own title; the site name is appended. */
  title: string
  description: string
  /** Site path of the canonical address, e.g. `/apis/stripe-com`. */
  path: string
  keywords?: string[]
  /** Site path or absolute address of the social preview image. */
  image?: string
  type?: 'website' | 'article'
  /** Ask search engines not to index the page (staff and mock-up screens). */
  noindex?: boolean
  jsonLd?: JsonLd[]
}

/** A page's head and the main text a reader sees first (the server puts both in its HTML). */
export type PageSummary = { head: PageHead; heading: string; summary: string }

const APIS = pathTo('apis')
const TOOLS = pathTo('tools')
const TESTER = pathTo('tester')
const COMPARE = pathTo('compare')
const apiPath = (id: string) => pathTo('apiDetail', { id })
const categoryPath = (slug: string) => pathTo('category', { category: slug })
const count = (n: number) => `${formatInteger(n)} ${n === 1 ? 'API' : 'APIs'}`

export const DIRECTORY_SUMMARY = 'Find, compare and try third-party APIs for your product.'

export function directoryHead(siteUrl: string, search = ''): PageHead {
  return {
    title: search ? `“${search}” APIs` : 'API Directory',
    description:
      'Find the right third-party API: 1000+ APIs across 18 categories, with base URLs, authentication, documentation and endpoints, and an in-browser tester.',
    path: APIS,
    keywords: ['API directory', 'public APIs', 'REST APIs', 'API search', 'developer tools'],
    jsonLd: [
      websiteJsonLd(siteUrl),
      breadcrumbJsonLd(siteUrl, [{ name: 'API Directory', path: APIS }]),
    ],
  }
}

export function categoryHead(
  siteUrl: string,
  category: Pick<Category, 'name' | 'description'> & { slug: string },
  total: number,
): PageHead {
  return {
    title: `${category.name} APIs`,
    description: `${category.description} ${count(total)} with base URLs, authentication, documentation and endpoints.`,
    path: categoryPath(category.slug),
    keywords: [category.name, `${category.name} APIs`, 'API directory'],
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: 'API Directory', path: APIS },
        { name: category.name, path: categoryPath(category.slug) },
      ]),
    ],
  }
}

const providerPath = (slug: string) => pathTo('provider', { provider: slug })

/** What a provider family's page says of it. */
export const providerSummary = (provider: string, total: number) =>
  `${count(total)} from ${provider}, each with its own page, operations and tester.`

export function providerHead(
  siteUrl: string,
  family: { slug: string; provider: string },
  total: number,
): PageHead {
  return {
    title: `${family.provider} APIs`,
    description: `${providerSummary(family.provider, total)} Base URLs, authentication, documentation and endpoints.`,
    path: providerPath(family.slug),
    keywords: [family.provider, `${family.provider} APIs`, 'API directory'],
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: 'API Directory', path: APIS },
        { name: family.provider, path: providerPath(family.slug) },
      ]),
    ],
  }
}

/** The short text that describes an API in lists, metadata and search results. */
export function apiDescription(
  api: Pick<ApiDetail, 'summary' | 'description' | 'name' | 'provider'>,
) {
  return api.summary || api.description.slice(0, 160) || `${api.name} by ${api.provider}`
}

export function apiHead(
  siteUrl: string,
  api: Pick<ApiDetail, 'id' | 'name' | 'provider' | 'summary' | 'description' | 'docs'> & {
    category: string
  },
  categoryName: string,
): PageHead {
  const description = apiDescription(api)
  return {
    title: api.name,
    description,
    path: apiPath(api.id),
    keywords: [api.name, api.provider, categoryName, 'API', 'documentation', 'endpoints'],
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: 'API Directory', path: APIS },
        { name: categoryName, path: categoryPath(api.category) },
        { name: api.name, path: apiPath(api.id) },
      ]),
      apiJsonLd(siteUrl, {
        name: api.name,
        description,
        slug: api.id,
        provider: api.provider,
        category: categoryName,
        documentation: api.docs ?? undefined,
      }),
    ],
  }
}

export const TOOLS_SUMMARY =
  'Tools for working with third-party APIs: test requests in your browser, compare APIs and watch them, with documentation on the way.'

export function toolsHead(siteUrl: string): PageHead {
  return {
    title: 'API Tools',
    description: TOOLS_SUMMARY,
    path: TOOLS,
    keywords: ['API tools', 'API tester', 'API testing', 'API monitoring'],
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: 'API Directory', path: APIS },
        { name: 'API Tools', path: TOOLS },
      ]),
    ],
  }
}

export const COMPARE_SUMMARY =
  'APIs side by side: authentication, HTTPS, CORS, free tier, operations, health and latency, each value with its source and date.'

/** Names joined as a sentence says them: `A`, `A and B`, `A, B and C`. */
const spoken = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`

/** The comparison's head: of the APIs named, or of the page that explains how to pick them. */
export function compareHead(
  siteUrl: string,
  apis: readonly { id: string; name: string }[] = [],
): PageHead {
  const compared = apis.length > 0
  const path = compared
    ? `${COMPARE}?ids=${apis.map((api) => encodeURIComponent(api.id)).join(',')}`
    : COMPARE
  return {
    title: compared ? `Compare ${spoken(apis.map((api) => api.name))}` : 'Compare APIs',
    description: COMPARE_SUMMARY,
    path,
    keywords: ['API comparison', 'compare APIs', ...apis.map((api) => api.name)],
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: 'API Directory', path: APIS },
        { name: 'Compare APIs', path },
      ]),
    ],
  }
}

export const TESTER_SUMMARY = 'Send any request to a public API and see exactly what comes back.'

export function testerHead(siteUrl: string): PageHead {
  return {
    title: 'API Tester',
    description:
      'Send a request to any public API from your browser and read its status, headers, body and timing. No CORS trouble: requests go through API Atlas.',
    path: TESTER,
    keywords: ['API tester', 'REST client', 'HTTP request', 'API testing', 'cURL'],
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: 'Home', path: '/' },
        { name: 'API Tools', path: TOOLS },
        { name: 'API Tester', path: TESTER },
      ]),
    ],
  }
}

/** How often crawlers are asked to come back to a public page (docs/architecture.md). */
export const REVISIT_AFTER = '7 days'

export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta' | 'link'; attrs: Record<string, string> }
  /** A JSON-LD data block; `json` is already safe inside a script element. */
  | { tag: 'script'; json: string }

/** The tags of a page's head, in order: what PageMeta renders and what the server writes. */
export function headTags(head: PageHead, siteUrl: string): HeadTag[] {
  const title = head.title === SITE_NAME ? head.title : `${head.title} | ${SITE_NAME}`
  const canonical = absoluteUrl(siteUrl, head.path)
  const image = absoluteUrl(siteUrl, head.image ?? '/og-image.jpg')
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    ({ tag: 'meta', attrs: { [key]: name, content } }) as const
  return [
    { tag: 'title', text: title },
    meta('name', 'description', head.description),
    ...(head.keywords?.length ? [meta('name', 'keywords', head.keywords.join(', '))] : []),
    meta('name', 'robots', head.noindex ? 'noindex,nofollow' : 'index,follow'),
    // The robots revisit hint, only on the pages crawlers are asked to index.
    ...(head.noindex ? [] : [meta('name', 'revisit-after', REVISIT_AFTER)]),
    { tag: 'link', attrs: { rel: 'canonical', href: canonical } },
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    ...(head.jsonLd ?? []).map((data) => ({ tag: 'script' as const, json: serializeJsonLd(data) })),
  ]
}
