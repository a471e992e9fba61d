import { describe, expect, it } from 'vitest'
import { emptyDraft, toTestRequest, type Draft } from './draft'
import { redactSecrets, resolveDraft, unsetVariables, variablesIn } from './variables'
import type { Environment } from './workbenchTypes'

const stripeTest: Environment = {
  id: 'e1',
  name: 'Stripe test',
  variables: [
    { name: 'base', value: 'https://api.stripe.com/v1', secret: false },
    { name: 'token', value: 'sk_test_"abc"', secret: true },
    { name: 'limit', value: '3', secret: false },
    { name: 'empty', value: '', secret: false },
  ],
}

const draft: Draft = {
  ...emptyDraft,
  method: 'POST',
  url: '{{base}}/customers?limit={{ limit }}',
  headersText: '{\n  "Authorization": "Bearer {{token}}"\n}',
  bodyText: '{"email": "{{email}}", "n": {{limit}}}',
}

describe('{{variables}} in a request', () => {
  it('lists the names a request uses in the URL, query, headers and body, once each', () => {
    expect(variablesIn(draft)).toEqual(['base', 'limit', 'token', 'email'])
  })

  it('marks the names an environment does not set, or sets to nothing', () => {
    expect(unsetVariables(draft, stripeTest)).toEqual(['email'])
    expect(unsetVariables({ ...draft, bodyText: '{{empty}}' }, stripeTest)).toEqual(['empty'])
    expect(unsetVariables(draft, null)).toEqual(['base', 'limit', 'token', 'email'])
  })

  it('fills each from the environment at send time, escaping values inside the headers JSON', () => {
    const withEmail: Environment = {
      ...stripeTest,
      variables: [...stripeTest.variables, { name: 'email', value: 'a@b.c', secret: false }],
    }
    const resolved = resolveDraft(draft, withEmail)
    expect(resolved.missing).toEqual([])
    expect(resolved.secrets).toEqual(['sk_test_"abc"'])
    const request = toTestRequest(resolved.draft)
    expect(request.url).toBe('https://api.stripe.com/v1/customers?limit=3')
    expect(request.headers).toEqual({ Authorization: 'Bearer sk_test_"abc"' })
    expect(request.body).toEqual({ email: 'a@b.c', n: 3 })
    // The draft itself keeps its placeholders (history records it).
    expect(draft.url).toBe('{{base}}/customers?limit={{ limit }}')
  })

  it('leaves unset names in place and reports them', () => {
    const resolved = resolveDraft(draft, stripeTest)
    expect(resolved.missing).toEqual(['email'])
    expect(resolved.draft.bodyText).toBe('{"email": "{{email}}", "n": 3}')
  })
})

describe('secret values in what comes back', () => {
  it('are masked in every string, keys included, however deep', () => {
    const answer = {
      url: 'https://x.test/?key=sk_live_123',
      request: { headers: { authorization: 'Bearer sk_live_123' } },
      data: ['sk_live_123', 4, null, { sk_live_123: true }],
    }
    expect(redactSecrets(answer, ['sk_live_123'])).toEqual({
      url: 'https://x.test/?key=••••••',
      request: { headers: { authorization: 'Bearer ••••••' } },
      data: ['••••••', 4, null, { '••••••': true }],
    })
  })

  it('does not hunt for values too short to tell from other text', () => {
    expect(redactSecrets('a1 b1', ['1'])).toBe('a1 b1')
  })
})
