import { describe, expect, it } from 'vitest'
import { listOnlyApi, stripeApi } from '@mocks/data/apis'
import { draftFromApi } from './draft'

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
