import { describe, expect, it } from 'vitest'
import { apisHandlers } from '@mocks/handlers/apis'
import { server } from '@mocks/node'
import { makeStore } from '@/lib/store/store'
import { directoryApi } from './directoryApi'

async function find(text: string) {
  const store = makeStore()
  const result = await store.dispatch(directoryApi.endpoints.findApi.initiate(text))
  return result
}

describe('findApi: the api parameter of /apis/api-detail.html', () => {
  it('finds by id first', async () => {
    const { data } = await find('stripe-com')
    expect(data?.name).toBe('Stripe API')
  })

  it('then by a name containing the text, case-insensitively', async () => {
    expect((await find('youtube')).data?.id).toBe('googleapis-com-youtube')
    expect((await find('SLACK WEB')).data?.id).toBe('slack-com')
  })

  it('answers 404 API not found when nothing matches, or nothing is asked', async () => {
    for (const text of ['no-such-api-anywhere', '  ']) {
      const { error } = await find(text)
      expect(error).toMatchObject({ status: 404, data: { error: 'API not found' } })
    }
  })

  it('passes a server failure on as it is, so the screen can offer Try Again', async () => {
    server.use(...apisHandlers.error)
    const { error } = await find('stripe-com')
    expect(error).toMatchObject({ status: 503, data: { error: 'Service unavailable' } })
  })
})
