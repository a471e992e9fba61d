import SwaggerParser from '@apidevtools/swagger-parser'
import { describe, expect, it } from 'vitest'
import type { SchemaNode } from '../../src/contract/operations'
import { extractOperations, MAX_TREE_DEPTH, MAX_TREE_NODES, schemaTree } from './operations'

type Json = Record<string, unknown>

/** Dereferenced as the build does it: swagger-parser, circular references kept as objects. */
const dereference = async (doc: Json) => {
  const copy = structuredClone(doc)
  await new SwaggerParser().dereference(
    copy as never,
    {
      resolve: { external: false },
      dereference: { circular: true },
      validate: { schema: false, spec: false },
    } as never,
  )
  return copy
}

const find = (node: SchemaNode, name: string) => node.children?.find((c) => c.name === name)

const swagger2: Json = {
  swagger: '2.0',
  info: { title: 'Pets', version: '1' },
  host: 'pets.example.com',
  basePath: '/v1/',
  schemes: ['https'],
  consumes: ['application/json'],
  produces: ['application/json'],
  securityDefinitions: {
    key: { type: 'apiKey', in: 'query', name: 'api_key' },
    basicAuth: { type: 'basic' },
  },
  security: [{ key: [] }],
  definitions: {
    Pet: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', example: 'Rex' },
        tag: { type: 'string', enum: ['dog', 'cat'] },
      },
    },
  },
  paths: {
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, type: 'integer', format: 'int64' }],
      get: {
        operationId: 'getPet',
        summary: 'One pet',
        tags: ['pets'],
        parameters: [{ name: 'fields', in: 'query', type: 'string', default: 'all' }],
        responses: {
          '200': { description: 'The pet', schema: { $ref: '#/definitions/Pet' } },
          '404': { description: 'No such pet' },
        },
      },
      put: {
        parameters: [
          { name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } },
        ],
        security: [{ basicAuth: [] }],
        deprecated: true,
        responses: { '204': { description: 'Saved' } },
      },
    },
    '/pets/{petId}/photo': {
      post: {
        operationId: 'uploadPhoto',
        consumes: ['multipart/form-data'],
        parameters: [
          { name: 'petId', in: 'path', required: true, type: 'integer' },
          { name: 'file', in: 'formData', required: true, type: 'file' },
          { name: 'caption', in: 'formData', type: 'string' },
        ],
        responses: { '201': { description: 'Stored' } },
      },
    },
  },
}

describe('extractOperations: Swagger 2.0', () => {
  it('reads parameters, bodies, responses, security and servers', async () => {
    const { servers, operations, schemas } = extractOperations(await dereference(swagger2), {
      originUrl: undefined,
    })
    expect(servers).toEqual([{ url: 'https://pets.example.com/v1', description: '' }])
    expect(operations.map((o) => o.operationKey)).toEqual([
      'getPet',
      'PUT /pets/{petId}',
      'uploadPhoto',
    ])
    const [get, put, upload] = operations
    expect(get!.parameters).toEqual([
      expect.objectContaining({ name: 'petId', in: 'path', required: true, type: 'integer' }),
      expect.objectContaining({ name: 'fields', in: 'query', required: false, default: 'all' }),
    ])
    expect(get!.security).toEqual([
      [expect.objectContaining({ key: 'key', kind: 'apiKey', in: 'query', parameter: 'api_key' })],
    ])
    const ok = get!.responses.find((r) => r.status === '200')!
    expect(ok.mediaTypes).toEqual(['application/json'])
    const view = schemas[ok.schema!]!
    expect(find(view.tree, 'name')).toMatchObject({ type: 'string', required: true })
    expect(find(view.tree, 'tag')).toMatchObject({ enum: ['dog', 'cat'] })
    expect(view.example).toEqual({ name: 'Rex', tag: 'dog' })
    expect(view.exampleSource).toBe('generated')
    expect(get!.responses.find((r) => r.status === '404')!.schema).toBeNull()

    expect(put!.deprecated).toBe(true)
    expect(put!.security).toEqual([[expect.objectContaining({ kind: 'basic' })]])
    expect(put!.requestBody).toMatchObject({ required: true })
    expect(put!.requestBody!.content[0]!.mediaType).toBe('application/json')

    const form = upload!.requestBody!.content[0]!
    expect(form.mediaType).toBe('multipart/form-data')
    const tree = schemas[form.schema!]!.tree
    expect(find(tree, 'file')).toMatchObject({ type: 'string', format: 'binary', required: true })
    expect(find(tree, 'caption')).toMatchObject({ type: 'string' })
  })
})

const circular: Json = {
  openapi: '3.0.3',
  info: { title: 'Tree', version: '1' },
  servers: [{ url: 'https://{region}.example.com/api', variables: { region: { default: 'eu' } } }],
  components: {
    securitySchemes: {
      token: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      header: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    },
    schemas: {
      Node: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          parent: { $ref: '#/components/schemas/Node' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
    },
  },
  security: [{ token: [] }, { header: [] }],
  paths: {
    '/nodes': {
      post: {
        operationId: 'createNode',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Node' },
              example: { id: 'root' },
            },
          },
        },
        responses: {
          '201': {
            description: 'Created',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
          },
        },
      },
    },
  },
}

describe('extractOperations: OpenAPI 3', () => {
  it('cuts a circular schema where it loops and marks it', async () => {
    const { operations, schemas, servers } = extractOperations(await dereference(circular), {
      originUrl: undefined,
    })
    expect(servers).toEqual([{ url: 'https://eu.example.com/api', description: '' }])
    const [create] = operations
    expect(create!.security).toEqual([
      [expect.objectContaining({ kind: 'bearer', bearerFormat: 'JWT' })],
      [expect.objectContaining({ kind: 'apiKey', in: 'header', parameter: 'X-API-Key' })],
    ])
    const body = schemas[create!.requestBody!.content[0]!.schema!]!
    expect(body.example).toEqual({ id: 'root' })
    expect(body.exampleSource).toBe('document')
    // Both loops point at the tree's root (depth 0), where a reader is sent back to.
    expect(find(body.tree, 'parent')).toMatchObject({ type: 'object', circular: true, refersTo: 0 })
    expect(find(body.tree, 'children')).toMatchObject({
      type: 'array<object>',
      circular: true,
      refersTo: 0,
    })
    const response = schemas[create!.responses[0]!.schema!]!
    expect(response.exampleSource).toBe('generated')
  })

  it('keeps a discriminator, named examples and x-codeSamples', async () => {
    const pet = (kind: string) => ({
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string', enum: [kind] }, name: { type: 'string' } },
    })
    const document: Json = {
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1' },
      paths: {
        '/pets': {
          post: {
            operationId: 'addPet',
            'x-codeSamples': [
              { lang: 'Shell', label: 'CLI', source: 'pets add --kind cat\n' },
              { lang: 'Ruby' }, // no source: left out
            ],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    oneOf: [pet('cat'), pet('dog')],
                    discriminator: { propertyName: 'kind' },
                  },
                  examples: {
                    cat: { summary: 'A cat', value: { kind: 'cat', name: 'Tom' } },
                    dog: { value: { kind: 'dog', name: 'Rex' } },
                  },
                },
              },
            },
            responses: { '204': { description: 'Added' } },
          },
        },
      },
    }
    const { operations, schemas } = extractOperations(await dereference(document), {
      originUrl: undefined,
    })
    const [add] = operations
    expect(add!.codeSamples).toEqual([
      { lang: 'Shell', label: 'CLI', source: 'pets add --kind cat' },
    ])
    const body = schemas[add!.requestBody!.content[0]!.schema!]!
    expect(body.tree).toMatchObject({ type: 'oneOf', discriminator: 'kind' })
    expect(body.example).toEqual({ kind: 'cat', name: 'Tom' })
    expect(body.examples).toEqual([
      { name: 'cat', summary: 'A cat', value: { kind: 'cat', name: 'Tom' } },
      { name: 'dog', value: { kind: 'dog', name: 'Rex' } },
    ])
  })

  it('merges allOf, at every level, into one list of fields', () => {
    const base = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } }
    const named = { allOf: [base, { properties: { name: { type: 'string' } } }] }
    const { tree } = schemaTree({
      allOf: [named, { required: ['age'], properties: { age: { type: 'integer' } } }],
    })
    expect(tree.type).toBe('object')
    expect(tree.children!.map((c) => [c.name, c.required ?? false])).toEqual([
      ['id', true],
      ['name', false],
      ['age', true],
    ])
  })

  it('caps a huge schema and says so', () => {
    const wide = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: MAX_TREE_NODES * 2 }, (_, i) => [`field${i}`, { type: 'string' }]),
      ),
    }
    const { tree, truncated } = schemaTree(wide)
    expect(truncated).toBe(true)
    expect(tree.truncated).toBe(true)
    expect(tree.children!.length).toBeLessThan(MAX_TREE_NODES)

    let deep: Json = { type: 'string' }
    for (let i = 0; i < MAX_TREE_DEPTH + 3; i++)
      deep = { type: 'object', properties: { next: deep } }
    const cut = schemaTree(deep)
    expect(cut.truncated).toBe(true)
    let node = cut.tree
    let depth = 0
    while (node.children?.[0]) {
      node = node.children[0]
      depth++
    }
    expect(depth).toBe(MAX_TREE_DEPTH)
    expect(node.truncated).toBe(true)
  })
})

describe('extractOperations: OAuth 2 flows', () => {
  it('reads each flow’s endpoints and scopes, resolving relative ones against the server', () => {
    const { operations } = extractOperations(
      {
        openapi: '3.1.0',
        info: { title: 'Mail', version: '1' },
        servers: [{ url: 'https://api.mail.example/v2' }],
        components: {
          securitySchemes: {
            login: {
              type: 'oauth2',
              flows: {
                authorizationCode: {
                  authorizationUrl: 'https://login.mail.example/authorize',
                  tokenUrl: '/oauth/token',
                  refreshUrl: 'https://login.mail.example/refresh',
                  scopes: { 'mail.read': 'Read mail', 'mail.send': 'Send mail' },
                },
                clientCredentials: { tokenUrl: 'https://login.mail.example/token', scopes: {} },
              },
            },
          },
        },
        paths: {
          '/messages': {
            get: {
              security: [{ login: ['mail.read'] }],
              responses: { '200': { description: 'ok' } },
            },
          },
        },
      },
      { originUrl: undefined },
    )
    const [scheme] = operations[0]!.security[0]!
    expect(scheme).toMatchObject({ kind: 'oauth2', scopes: ['mail.read'] })
    expect(scheme!.flows).toEqual({
      authorizationCode: {
        authorizationUrl: 'https://login.mail.example/authorize',
        tokenUrl: 'https://api.mail.example/oauth/token',
        refreshUrl: 'https://login.mail.example/refresh',
        scopes: ['mail.read', 'mail.send'],
      },
      clientCredentials: { tokenUrl: 'https://login.mail.example/token', scopes: [] },
    })
  })

  it('reads Swagger 2.0’s single flow under its OpenAPI 3 name', () => {
    const { operations } = extractOperations(
      {
        swagger: '2.0',
        info: { title: 'Pets', version: '1' },
        host: 'pets.example.com',
        securityDefinitions: {
          petstore: {
            type: 'oauth2',
            flow: 'accessCode',
            authorizationUrl: 'https://pets.example.com/oauth/dialog',
            tokenUrl: 'https://pets.example.com/oauth/token',
            scopes: { 'write:pets': 'modify pets' },
          },
        },
        paths: {
          '/pets': {
            get: { security: [{ petstore: [] }], responses: { '200': { description: 'ok' } } },
          },
        },
      },
      { originUrl: undefined },
    )
    expect(operations[0]!.security[0]![0]!.flows).toEqual({
      authorizationCode: {
        authorizationUrl: 'https://pets.example.com/oauth/dialog',
        tokenUrl: 'https://pets.example.com/oauth/token',
        scopes: ['write:pets'],
      },
    })
  })
})
