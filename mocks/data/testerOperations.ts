// Operations the tester's stories fill the form from, one per body type and auth scheme, cut down
// from the catalogue's (Stripe, Twilio, an upload, a key in a cookie).
import type { OperationDetail, SecurityScheme } from '@/contract/operations'

const base = {
  tags: [],
  deprecated: false,
  description: '',
  descriptionHtml: '',
  parameters: [],
  security: [],
} satisfies Partial<OperationDetail>

const basic: SecurityScheme = {
  key: 'basicAuth',
  kind: 'basic',
  scheme: 'basic',
  scopes: [],
  description: '',
}
const bearer: SecurityScheme = {
  key: 'bearerAuth',
  kind: 'bearer',
  scheme: 'bearer',
  scopes: [],
  description: '',
}

/** Stripe's create-a-customer: a form body with nested metadata, Basic or Bearer auth. */
export const stripeCustomerOperation: OperationDetail = {
  ...base,
  apiId: 'stripe-com',
  operationKey: 'PostCustomers',
  operationId: 'PostCustomers',
  method: 'POST',
  path: '/v1/customers',
  summary: 'Creates a new customer object.',
  servers: [{ url: 'https://api.stripe.com', description: '' }],
  security: [[basic], [bearer]],
  requestBody: {
    required: false,
    description: '',
    content: [
      {
        mediaType: 'application/x-www-form-urlencoded',
        schema: {
          truncated: false,
          tree: {
            type: 'object',
            children: [
              { name: 'email', type: 'string' },
              { name: 'name', type: 'string' },
              {
                name: 'metadata',
                type: 'anyOf',
                children: [
                  {
                    name: 'option 1',
                    type: 'object',
                    children: [{ name: '{any key}', type: 'string' }],
                  },
                  { name: 'option 2', type: 'string', enum: [''] },
                ],
              },
            ],
          },
        },
      },
    ],
  },
  responses: [
    {
      status: '200',
      description: 'Successful response.',
      mediaTypes: ['application/json'],
      schema: {
        truncated: false,
        exampleSource: 'generated',
        example: { id: 'string', object: 'customer', created: 0, livemode: true },
        tree: {
          type: 'object',
          children: [
            { name: 'id', type: 'string', required: true },
            { name: 'object', type: 'string', enum: ['customer'], required: true },
            { name: 'created', type: 'integer', required: true },
            { name: 'email', type: 'string | null', format: 'email' },
            { name: 'livemode', type: 'boolean', required: true },
          ],
        },
      },
    },
  ],
}

/** Twilio's send-a-message: a form body whose required To is a phone number; Basic auth. */
export const twilioMessageOperation: OperationDetail = {
  ...base,
  apiId: 'twilio-com-api',
  operationKey: 'CreateMessage',
  operationId: 'CreateMessage',
  method: 'POST',
  path: '/2010-04-01/Accounts/{AccountSid}/Messages.json',
  summary: 'Send a message',
  servers: [{ url: 'https://api.twilio.com', description: '' }],
  security: [[{ ...basic, key: 'accountSid_authToken', kind: 'http' }]],
  parameters: [{ name: 'AccountSid', in: 'path', required: true, type: 'string', description: '' }],
  requestBody: {
    required: true,
    description: '',
    content: [
      {
        mediaType: 'application/x-www-form-urlencoded',
        schema: {
          truncated: false,
          tree: {
            type: 'object',
            children: [
              { name: 'To', type: 'string', format: 'phone-number', required: true },
              { name: 'From', type: 'string', format: 'phone-number' },
              { name: 'Body', type: 'string' },
            ],
          },
        },
      },
    ],
  },
  responses: [],
}

/** An upload: a multipart body with a file part and a purpose; an API key in a header. */
export const uploadOperation: OperationDetail = {
  ...base,
  apiId: 'files-example',
  operationKey: 'uploadFile',
  operationId: 'uploadFile',
  method: 'POST',
  path: '/v1/files',
  summary: 'Upload a file',
  servers: [{ url: 'https://files.example.com', description: '' }],
  security: [
    [
      {
        key: 'api_key',
        kind: 'apiKey',
        in: 'header',
        parameter: 'X-Api-Key',
        scopes: [],
        description: '',
      },
    ],
  ],
  requestBody: {
    required: true,
    description: '',
    content: [
      {
        mediaType: 'multipart/form-data',
        schema: {
          truncated: false,
          tree: {
            type: 'object',
            children: [
              { name: 'file', type: 'string', format: 'binary', required: true },
              {
                name: 'purpose',
                type: 'string',
                enum: ['dispute_evidence', 'identity_document'],
                required: true,
              },
            ],
          },
        },
      },
    ],
  },
  responses: [],
}

/** A session key in a cookie, as the document names it. */
export const cookieKeyOperation: OperationDetail = {
  ...base,
  apiId: 'cookie-example',
  operationKey: 'getProfile',
  operationId: 'getProfile',
  method: 'GET',
  path: '/v1/profile',
  summary: 'Your profile',
  servers: [{ url: 'https://cookie.example.com', description: '' }],
  security: [
    [
      {
        key: 'session',
        kind: 'apiKey',
        in: 'cookie',
        parameter: 'SESSIONID',
        scopes: [],
        description: '',
      },
    ],
  ],
  requestBody: null,
  responses: [],
}

export const testerOperations = [
  stripeCustomerOperation,
  twilioMessageOperation,
  uploadOperation,
  cookieKeyOperation,
]
