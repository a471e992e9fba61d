// The tester's one request model, versioned: what the form edits and sends, and what history, a
// saved request, a share link, an import and an export hold (the model or a projection of it).
// Whatever comes from outside the running page (local storage, IndexedDB, a link, a file) is read
// here, by the schema of the version it was written in, and migrated to the current one.
// The plain values and projections the tester's first load needs, free of zod, are in
// testerRequestModel.ts.
import { z } from 'zod'
import { TESTER_AUTH_KINDS, TESTER_LIMITS, TESTER_METHODS } from './testerConstants'
import { headersToText, TESTER_REQUEST_VERSION } from './testerRequestModel'

export * from './testerRequestModel'

/** A multipart part: a text field, or a file read into base64. */
export const bodyPartSchema = z.union([
  z.object({ name: z.string(), value: z.string() }),
  z.object({
    name: z.string(),
    file: z.object({ name: z.string(), type: z.string(), base64: z.string() }),
  }),
])
export type BodyPart = z.infer<typeof bodyPartSchema>

/**
 * The request model (version 2). The form keeps headers and body as the text a person edits; what
 * is sent is made from it (the wire's testRequestSchema in tester.ts).
 */
export const testerRequestSchema = z.object({
  method: z.enum(TESTER_METHODS),
  url: z.string(),
  headersText: z.string(),
  bodyText: z.string(),
  /** Follow up to 5 redirects, each checked by the server's guard; false returns the 3xx itself. */
  followRedirects: z.boolean(),
  /**
   * A multipart body's fields and files, when the Content-Type is multipart/form-data. History and
   * share links never hold them.
   */
  parts: z.array(bodyPartSchema).optional(),
})
export type TesterRequest = z.infer<typeof testerRequestSchema>

/** The model as it is written outside the page (IndexedDB, local storage): with its version. */
export const storedTesterRequestSchema = testerRequestSchema.extend({
  v: z.literal(TESTER_REQUEST_VERSION),
})
export type StoredTesterRequest = z.infer<typeof storedTesterRequestSchema>

// ---- Older versions ------------------------------------------------------------------------

/**
 * Version 1: the form's fields as the tester wrote them before requests carried a version (saved
 * requests in IndexedDB, history in local storage). Read leniently: the redirect switch defaults
 * to on, as the form's did, and parts that cannot be read are dropped rather than the request.
 */
export const testerRequestV1Schema = z.object({
  method: z.enum(TESTER_METHODS),
  url: z.string(),
  headersText: z.string().catch(''),
  bodyText: z.string().catch(''),
  followRedirects: z.boolean().catch(true),
  parts: z.array(bodyPartSchema).optional().catch(undefined),
})
export type TesterRequestV1 = z.infer<typeof testerRequestV1Schema>

/** Version 1 to 2: the same fields, now versioned; nothing unknown carried over. */
export const migrateV1 = ({ parts, ...request }: TesterRequestV1): TesterRequest => ({
  ...request,
  ...(parts ? { parts } : {}),
})

/**
 * Any stored request, of any version, as the current model; null when it is no request at all.
 * Without a version it is version 1.
 */
export function readTesterRequest(value: unknown): TesterRequest | null {
  if (!value || typeof value !== 'object') return null
  const version = (value as { v?: unknown }).v
  if (version === TESTER_REQUEST_VERSION) {
    const parsed = storedTesterRequestSchema.safeParse(value)
    if (!parsed.success) return null
    const { v: _version, ...request } = parsed.data
    return request
  }
  if (version !== undefined) return null
  const v1 = testerRequestV1Schema.safeParse(value)
  return v1.success ? migrateV1(v1.data) : null
}

// ---- History: a projection -----------------------------------------------------------------

/** A sent request as history keeps it (secrets masked, no parts), with how it went. */
export const historyEntrySchema = testerRequestSchema.omit({ parts: true }).extend({
  id: z.string(),
  /** The upstream's status, 'Error', or 'Refused' when our server would not send it. */
  status: z.union([z.number(), z.literal('Error'), z.literal('Refused')]),
  responseTime: z.number().nullable(),
  sentAt: z.string(),
})
export type HistoryEntry = z.infer<typeof historyEntrySchema>

// Read as leniently as the tester always read it: only the id is needed.
const outcomeSchema = z.object({
  id: z.string(),
  status: historyEntrySchema.shape.status.catch('Error'),
  responseTime: z.number().nullable().catch(null),
  sentAt: z.string().catch(''),
})

/**
 * History as local storage holds it, every entry migrated to the current model. Version 1 is the
 * unversioned array of entries; entries that are no request are left out.
 */
export function readHistory(value: unknown): HistoryEntry[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((stored: unknown) => {
    const request = readTesterRequest(stored)
    const outcome = outcomeSchema.safeParse(stored)
    if (!request || !outcome.success) return []
    const { parts: _parts, ...kept } = request
    return [{ ...outcome.data, ...kept }]
  })
}

// ---- Share links: a projection -------------------------------------------------------------

/** The auth helper's kind last applied, and the header or parameter it went in. */
export const authChoiceSchema = z.object({
  kind: z.enum(TESTER_AUTH_KINDS),
  name: z.string().max(256),
})
export type AuthChoice = z.infer<typeof authChoiceSchema>

// A header name as the tester's server takes it (RFC 9110 token), or a placeholder.
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/

/**
 * What a share link carries (its format 1): the model's method, URL and redirect switch, its
 * headers as sent (an object), its body as typed, and the GraphQL mode and auth helper's kind.
 */
export const sharedRequestSchema = testerRequestSchema
  .omit({ headersText: true, bodyText: true, parts: true })
  .extend({
    url: z
      .string()
      .max(TESTER_LIMITS.urlLength, `longer than ${TESTER_LIMITS.urlLength} characters`),
    headers: z
      .record(
        z.string().regex(headerName, 'a header name the tester cannot send'),
        z
          .string()
          .max(TESTER_LIMITS.headerValueLength, 'a header value longer than 8 KiB')
          .regex(/^[^\r\n\0]*$/, 'a header value with a line break'),
      )
      .refine((headers) => Object.keys(headers).length <= TESTER_LIMITS.headerCount, {
        message: `more than ${TESTER_LIMITS.headerCount} headers`,
      }),
    body: z.string().max(TESTER_LIMITS.bodyLength, 'a body larger than 1 MiB'),
    graphql: z.boolean(),
    auth: authChoiceSchema.nullable(),
  })
export type SharedRequest = z.infer<typeof sharedRequestSchema>

/** The model a link opens: its headers as the form's text, its body as typed. */
export function fromSharedRequest({
  headers,
  body,
  graphql: _graphql,
  auth: _auth,
  ...request
}: SharedRequest): TesterRequest {
  return { ...request, headersText: headersToText(headers), bodyText: body }
}
