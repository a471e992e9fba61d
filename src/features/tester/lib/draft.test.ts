import { describe, expect, it } from 'vitest'
import type { OperationDetail } from '@/contract/operations'
import { createIssueOperation, noParametersOperation } from '@mocks/data/operations'
import { listOnlyApi, stripeApi } from '@mocks/data/apis'
import { draftFromApi } from './draft'
import { draftFromOperation } from './operationDraft'

describe('the first request for an API of the catalogue', () => {
  it('starts at its base URL and first GET endpoint, with a placeholder for its auth', () => {
    const draft = draftFromApi(stripeApi)
    expect(draft.url).toBe('https://api.stripe.com/v1/account')
    expect(JSON.parse(draft.headersText)).toMatchObject({
      Authorization: 'Basic BASE64_USER_AND_PASSWORD',
    })
  })

  it('starts at the address the public-apis list gives for an API only the list knows', () => {
    expect(listOnlyApi.baseUrl).toBeNull()
    expect(draftFromApi(listOnlyApi).url).toBe('https://dog.ceo/dog-api')
  })

  it('stays empty for a document that gives no server', () => {
    const draft = draftFromApi({ ...stripeApi, baseUrl: null, endpoints: [] })
    expect(draft.url).toBe('')
  })
})

describe('draftFromOperation', () => {
  it("fills GitHub's create-an-issue: method, URL, headers, auth placeholder and body", () => {
    const draft = draftFromOperation(createIssueOperation, { owner: 'octocat', repo: 'hello' })
    expect(draft.method).toBe('POST')
    expect(draft.url).toBe('https://api.github.com/repos/octocat/hello/issues')
    const headers = JSON.parse(draft.headersText) as Record<string, string>
    expect(headers).toMatchObject({
      'Content-Type': 'application/json',
      Accept: 'application/json',
    })
    expect(JSON.parse(draft.bodyText)).toMatchObject({ title: 'Found a bug' })
    // Unfilled path parameters stay as placeholders to type into.
    expect(draftFromOperation(createIssueOperation).url).toBe(
      'https://api.github.com/repos/{owner}/{repo}/issues',
    )
  })

  it('puts an API key that goes in the query string there, as a placeholder', () => {
    const operation: OperationDetail = {
      ...noParametersOperation,
      method: 'GET',
      path: '/items/{id}',
      parameters: [
        { name: 'id', in: 'path', required: true, type: 'string', description: '', example: 'a b' },
        {
          name: 'lang',
          in: 'query',
          required: true,
          type: 'string',
          description: '',
          default: 'en',
        },
        { name: 'page', in: 'query', required: false, type: 'integer', description: '' },
      ],
      security: [
        [
          {
            key: 'key',
            kind: 'apiKey',
            in: 'query',
            parameter: 'api_key',
            scopes: [],
            description: '',
          },
        ],
      ],
      servers: [{ url: 'https://example.com/v1/', description: '' }],
      requestBody: null,
    }
    const draft = draftFromOperation(operation)
    expect(draft.url).toBe('https://example.com/v1/items/a%20b?lang=en&api_key=YOUR_API_KEY')
    expect(draft.bodyText).toBe('')
  })
})
