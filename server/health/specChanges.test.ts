// The change classifier against hand-written expectations: one named change per pair of
// document versions, with the level and oasdiff check it must be given.
/* eslint-disable @typescript-eslint/no-explicit-any -- each pair edits an OpenAPI document in
   place; typing every shape of OpenAPI would hide the edit it makes. */
import { describe, expect, it } from 'vitest'
import { classifyChanges, type ChangeLevel } from './specChanges'

type Json = Record<string, unknown>

const base = (): Json => ({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'kind', in: 'query', schema: { type: 'string', enum: ['cat', 'dog'] } },
        ],
        responses: {
          200: {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pets' } } },
          },
          404: { description: 'None' },
        },
      },
      post: {
        operationId: 'createPet',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string' }, tag: { type: 'string' } },
              },
            },
          },
        },
        responses: { 201: { description: 'Created' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          tag: { type: 'string' },
          status: { type: 'string', enum: ['available', 'sold'] },
        },
      },
      Pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
    },
  },
})

/** Edits a copy of the base document. */
const edit = (change: (doc: any) => void) => {
  const doc = structuredClone(base())
  change(doc)
  return doc
}
const list = (doc: any) => doc.paths['/pets'].get
const create = (doc: any) => doc.paths['/pets'].post
const pet = (doc: any) => doc.components.schemas.Pet

const PAIRS: [name: string, after: Json, level: ChangeLevel, category: string][] = [
  [
    'an endpoint removed',
    edit((d) => delete d.paths['/pets'].post),
    'breaking',
    'endpoint-removed',
  ],
  [
    'an endpoint added',
    edit(
      (d) =>
        (d.paths['/pets/{id}'] = {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true }],
            responses: { 200: { description: 'OK' } },
          },
        }),
    ),
    'info',
    'endpoint-added',
  ],
  [
    'an endpoint deprecated',
    edit((d) => (list(d).deprecated = true)),
    'warning',
    'endpoint-deprecated',
  ],
  [
    'a new required parameter',
    edit((d) =>
      list(d).parameters.push({
        name: 'owner',
        in: 'query',
        required: true,
        schema: { type: 'string' },
      }),
    ),
    'breaking',
    'new-required-request-parameter',
  ],
  [
    'a new optional parameter',
    edit((d) => list(d).parameters.push({ name: 'sort', in: 'query', schema: { type: 'string' } })),
    'info',
    'new-optional-request-parameter',
  ],
  [
    'a parameter became required',
    edit((d) => (list(d).parameters[0].required = true)),
    'breaking',
    'request-parameter-became-required',
  ],
  [
    'a parameter removed',
    edit((d) => list(d).parameters.splice(0, 1)),
    'warning',
    'request-parameter-removed',
  ],
  [
    'a parameter type changed',
    edit((d) => (list(d).parameters[0].schema.type = 'string')),
    'breaking',
    'request-parameter-type-changed',
  ],
  [
    'an enum value removed from a request',
    edit((d) => (list(d).parameters[1].schema.enum = ['cat'])),
    'breaking',
    'request-enum-value-removed',
  ],
  [
    'the request body became required',
    edit((d) => (create(d).requestBody.required = true)),
    'breaking',
    'request-body-became-required',
  ],
  [
    'a request property became required',
    edit((d) => create(d).requestBody.content['application/json'].schema.required.push('tag')),
    'breaking',
    'request-property-became-required',
  ],
  [
    'a new required request property',
    edit((d) => {
      const s = create(d).requestBody.content['application/json'].schema
      s.properties.age = { type: 'integer' }
      s.required.push('age')
    }),
    'breaking',
    'new-required-request-property',
  ],
  [
    'a new optional request property',
    edit(
      (d) =>
        (create(d).requestBody.content['application/json'].schema.properties.age = {
          type: 'integer',
        }),
    ),
    'info',
    'new-optional-request-property',
  ],
  [
    'a success status removed',
    edit((d) => delete create(d).responses[201]),
    'breaking',
    'response-success-status-removed',
  ],
  [
    'an error status removed',
    edit((d) => delete list(d).responses[404]),
    'warning',
    'response-non-success-status-removed',
  ],
  [
    'a response status added',
    edit((d) => (list(d).responses[429] = { description: 'Slow down' })),
    'info',
    'response-status-added',
  ],
  [
    'a response media type removed',
    edit((d) => {
      const r = list(d).responses[200]
      r.content = { 'application/xml': r.content['application/json'] }
    }),
    'breaking',
    'response-media-type-removed',
  ],
  [
    'a required response property removed',
    edit((d) => {
      delete pet(d).properties.name
      pet(d).required = ['id']
    }),
    'breaking',
    'response-required-property-removed',
  ],
  [
    'an optional response property removed',
    edit((d) => delete pet(d).properties.tag),
    'warning',
    'response-optional-property-removed',
  ],
  [
    'a response property type changed',
    edit((d) => (pet(d).properties.id.type = 'string')),
    'breaking',
    'response-property-type-changed',
  ],
  [
    'a response property became nullable',
    edit((d) => (pet(d).properties.name.nullable = true)),
    'breaking',
    'response-property-became-nullable',
  ],
  [
    'a response property became optional',
    edit((d) => (pet(d).required = ['id'])),
    'breaking',
    'response-property-became-optional',
  ],
  [
    'a response enum value added',
    edit((d) => pet(d).properties.status.enum.push('pending')),
    'warning',
    'response-enum-value-added',
  ],
  [
    'a response property added',
    edit((d) => (pet(d).properties.age = { type: 'integer' })),
    'info',
    'response-property-added',
  ],
  [
    'security added to an open endpoint',
    edit((d) => (list(d).security = [{ key: [] }])),
    'breaking',
    'endpoint-security-added',
  ],
]

describe('classifying changes between document versions', () => {
  it('has at least 20 named pairs', () => expect(PAIRS.length).toBeGreaterThanOrEqual(20))

  it.each(PAIRS)('%s', (_name, after, level, category) => {
    const changes = classifyChanges(base(), after)
    expect(changes.map((change) => [change.level, change.category])).toEqual([[level, category]])
  })

  it('finds nothing between a document and itself', () => {
    expect(classifyChanges(base(), base())).toEqual([])
  })

  it('names the operation and puts breaking changes first', () => {
    const after = edit((d) => {
      list(d).responses[429] = { description: 'Slow down' }
      delete d.paths['/pets'].post
    })
    expect(classifyChanges(base(), after)).toEqual([
      {
        operationKey: 'createPet',
        level: 'breaking',
        category: 'endpoint-removed',
        message: 'POST /pets was removed',
      },
      {
        operationKey: 'listPets',
        level: 'info',
        category: 'response-status-added',
        message: 'Response 429 was added',
      },
    ])
  })
})
