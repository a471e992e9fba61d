import { z } from 'zod'
import { apiSummarySchema } from './apis'

/** A comparison puts 2 to 4 APIs side by side. */
export const COMPARE_MIN = 2
export const COMPARE_MAX = 4

/** What a cell says when nobody measured or stated the value: never a guess. */
export const UNKNOWN = 'unknown'

const idsMessage = `must list ${COMPARE_MIN} to ${COMPARE_MAX} API ids separated by commas, e.g. stripe-com,braintreegateway-com`

/** The ids of `?ids=a,b,c`, each once, in the order given. */
export const compareIdsSchema = z
  .string({ message: idsMessage })
  .max(1000, 'must be at most 1000 characters')
  .transform((text) =>
    text
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  )
  .superRefine((ids, context) => {
    const push = (message: string) => context.addIssue({ code: 'custom', message })
    if (ids.length < COMPARE_MIN) {
      push(
        `needs at least ${COMPARE_MIN} APIs to compare; ${ids.length === 0 ? 'none was' : 'only 1 was'} given`,
      )
    } else if (ids.length > COMPARE_MAX) {
      push(`compares at most ${COMPARE_MAX} APIs at once; ${ids.length} were given`)
    }
    const seen = new Set<string>()
    for (const id of ids) {
      if (seen.has(id)) push(`names ${id} twice; give each API once`)
      seen.add(id)
    }
  })

/** GET /api/compare */
export const compareQuerySchema = z.object({ ids: compareIdsSchema })

/** One cell: the value in words, where it came from, and when it was measured or stated. */
export const compareValueSchema = z.object({
  /** `unknown` when neither a source nor our checker says. */
  value: z.string().min(1),
  /** Where the value came from: a source, our checker, or why nothing says. */
  source: z.string().min(1),
  /** When: an ISO date (a source's snapshot) or date-time (a measurement). */
  asOf: z.string().min(1),
})
export type CompareValue = z.infer<typeof compareValueSchema>

export const COMPARE_ROW_KEYS = [
  'auth',
  'https',
  'cors',
  'freeTier',
  'operations',
  'documentVersion',
  'lastUpdate',
  'availability',
  'latency',
  'conformance',
  'changes',
  'codeSamples',
  'rateLimits',
  'sources',
] as const
export type CompareRowKey = (typeof COMPARE_ROW_KEYS)[number]

/** One row: one value per API, in the order of `apis`. */
export const compareRowSchema = z.object({
  key: z.enum(COMPARE_ROW_KEYS),
  label: z.string().min(1),
  values: z.array(compareValueSchema),
})
export type CompareRow = z.infer<typeof compareRowSchema>

/** The APIs compared, as the columns' heads: each record's id and its entry's. */
export const comparedApiSchema = apiSummarySchema
  .pick({ id: true, name: true, provider: true, category: true })
  .extend({ entry: z.string().min(1) })
export type ComparedApi = z.infer<typeof comparedApiSchema>

export const compareResponseSchema = z.object({
  success: z.literal(true),
  apis: z.array(comparedApiSchema).min(COMPARE_MIN).max(COMPARE_MAX),
  rows: z.array(compareRowSchema),
})
export type CompareResponse = z.infer<typeof compareResponseSchema>

/** GET /api/apis/:id/similar: up to five entries of its category with the most words in common. */
export const SIMILAR_MAX = 5

export const similarApiSchema = apiSummarySchema
  .pick({ id: true, name: true, provider: true, summary: true, category: true })
  .extend({
    /** The operation words both share, most telling first (at most 5). */
    sharedTerms: z.array(z.string()),
  })
export type SimilarApi = z.infer<typeof similarApiSchema>

export const similarResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** The entry the list is for (a version's id answers for its entry). */
    api: z.string().min(1),
    similar: z.array(similarApiSchema).max(SIMILAR_MAX),
  }),
})
export type SimilarResponse = z.infer<typeof similarResponseSchema>
