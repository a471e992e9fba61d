import { describe, expect, it } from 'vitest'
import { firstAnswersJson } from './firstAnswers'

describe('firstAnswersJson', () => {
  it('writes the answers as the routes wrote them, in one parseable text', () => {
    const json = firstAnswersJson({
      queries: [{ endpoint: 'getConfig', args: undefined }],
      answers: { config: '{"siteUrl":"https://atlas.test","n":[1,2]}' },
    })
    expect(JSON.parse(json)).toEqual({
      queries: [{ endpoint: 'getConfig' }],
      answers: { config: { siteUrl: 'https://atlas.test', n: [1, 2] } },
    })
  })
})
