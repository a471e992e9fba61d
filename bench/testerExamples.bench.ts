// The tester's answers from the documentation and its prefilled requests, over every operation of
// the catalogue (the operations seed, as the server serves it):
// - of the operations with a documented 2xx JSON answer, the share whose example answer is valid
//   against that answer's schema, checked by Ajv (with ajv-formats); the failures by cause, and
//   whether the tester's own check (used in the browser, where Ajv cannot compile) agrees;
// - the share of operations whose required fields (path, query and header parameters, and the
//   body's required fields) are all prefilled with no placeholder ("string", 0, empty).
// Targets: at least 95% for each. No network, no server.
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import type { OperationDetail, SchemaView } from '../src/contract/operations'
import { readOperationsApis } from '../server/catalog/operationsSeed'
import type { SeedOperation, SeedOperationsApi } from '../server/catalog/operations'
import {
  checkAgainst,
  documentedSuccess,
  exampleAnswer,
  type TreeSchema,
} from '../src/features/tester/lib/exampleAnswer'
import { preferredContent } from '../src/features/tester/lib/operationDraft'
import { isPlaceholder, parameterValue, requiredBody } from '../src/features/tester/lib/prefill'
import { round, writeResult } from './lib'

const ajv = new Ajv({ strict: false, allErrors: false, logger: false })
addFormats(ajv)
const compiled = new Map<string, ReturnType<typeof ajv.compile>>()
const causes = new Map<string, number>()
const samples = new Map<string, string>()

/** Ajv's verdict, as error lines; compiled once per distinct schema. */
const ajvCheck = (schema: TreeSchema, value: unknown): string[] => {
  const key = JSON.stringify(schema)
  let validate = compiled.get(key)
  if (!validate) {
    try {
      validate = ajv.compile(schema)
    } catch (error) {
      return [`uncompilable ${(error as Error).message.slice(0, 120)}`]
    }
    compiled.set(key, validate)
  }
  if (validate(value)) return []
  return (validate.errors ?? []).map(
    (e) =>
      `${e.keyword}${e.keyword === 'format' ? `:${String(e.params.format)}` : ''} ${e.instancePath}`,
  )
}

const detailOf = (api: SeedOperationsApi, op: SeedOperation): OperationDetail => {
  const view = (ref: number | null): SchemaView | null => (ref === null ? null : api.schemas[ref]!)
  return {
    ...op,
    apiId: api.id,
    descriptionHtml: '',
    servers: op.servers ?? api.servers,
    requestBody: op.requestBody && {
      ...op.requestBody,
      content: op.requestBody.content.map((c) => ({
        mediaType: c.mediaType,
        schema: view(c.schema),
      })),
    },
    responses: op.responses.map((r) => ({ ...r, schema: view(r.schema) })),
  }
}

/** Every leaf value of a prefilled body. */
const leaves = (value: unknown): unknown[] =>
  value && typeof value === 'object'
    ? Object.values(value as Record<string, unknown>).flatMap(leaves)
    : [value]

let operations = 0
let documented = 0
let valid = 0
let fromDocument = 0
let agree = 0
let withRequired = 0
let prefilledWell = 0
const placeholderFields = new Map<string, number>()
const started = performance.now()

for await (const { api } of readOperationsApis()) {
  for (const op of api.operations) {
    operations++
    const detail = detailOf(api, op)
    if (documentedSuccess(detail)) {
      documented++
      const answer = exampleAnswer(detail, ajvCheck)!
      if (answer.errors.length === 0) {
        valid++
        if (answer.source === 'document') fromDocument++
      } else {
        const cause = answer.errors[0]!.split(' ')[0]!
        causes.set(cause, (causes.get(cause) ?? 0) + 1)
        if (!samples.has(cause))
          samples.set(cause, `${api.id} ${op.operationKey} ${answer.errors[0]}`)
      }
      if (
        (checkAgainst(answer.schema, answer.value).length === 0) ===
        (answer.errors.length === 0)
      ) {
        agree++
      }
    }

    // The prefill: required parameters, then the body's required fields.
    const values: [string, unknown][] = detail.parameters
      .filter((p) => p.required && p.in !== 'cookie')
      .map((p) => [`${p.in}`, parameterValue(p)])
    const content = preferredContent(detail)
    if (content && /json|form/.test(content.mediaType)) {
      const body = requiredBody(content.schema)
      if (body && typeof body === 'object' && Object.keys(body).length > 0) {
        values.push(...leaves(body).map((v): [string, unknown] => ['body', v]))
      } else if (body !== undefined && typeof body !== 'object') values.push(['body', body])
    }
    if (values.length === 0) continue
    withRequired++
    const bad = values.filter(([, v]) => isPlaceholder(v))
    if (bad.length === 0) prefilledWell++
    else
      for (const [where] of bad)
        placeholderFields.set(where, (placeholderFields.get(where) ?? 0) + 1)
  }
}

const share = (n: number, of: number) => round((100 * n) / of, 2)
writeResult('testerExamples', {
  operations,
  examples: {
    operationsWithDocumented2xxJson: documented,
    validAgainstSchemaPercent: share(valid, documented),
    valid,
    fromTheDocumentsOwnExample: fromDocument,
    target: '>= 95% valid (Ajv 8 with ajv-formats)',
    failuresByCause: Object.fromEntries([...causes].sort((a, b) => b[1] - a[1])),
    failureSamples: Object.fromEntries(samples),
    browserCheckAgreesWithAjvPercent: share(agree, documented),
  },
  prefill: {
    operationsWithRequiredFields: withRequired,
    allRequiredNonPlaceholderPercent: share(prefilledWell, withRequired),
    allOperationsPercent: share(operations - withRequired + prefilledWell, operations),
    target: '>= 95% of operations with required fields',
    placeholdersBySource: Object.fromEntries(placeholderFields),
  },
  seconds: round((performance.now() - started) / 1000, 1),
})
