import { describe, expect, it } from 'vitest'
import { createIssueOperation } from '@mocks/data/operations'
import { stripeCustomerOperation } from '@mocks/data/testerOperations'
import { checkAgainst, exampleAnswer, treeSchema } from './exampleAnswer'

describe('the answer from the documentation', () => {
  it("keeps the document's own example when it is valid against the schema", () => {
    expect(exampleAnswer(createIssueOperation)).toMatchObject({ status: '201', errors: [] })
    const answer = exampleAnswer({
      responses: [
        {
          status: '200',
          description: '',
          mediaTypes: ['application/json'],
          schema: {
            truncated: false,
            exampleSource: 'document',
            example: { id: 7, name: 'Rex' },
            tree: {
              type: 'object',
              children: [
                { name: 'id', type: 'integer', required: true },
                { name: 'name', type: 'string' },
              ],
            },
          },
        },
      ],
    })!
    expect(answer).toMatchObject({ source: 'document', value: { id: 7, name: 'Rex' }, errors: [] })
  })

  it('generates one from the schema when the example has placeholders that break it', () => {
    const answer = exampleAnswer(stripeCustomerOperation)!
    expect(answer.errors).toEqual([])
    expect(answer.source).toBe('generated')
    expect(answer.value).toMatchObject({ object: 'customer', livemode: true })
    expect((answer.value as { email: string }).email).toBe('jenny.rosen@example.com')
  })

  it('checks type, enum, required fields, arrays and options as JSON Schema would', () => {
    const schema = treeSchema({
      type: 'array<object>',
      children: [
        { name: 'id', type: 'integer', required: true },
        { name: 'state', type: 'string | null', enum: ['open', 'closed'] },
      ],
    })
    expect(checkAgainst(schema, [{ id: 1, state: null }])).toEqual([])
    expect(checkAgainst(schema, [{ state: 'gone' }])).toEqual([
      '/0/id: required, missing',
      '/0/state: not one of the documented values',
    ])
    expect(checkAgainst(schema, { id: 1 })).toEqual(['/: expected array, got object'])
  })

  it('is absent for an operation that documents no JSON success answer', () => {
    expect(exampleAnswer({ responses: [] })).toBeNull()
  })
})
