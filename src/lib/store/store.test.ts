import { describe, expect, it } from 'vitest'
import { configHandlers } from '@mocks/handlers/config'
import { server } from '@mocks/node'
import { embeddedConfig } from '@mocks/data/config'
import { configApi } from './configApi'
import { errorMessage } from './errors'
import { makeStore } from './store'

describe('makeStore', () => {
  it('gives each caller its own store, starting from the state it is given', () => {
    const a = makeStore()
    const b = makeStore()
    expect(a).not.toBe(b)
    expect(a.getState()).toHaveProperty('api')
  })

  it('loads the run-time config through the one base api', async () => {
    const store = makeStore()
    const result = await store.dispatch(configApi.endpoints.getConfig.initiate())
    expect(result.data).toEqual(embeddedConfig)
    expect(configApi.endpoints.getConfig.select()(store.getState()).status).toBe('fulfilled')
  })

  it('keeps the server’s own error text for the screens to show', async () => {
    server.use(...configHandlers.error)
    const store = makeStore()
    const result = await store.dispatch(configApi.endpoints.getConfig.initiate())
    expect(errorMessage(result.error, 'fallback')).toBe('Service unavailable')
    expect(errorMessage(undefined, 'fallback')).toBe('fallback')
  })
})
