import { z } from 'zod'
import { apiHealthBadgeSchema, apiHealthSchema, verifiedSchema } from './apiHealth'
import { categorySchema, categorySlugSchema } from './categories'

export const AUTH_KINDS = ['none', 'apiKey', 'oauth2', 'basic', 'bearer', 'openIdConnect'] as const
/** How a client authenticates, from the document's security schemes ('none' when it declares none). */
export const authKindSchema = z.enum(AUTH_KINDS, {
  message: `must be one of ${AUTH_KINDS.join(', ')}`,
})
export type AuthKind = z.infer<typeof authKindSchema>

/**
 * Where the catalogue knows an API from: an OpenAPI document (APIs.guru) or the public-apis list;
 * `synthetic` marks the made-up records of scale tests (ATLAS_SYNTHETIC_APIS), never real APIs;
 * `local` the entries of this server's own overlay (CATALOGUE_OVERLAY), with their documents.
 */
export const API_SOURCES = ['apis-guru', 'public-apis', 'synthetic', 'local'] as const
export const apiSourceSchema = z.enum(API_SOURCES)
export type ApiSource = z.infer<typeof apiSourceSchema>

/** true or false when the source says so; null when it does not (we never guess). */
export const triStateSchema = z.boolean().nullable()

export const endpointSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']),
  path: z.string().min(1),
  /** Plain text, possibly empty. */
  summary: z.string(),
})
export type Endpoint = z.infer<typeof endpointSchema>

/** One API as lists show it: everything a card needs, no endpoints. */
/** An operation a search matched, as a result lists it (its explanation: /apis/{id}#op-{key}). */
export const matchedOperationSchema = z.object({
  operationKey: z.string().min(1),
  method: z.string().min(1),
  path: z.string(),
  summary: z.string(),
})
export type MatchedOperation = z.infer<typeof matchedOperationSchema>

/** A provider's directory entries taken together (Twilio's 37 documents). */
export const providerFamilySchema = z.object({
  /** The provider's address as a slug: `twilio-com`; its page is /apis/provider/{slug}. */
  slug: z.string().min(1),
  /** The provider's address, e.g. `twilio.com`. */
  provider: z.string().min(1),
  /** How many directory entries it has. */
  size: z.number().int().min(1),
})
export type ProviderFamily = z.infer<typeof providerFamilySchema>

/** A provider's address as a slug: `twilio.com` → `twilio-com`, `github.com/npm` → `github-com-npm`. */
export const providerSlug = (provider: string) =>
  provider
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'provider'

export const apiSummarySchema = z.object({
  /** A stable slug such as `stripe-com` or `googleapis-com-youtube`; also its /apis/{id}. */
  id: z.string().min(1),
  name: z.string().min(1),
  /** The provider's domain, e.g. `stripe.com`. */
  provider: z.string().min(1),
  /** Plain text, at most 300 characters. */
  summary: z.string().max(300),
  category: categorySlugSchema,
  /** The main way to authenticate; `authTypes` on the detail lists every way. */
  auth: authKindSchema,
  /** Absolute URL, or null when the document gives none. */
  baseUrl: z.string().nullable(),
  /** As our health checker measured it, else as a source says; null when neither knows. */
  https: triStateSchema,
  /** As our health checker measured it (a preflight from our origin), else as a source says. */
  cors: triStateSchema,
  free: triStateSchema,
  /** No source rates APIs: null until one does (a figure nobody measured is never shown). */
  rating: z.number().min(0).max(5).nullable(),
  /** The last health check's outcome; null before the first (server/health/). */
  health: apiHealthBadgeSchema.nullable(),
  /** "Verified working" with its claims, or null (server/health/board.ts says when). */
  verified: verifiedSchema.nullable(),
  logo: z.string().nullable(),
  version: z.string(),
  /** ISO date (YYYY-MM-DD). */
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** How many operations the API has in total; 0 for an API only the public-apis list knows. */
  endpointCount: z.number().int().nonnegative(),
  /** The sources that list it, in the order above; an API without `apis-guru` has no operations. */
  sources: z.array(apiSourceSchema).min(1),
  /** In a search's answer: the operations that best matched the query, best first (at most 3). */
  matchedOperations: z.array(matchedOperationSchema).optional(),
  /**
   * In a search's answer, when the provider publishes several entries: its family, which the
   * search shows as this one result (its best-matching part), at /apis/provider/{slug}.
   */
  family: providerFamilySchema.optional(),
})
export type ApiSummary = z.infer<typeof apiSummarySchema>

/** One record of a directory entry, as its version picker lists it. */
export const apiVersionSchema = z.object({
  id: z.string().min(1),
  /** What tells it from the others: its service and version, e.g. `ghes-3.8 (1.1.4)`. */
  label: z.string().min(1),
})
export type ApiVersion = z.infer<typeof apiVersionSchema>

/** One API with everything the catalogue knows. */
export const apiDetailSchema = apiSummarySchema.extend({
  /**
   * The directory entry this record belongs to (its id, and its address /apis/{entry}); the
   * record's own id when it is the entry's default.
   */
  entry: z.string().min(1),
  /** Every record of the entry, the default first; one (this record) for an API of one version. */
  versions: z.array(apiVersionSchema).min(1),
  /** Markdown from the source document, capped in length. */
  description: z.string(),
  /** The description rendered and sanitised by the server (server/catalog/description.ts). */
  descriptionHtml: z.string(),
  authTypes: z.array(authKindSchema),
  /** Documentation address: external docs, else the contact page or the document's origin. */
  docs: z.string().nullable(),
  /** Capped per API; `endpointCount` keeps the total. */
  endpoints: z.array(endpointSchema),
  /** The entry's measured health: last check and 30 days of history; null before the first. */
  health: apiHealthSchema.nullable(),
})
export type ApiDetail = z.infer<typeof apiDetailSchema>

export const API_SORTS = ['relevance', 'popular', 'name', 'updated'] as const
export const MAX_LIMIT = 100
export const DEFAULT_LIMIT = 24

const triStateQuery = z.enum(['true', 'false', 'unknown'], {
  message: 'must be true, false or unknown',
})

const pageQuery = z.coerce
  .number({ message: 'must be a whole number of at least 1' })
  .int('must be a whole number of at least 1')
  .min(1, 'must be a whole number of at least 1')
  .max(1_000_000, 'must be at most 1000000')
  .default(1)

const limitQuery = z.coerce
  .number({ message: `must be a whole number from 1 to ${MAX_LIMIT}` })
  .int(`must be a whole number from 1 to ${MAX_LIMIT}`)
  .min(1, `must be a whole number from 1 to ${MAX_LIMIT}`)
  .max(MAX_LIMIT, `must be a whole number from 1 to ${MAX_LIMIT}`)
  .default(DEFAULT_LIMIT)

/**
 * A query schema that reads a blank parameter as absent: `?search=&page=` is how a form with blank
 * fields submits.
 */
export const withoutBlanks = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (input) =>
      input && typeof input === 'object' && !Array.isArray(input)
        ? Object.fromEntries(Object.entries(input).filter(([, value]) => value !== ''))
        : input,
    schema,
  )

/** GET /api/apis. Without parameters (or with blank ones): the first page, most popular first. */
export const apiListQuerySchema = withoutBlanks(
  z.object({
    /** Free text; any input is accepted (only its first 200 characters count). */
    search: z.string().optional(),
    /**
     * A provider family's slug (`twilio-com`): only its entries, each its own result. Without it
     * a search shows a family as one result.
     */
    provider: z
      .string()
      .regex(/^[a-z0-9-]{1,200}$/, 'must be a provider slug such as twilio-com')
      .optional(),
    category: categorySlugSchema.optional(),
    auth: authKindSchema.optional(),
    https: triStateQuery.optional(),
    cors: triStateQuery.optional(),
    free: triStateQuery.optional(),
    /**
     * true: only APIs verified working: found up in the last 48 hours, with at least one operation
     * whose last answer matched its document.
     */
    verified: z.enum(['true'], { message: 'must be true' }).optional(),
    /**
     * Default: relevance when searching (popularity breaks its ties), otherwise popular: listed in
     * both sources, operations, documents its provider maintains, views of its pages and tester
     * runs against it here (server/catalog/popularity.ts).
     */
    sort: z.enum(API_SORTS, { message: `must be one of ${API_SORTS.join(', ')}` }).optional(),
    page: pageQuery,
    limit: limitQuery,
  }),
)
export type ApiListQuery = z.infer<typeof apiListQuerySchema>
/** What a client may send: every parameter optional. */
export type ApiListParams = Partial<ApiListQuery>

export const apiListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    apis: z.array(apiSummarySchema),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    /**
     * What the health checker could do on this server, so an empty "Verified working" says why:
     * since when its runs found no network (null: it has one), and how many APIs are verified.
     */
    checks: z
      .object({
        networkUnavailableSince: z.iso.datetime({ offset: true }).nullable(),
        verified: z.number().int().nonnegative(),
      })
      .optional(),
  }),
})
export type ApiListResponse = z.infer<typeof apiListResponseSchema>

export const apiIdParamsSchema = z.object({ id: z.string().min(1).max(200) })

export const apiDetailResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ api: apiDetailSchema }),
})
export type ApiDetailResponse = z.infer<typeof apiDetailResponseSchema>

/** GET /api/apis/category/:category; an unknown slug is a 404, so the path takes any text. */
export const categoryParamsSchema = z.object({ category: z.string().min(1).max(200) })

export const categoryApisQuerySchema = withoutBlanks(
  z.object({ page: pageQuery, limit: limitQuery }),
)

export const categoryApisResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    category: categorySchema,
    apis: z.array(apiSummarySchema),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  }),
})
export type CategoryApisResponse = z.infer<typeof categoryApisResponseSchema>
