import { z } from 'zod'

const isoDateTime = z.iso.datetime({ offset: true })

/**
 * An API's measured health (server/health/): its last check and 30 days of history. Every figure
 * here was measured by our checker; null means it was not (yet).
 */
export const apiHealthSchema = z.object({
  /** The last measured check: `up` (an HTTP answer below 500), `down`; null before the first. */
  status: z.enum(['up', 'down']).nullable(),
  /** When the last measured check ran; null before the first. */
  checkedAt: isoDateTime.nullable(),
  /**
   * When the checker last tried and found no network at all (every check of its run failed the
   * same way: no DNS, no route); null when the last try measured something. It never marks an
   * API down.
   */
  networkUnavailableAt: isoDateTime.nullable(),
  /** The address checked: the base URL, else the docs, after redirects. */
  url: z.string().nullable(),
  httpStatus: z.number().int().nullable(),
  /** Median time to the answer's headers over the last 30 days' answered checks, in ms. */
  medianLatencyMs: z.number().int().nonnegative().nullable(),
  /** Share of the last 30 days' checks that found it up, from 0 to 1; null without checks. */
  availability: z.number().min(0).max(1).nullable(),
  /** How many checks the last 30 days hold. */
  checks: z.number().int().nonnegative(),
  /** The checked address answered over HTTPS with a valid certificate. */
  https: z.boolean().nullable(),
  /** Its http:// form redirects to https://. */
  redirectsToHttps: z.boolean().nullable(),
  tls: z.object({
    valid: z.boolean().nullable(),
    /** The certificate's expiry. */
    expiresAt: isoDateTime.nullable(),
  }),
  /** A preflight from our origin, as a page on another site meets the API. */
  cors: z.object({
    /** allowed: a web page on another site can call this API directly; null when not measured. */
    verdict: z.enum(['allowed', 'blocked']).nullable(),
    /** Access-Control-Allow-Origin as answered. */
    allowedOrigins: z.string().nullable(),
    /** Access-Control-Allow-Methods as answered. */
    allowedMethods: z.string().nullable(),
  }),
  /** Why the last check found it down, in words. */
  error: z.string().nullable(),
})
export type ApiHealth = z.infer<typeof apiHealthSchema>

/** What a card shows: the last check's outcome. */
export const apiHealthBadgeSchema = apiHealthSchema.pick({
  status: true,
  checkedAt: true,
  networkUnavailableAt: true,
})
export type ApiHealthBadge = z.infer<typeof apiHealthBadgeSchema>

/** One fact behind a "Verified working" badge, with when it was last found true. */
export const verifiedClaimSchema = z.object({
  kind: z.enum(['reachable', 'matches-document']),
  /** The claim in words, as the badge lists it. */
  claim: z.string(),
  /** The operation that answered as documented (for `matches-document`). */
  operationKey: z.string().nullable(),
  at: isoDateTime,
})

/**
 * "Verified working": found up in the last 48 hours, and at least one operation's last answer
 * matched its document. null when either is not so; a failed check removes it.
 */
export const verifiedSchema = z.object({
  /** Since when both have held without a break. */
  since: isoDateTime,
  claims: z.array(verifiedClaimSchema).min(1),
})
export type Verified = z.infer<typeof verifiedSchema>

/** How long a check that found an API up counts towards "verified". */
export const VERIFIED_WITHIN_MS = 48 * 3_600_000
