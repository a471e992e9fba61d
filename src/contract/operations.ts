import { z } from 'zod'

/** The methods an OpenAPI path item may hold, as the catalogue writes them. */
export const OPERATION_METHODS = [
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
] as const
export const operationMethodSchema = z.enum(OPERATION_METHODS)
export type OperationMethod = z.infer<typeof operationMethodSchema>

/** A value a document gives as example, default or enum member: any JSON. */
const jsonValue = z.unknown()

/**
 * One field of a schema as a readable tree. `type` reads as a person would say it: `string`,
 * `array<object>`, `oneOf`, `string | null`. A branch that would loop is cut and marked
 * `circular`; one deeper than the build keeps, or past the tree's size cap, is marked `truncated`.
 */
export type SchemaNode = {
  name?: string
  type: string
  format?: string
  required?: boolean
  deprecated?: boolean
  readOnly?: boolean
  writeOnly?: boolean
  /** Plain text, clipped. */
  description?: string
  enum?: unknown[]
  default?: unknown
  example?: unknown
  children?: SchemaNode[]
  /** The branch refers back to one of its ancestors; it is not expanded again. */
  circular?: boolean
  /** Children left out: too deep, or the tree reached its size cap. */
  truncated?: boolean
  /** With `circular`: the depth of the ancestor it refers back to (0 is the tree's root). */
  refersTo?: number
  /** For a node with options (oneOf, anyOf): the property whose value says which one applies. */
  discriminator?: string
}
export const schemaNodeSchema: z.ZodType<SchemaNode> = z.lazy(() =>
  z.object({
    name: z.string().optional(),
    type: z.string(),
    format: z.string().optional(),
    required: z.boolean().optional(),
    deprecated: z.boolean().optional(),
    readOnly: z.boolean().optional(),
    writeOnly: z.boolean().optional(),
    description: z.string().optional(),
    enum: z.array(jsonValue).optional(),
    default: jsonValue.optional(),
    example: jsonValue.optional(),
    children: z.array(schemaNodeSchema).optional(),
    circular: z.boolean().optional(),
    truncated: z.boolean().optional(),
    refersTo: z.number().int().min(0).optional(),
    discriminator: z.string().optional(),
  }),
)

/** One of the examples a document names for a body or a response (OpenAPI 3's `examples`). */
export const namedExampleSchema = z.object({
  name: z.string(),
  summary: z.string().optional(),
  value: jsonValue,
})
export type NamedExample = z.infer<typeof namedExampleSchema>

/** A schema as an operation shows it: the tree, an example, and whether either was cut. */
export const schemaViewSchema = z.object({
  tree: schemaNodeSchema,
  /** The document's own example, else one generated from the schema; absent when too large. */
  example: jsonValue.optional(),
  exampleSource: z.enum(['document', 'generated']).optional(),
  /** Every example the document names, when it names more than one; `example` is the first. */
  examples: z.array(namedExampleSchema).optional(),
  /** Something was left out: a branch too deep, the tree's node cap, or an example too large. */
  truncated: z.boolean(),
})
export type SchemaView = z.infer<typeof schemaViewSchema>

export const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'cookie'] as const
export const parameterSchema = z.object({
  name: z.string(),
  in: z.enum(PARAMETER_LOCATIONS),
  required: z.boolean(),
  type: z.string(),
  format: z.string().optional(),
  enum: z.array(jsonValue).optional(),
  default: jsonValue.optional(),
  example: jsonValue.optional(),
  deprecated: z.boolean().optional(),
  /** Plain text, clipped. */
  description: z.string(),
})
export type Parameter = z.infer<typeof parameterSchema>

export const mediaContentSchema = z.object({
  mediaType: z.string(),
  schema: schemaViewSchema.nullable(),
})
export type MediaContent = z.infer<typeof mediaContentSchema>

export const requestBodySchema = z.object({
  required: z.boolean(),
  description: z.string(),
  content: z.array(mediaContentSchema),
})
export type RequestBody = z.infer<typeof requestBodySchema>

export const responseSchema = z.object({
  /** `200`, `4XX`, `default`. */
  status: z.string(),
  description: z.string(),
  mediaTypes: z.array(z.string()),
  /** Only for the main success response (the lowest 2XX); null elsewhere or when it has none. */
  schema: schemaViewSchema.nullable(),
})
export type OperationResponse = z.infer<typeof responseSchema>

export const AUTH_SCHEME_KINDS = [
  'apiKey',
  'bearer',
  'basic',
  'oauth2',
  'openIdConnect',
  'mutualTLS',
  'http',
] as const
/** One OAuth 2 flow a scheme declares: its endpoints and the scopes it offers. */
export const oauthFlowSchema = z.object({
  authorizationUrl: z.string().optional(),
  tokenUrl: z.string().optional(),
  refreshUrl: z.string().optional(),
  /** The device authorization endpoint (OpenAPI 3.2's `deviceAuthorization` flow). */
  deviceAuthorizationUrl: z.string().optional(),
  scopes: z.array(z.string()),
})
export type OAuthFlow = z.infer<typeof oauthFlowSchema>

/** The flows of an `oauth2` scheme, by the names OpenAPI 3 gives them. */
export const oauthFlowsSchema = z.object({
  authorizationCode: oauthFlowSchema.optional(),
  clientCredentials: oauthFlowSchema.optional(),
  deviceAuthorization: oauthFlowSchema.optional(),
  implicit: oauthFlowSchema.optional(),
  password: oauthFlowSchema.optional(),
})
export type OAuthFlows = z.infer<typeof oauthFlowsSchema>

/**
 * A security scheme under its real name. For an API key, `in` and `parameter` say where it goes
 * (the `X-API-Key` header, the `api_key` query parameter); for `http`, `scheme` is its scheme.
 */
export const securitySchemeSchema = z.object({
  /** The name the document gives the scheme (`api_key`, `oauth2`). */
  key: z.string(),
  kind: z.enum(AUTH_SCHEME_KINDS),
  in: z.enum(['header', 'query', 'cookie']).optional(),
  parameter: z.string().optional(),
  scheme: z.string().optional(),
  bearerFormat: z.string().optional(),
  scopes: z.array(z.string()),
  description: z.string(),
  /** An `oauth2` scheme's flows, when the document gives them. */
  flows: oauthFlowsSchema.optional(),
})
export type SecurityScheme = z.infer<typeof securitySchemeSchema>

/** A code sample the document gives for an operation (the `x-codeSamples` extension). */
export const codeSampleSchema = z.object({
  lang: z.string(),
  label: z.string().optional(),
  source: z.string(),
})
export type CodeSample = z.infer<typeof codeSampleSchema>

export const serverSchema = z.object({ url: z.string(), description: z.string() })
export type Server = z.infer<typeof serverSchema>

/** How lists show an operation. `operationKey` is what the detail route and the tester take. */
export const operationSummarySchema = z.object({
  operationKey: z.string().min(1),
  method: operationMethodSchema,
  path: z.string().min(1),
  operationId: z.string().nullable(),
  /** Plain text, possibly empty. */
  summary: z.string(),
  tags: z.array(z.string()),
  deprecated: z.boolean(),
})
export type OperationSummary = z.infer<typeof operationSummarySchema>

export const operationDetailSchema = operationSummarySchema.extend({
  apiId: z.string(),
  /** Markdown from the document, clipped. */
  description: z.string(),
  /** The description rendered and sanitised by the server. */
  descriptionHtml: z.string(),
  parameters: z.array(parameterSchema),
  requestBody: requestBodySchema.nullable(),
  responses: z.array(responseSchema),
  /**
   * Alternatives: any one inner list satisfies the operation, and an inner list needs all of its
   * schemes. Empty: the operation needs no auth. An empty inner list: auth is optional.
   */
  security: z.array(z.array(securitySchemeSchema)),
  /** The operation's servers (its own, else its path's, else the document's), resolved. */
  servers: z.array(serverSchema),
  /** The document's own code samples (`x-codeSamples`), when it gives them. */
  codeSamples: z.array(codeSampleSchema).optional(),
})
export type OperationDetail = z.infer<typeof operationDetailSchema>

/** `:id` and `:operationKey`: the key is an operationId, or `METHOD path` URL-encoded. */
export const operationParamsSchema = z.object({
  id: z.string().min(1).max(200),
  operationKey: z
    .string()
    .min(1, 'operationKey must not be empty')
    .max(1000, 'operationKey must be at most 1000 characters'),
})

/**
 * Operations a page of the list holds at most, so that a page stays under 256 KB: the densest 300
 * operations of the catalogue take 215 KB as listed (500 would take up to 348 KB).
 */
export const MAX_OPERATIONS_PAGE = 300

const wholeNumber = (max: number) =>
  z.coerce
    .number({ message: `must be a whole number from 1 to ${max}` })
    .int(`must be a whole number from 1 to ${max}`)
    .min(1, `must be a whole number from 1 to ${max}`)
    .max(max, `must be a whole number from 1 to ${max}`)

/** The longest search an API page sends; longer text is refused rather than cut. */
export const MAX_OPERATION_SEARCH = 200

/**
 * GET /api/apis/:id/operations: a page of the list, the first and fullest by default. With
 * `search`, a page of the operations matching its words (stemmed, in path, summary, description,
 * parameter names, operationId and tags), best first; blank is no search.
 */
export const operationListQuerySchema = z.object({
  page: wholeNumber(100_000).default(1),
  limit: wholeNumber(MAX_OPERATIONS_PAGE).default(MAX_OPERATIONS_PAGE),
  search: z
    .string()
    .max(MAX_OPERATION_SEARCH, `must be at most ${MAX_OPERATION_SEARCH} characters`)
    .transform((text) => text.trim())
    .optional(),
})
export type OperationListQuery = z.input<typeof operationListQuerySchema>

export const operationListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    apiId: z.string(),
    /** The API's servers, resolved. */
    servers: z.array(serverSchema),
    /** This page's operations, in the document's order (a search's: best first). */
    operations: z.array(operationSummarySchema),
    /** Operations in all (a search's: that match), over every page. */
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  }),
})
export type OperationListResponse = z.infer<typeof operationListResponseSchema>

export const operationDetailResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ operation: operationDetailSchema }),
})
export type OperationDetailResponse = z.infer<typeof operationDetailResponseSchema>

/** The key of an operation without an operationId. */
export const fallbackOperationKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path}`
