import type {
  OperationDetail,
  OperationMethod,
  OperationSummary,
  SchemaView,
  Server,
} from '../../src/contract/operations'
import type { Queryable } from '../db/database'
import { renderDescription } from './description'
import type { SeedOperation } from './operations'
import { plainText } from './text'

/** The only reader of the operations tables. */
export type OperationSet = {
  servers: Server[]
  sourceUrl: string | null
  sourceFormat: string
  operationCount: number
}

export const operationSet = async (db: Queryable, apiId: string) => {
  const [row] = await db.query<{
    servers: Server[]
    source_url: string | null
    source_format: string
    operation_count: number
  }>(
    `select servers, source_url, source_format, operation_count from api_operation_sets
     where api_id = $1`,
    [apiId],
  )
  return row
    ? ({
        servers: row.servers,
        sourceUrl: row.source_url,
        sourceFormat: row.source_format,
        operationCount: row.operation_count,
      } satisfies OperationSet)
    : undefined
}

export const apiExists = async (db: Queryable, apiId: string) =>
  (await db.query('select 1 from apis where id = $1', [apiId])).length > 0

type SummaryRow = {
  operation_key: string
  method: OperationMethod
  path: string
  operation_id: string | null
  summary: string
  tags: string[]
  deprecated: boolean
}

const toSummary = (row: SummaryRow): OperationSummary => ({
  operationKey: row.operation_key,
  method: row.method,
  path: row.path,
  operationId: row.operation_id,
  summary: row.summary,
  tags: row.tags,
  deprecated: row.deprecated,
})

/** A page of an API's operations, in the document's order. */
export const listOperations = async (
  db: Queryable,
  apiId: string,
  { page, limit }: { page: number; limit: number },
) =>
  (
    await db.query<SummaryRow>(
      `select operation_key, method, path, operation_id, summary, tags, deprecated
       from api_operations where api_id = $1 order by position limit $2 offset $3`,
      [apiId, limit, (page - 1) * limit],
    )
  ).map(toSummary)

type StoredDetail = Omit<SeedOperation, keyof OperationSummary>

/**
 * The description as sanitised HTML, or nothing when it says no more than the summary, which the
 * operation's row already shows: a document without summaries has each operation's description
 * as its summary (its text, cut at 160 characters), and would have it read twice.
 */
const descriptionBeyond = (description: string, summary: string) =>
  summary !== '' && plainText(description) === summary ? '' : renderDescription(description)

/** One operation, whole, with its schemas in place and its description rendered; undefined if unknown. */
export const operationDetail = async (
  db: Queryable,
  apiId: string,
  operationKey: string,
  apiServers: Server[],
): Promise<OperationDetail | undefined> => {
  const [row] = await db.query<SummaryRow & { detail: StoredDetail }>(
    `select operation_key, method, path, operation_id, summary, tags, deprecated, detail
     from api_operations where api_id = $1 and operation_key = $2`,
    [apiId, operationKey],
  )
  if (!row) return undefined
  const { detail } = row
  const refs = new Set<number>()
  for (const content of detail.requestBody?.content ?? []) {
    if (content.schema !== null) refs.add(content.schema)
  }
  for (const response of detail.responses) if (response.schema !== null) refs.add(response.schema)
  const views = new Map<number, SchemaView>()
  if (refs.size > 0) {
    const rows = await db.query<{ idx: number; view: SchemaView }>(
      `select idx, view from api_operation_schemas where api_id = $1 and idx = any($2::int[])`,
      [apiId, [...refs]],
    )
    for (const { idx, view } of rows) views.set(idx, view)
  }
  const view = (ref: number | null) => (ref === null ? null : (views.get(ref) ?? null))
  return {
    ...toSummary(row),
    apiId,
    description: detail.description,
    descriptionHtml: descriptionBeyond(detail.description, row.summary),
    parameters: detail.parameters,
    requestBody: detail.requestBody && {
      required: detail.requestBody.required,
      description: detail.requestBody.description,
      content: detail.requestBody.content.map((content) => ({
        mediaType: content.mediaType,
        schema: view(content.schema),
      })),
    },
    responses: detail.responses.map((response) => ({ ...response, schema: view(response.schema) })),
    security: detail.security,
    servers: detail.servers ?? apiServers,
    ...(detail.codeSamples ? { codeSamples: detail.codeSamples } : {}),
  }
}
