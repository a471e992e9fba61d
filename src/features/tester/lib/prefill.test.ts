import { describe, expect, it } from 'vitest'
import type { SchemaView } from '@/contract/operations'
import { isPlaceholder, nodeValue, parameterValue, realisticValue, requiredBody } from './prefill'

const view = (tree: SchemaView['tree'], example?: unknown): SchemaView => ({
  tree,
  truncated: false,
  ...(example === undefined ? {} : { example, exampleSource: 'generated' as const }),
})

describe('prefilled values', () => {
  it('fills required fields only, documented values first, never "string" or 0', () => {
    const body = requiredBody(
      view(
        {
          type: 'object',
          children: [
            { name: 'To', type: 'string', format: 'phone-number', required: true },
            { name: 'email', type: 'string', required: true },
            { name: 'status', type: 'string', enum: ['active', 'closed'], required: true },
            { name: 'amount', type: 'integer', required: true },
            { name: 'currency', type: 'string', required: true },
            { name: 'created', type: 'string', format: 'date-time', required: true },
            { name: 'nickname', type: 'string' },
          ],
        },
        { To: 'string', email: 'string', status: 'active', amount: 0, currency: 'string' },
      ),
    ) as Record<string, unknown>
    expect(body).toEqual({
      To: '+15005550006',
      email: 'jenny.rosen@example.com',
      status: 'active',
      amount: 2000,
      currency: 'usd',
      created: '2026-01-15T09:30:00Z',
    })
    expect(Object.values(body).some(isPlaceholder)).toBe(false)
  })

  it("takes a document's own example for a branch (GitHub's title: string or integer)", () => {
    const body = requiredBody({
      tree: {
        type: 'object',
        children: [
          {
            name: 'title',
            type: 'oneOf',
            required: true,
            children: [
              { name: 'option 1', type: 'string' },
              { name: 'option 2', type: 'integer' },
            ],
          },
          { name: 'body', type: 'string' },
        ],
      },
      example: { title: 'Found a bug', body: 'It broke' },
      exampleSource: 'document',
      truncated: false,
    })
    expect(body).toEqual({ title: 'Found a bug' })
  })

  it('adds an optional object field with a realistic value (Stripe metadata)', () => {
    expect(nodeValue({ name: 'metadata', type: 'object' }, undefined)).toEqual({
      order_id: '6735',
    })
    expect(realisticValue('expand', 'array<string>')).toEqual(['example'])
  })

  it('gives path and query parameters realistic values', () => {
    const base = { in: 'path' as const, required: true, type: 'string', description: '' }
    expect(parameterValue({ ...base, name: 'owner' })).toBe('octocat')
    expect(parameterValue({ ...base, name: 'repo' })).toBe('hello-world')
    expect(parameterValue({ ...base, name: 'id', format: 'uuid' })).toBe(
      '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    )
    expect(parameterValue({ ...base, name: 'lang', default: 'en' })).toBe('en')
  })
})
