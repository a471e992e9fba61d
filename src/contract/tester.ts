import { z } from 'zod'
import { TESTER_LIMITS, TESTER_METHODS } from './testerConstants'
import {
  COOKIE_LIMITS,
  cookieDomainProblem,
  cookieExpiresProblem,
  cookieNameProblem,
  cookiePathProblem,
  cookieValueProblem,
} from './testerCookies'

// The plain values live apart from the schemas so the tester screen can use them without zod.
export * from './testerConstants'
export * from './testerCookies'

// RFC 9110 token characters.
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/
// No CR, LF or NUL: they would split one header into two.
const headerValue = /^[^\r\n\0]*$/

/** An absolute http(s) URL the tester may be asked to reach (the guard judges its address). */
export const testUrl = z
  .string()
  .trim()
  .min(1, 'Enter a URL')
  .max(TESTER_LIMITS.urlLength, `must be at most ${TESTER_LIMITS.urlLength} characters`)
  .superRefine((value, ctx) => {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not a valid absolute URL (http:// or https://)' })
      return
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: `must use http or https, not ${url.protocol}` })
    }
    if (url.username || url.password) {
      ctx.addIssue({
        code: 'custom',
        message: 'must not contain a user name or password; send them in an Authorization header',
      })
    }
  })

/** A check from testerCookies.ts as a refinement, so the server and the jar's editor agree. */
const checked = <T>(problem: (value: T) => string | null) =>
  z.custom<T>().superRefine((value, ctx) => {
    const message = problem(value)
    if (message) ctx.addIssue({ code: 'custom', message })
  })

const cookieRefSchema = z.object({
  name: z.string().max(COOKIE_LIMITS.bytes).pipe(checked(cookieNameProblem)),
  domain: z.string().max(253).pipe(checked(cookieDomainProblem)),
  path: z.string().max(COOKIE_LIMITS.pathLength).pipe(checked(cookiePathProblem)),
})

export const jarCookieSchema = z
  .object({
    name: z.string().max(COOKIE_LIMITS.bytes).pipe(checked(cookieNameProblem)),
    value: z.string().max(COOKIE_LIMITS.bytes),
    // A Domain attribute's leading dot means nothing since RFC 6265.
    domain: z
      .string()
      .max(254)
      .transform((domain) => domain.replace(/^\./, '').toLowerCase())
      .pipe(checked(cookieDomainProblem)),
    path: z.string().max(COOKIE_LIMITS.pathLength).pipe(checked(cookiePathProblem)).default('/'),
    expires: z.string().max(64).nullable().pipe(checked(cookieExpiresProblem)).default(null),
    secure: z.boolean().default(false),
    httpOnly: z.boolean().default(false),
    hostOnly: z.boolean().default(true),
    sameSite: z.enum(['strict', 'lax', 'none']).nullable().default(null),
  })
  .superRefine((cookie, ctx) => {
    const message = cookieValueProblem(cookie.value, cookie.name)
    if (message) ctx.addIssue({ code: 'custom', path: ['value'], message })
  })

export const cookieChangesSchema = z.object({
  added: z.array(cookieRefSchema),
  updated: z.array(cookieRefSchema),
  removed: z.array(cookieRefSchema),
})

export const testRequestSchema = z.object({
  method: z.enum(TESTER_METHODS, {
    message: `must be one of ${TESTER_METHODS.join(', ')}`,
  }),
  url: testUrl,
  headers: z
    .record(
      z.string().regex(headerName, 'is not a valid header name'),
      z
        .string()
        .max(TESTER_LIMITS.headerValueLength, 'is longer than 8 KiB')
        .regex(headerValue, 'must not contain line breaks'),
    )
    .refine((headers) => Object.keys(headers).length <= TESTER_LIMITS.headerCount, {
      message: `at most ${TESTER_LIMITS.headerCount} headers`,
    })
    .default({}),
  /** A string is sent as it is; any other JSON value is sent as JSON; null or absent sends none. */
  body: z
    .union([z.string().max(TESTER_LIMITS.bodyLength, 'is larger than 1 MiB'), z.json()])
    .nullish(),
  /** `base64`: `body` is a string of base64 bytes, sent as those bytes (a multipart upload). */
  bodyEncoding: z.enum(['base64'], { message: 'must be base64 when given' }).optional(),
  /** Follow up to 5 redirects, checking each hop (default); false returns the 3xx itself. */
  followRedirects: z.boolean().default(true),
  /**
   * The person's cookie jar for this environment. Each hop gets the cookies that match its URL
   * and the jar takes each hop's Set-Cookie; the answer carries the jar as it ends.
   */
  cookies: z
    .array(jarCookieSchema)
    .max(COOKIE_LIMITS.count, `at most ${COOKIE_LIMITS.count} cookies`)
    .optional(),
})
export type TestRequest = z.input<typeof testRequestSchema>
export type ParsedTestRequest = z.output<typeof testRequestSchema>

const ms = z.number().nonnegative()

export const testTimingSchema = z.object({
  dns: ms,
  connect: ms,
  tls: ms,
  firstByte: ms,
  download: ms,
  total: ms,
})
export type TestTiming = z.infer<typeof testTimingSchema>

export const testRedirectSchema = z.object({
  url: z.string(),
  status: z.number().int(),
  location: z.string(),
})
export type TestRedirect = z.infer<typeof testRedirectSchema>

/** The request as it was sent, with Authorization, API keys and the like masked. */
export const sentRequestSchema = z.object({
  method: z.enum(TESTER_METHODS),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string().nullable(),
})
export type SentRequest = z.infer<typeof sentRequestSchema>

export const testResponseDataSchema = z.object({
  /** The upstream's status code, or 'Error' when it could not be reached. */
  status: z.union([z.number().int(), z.literal('Error')]),
  statusText: z.string(),
  /** Repeated headers (every Set-Cookie) keep every value. */
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** Parsed JSON, text, base64 (binary) or null (no body, or a network error). */
  data: z.unknown(),
  bodyEncoding: z.enum(['json', 'text', 'base64', 'none']),
  contentType: z.string().nullable(),
  /** The body was cut at the size cap. */
  truncated: z.boolean(),
  size: z.object({ headers: z.number().int(), body: z.number().int() }),
  responseTime: ms,
  timing: testTimingSchema,
  redirects: z.array(testRedirectSchema),
  /** The address that answered last (after redirects). */
  url: z.string(),
  timestamp: z.iso.datetime(),
  request: sentRequestSchema,
  /** Why the upstream could not be reached (with status 'Error'). */
  error: z.string().optional(),
  /** The jar after every hop's Set-Cookie: present when the request had one or the answer set any. */
  cookies: z.array(jarCookieSchema).optional(),
  /** What the answer did to the jar (with `cookies`). */
  cookieChanges: cookieChangesSchema.optional(),
})
export type TestResponseData = z.infer<typeof testResponseDataSchema>

export const testResponseSchema = z.object({
  success: z.literal(true),
  data: testResponseDataSchema,
})
export type TestResponse = z.infer<typeof testResponseSchema>
