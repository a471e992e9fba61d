import { describe, expect, it } from 'vitest'
import { pickByName } from './findApi'

const apis = [{ name: 'Stripe Connect' }, { name: 'Stripe API' }, { name: 'YouTube Data API' }]

describe('pickByName', () => {
  it('finds a name containing the text, whatever its case', () => {
    expect(pickByName(apis, 'youtube')?.name).toBe('YouTube Data API')
    expect(pickByName(apis, '  DATA api ')?.name).toBe('YouTube Data API')
  })

  it('prefers the exact name, then the shortest', () => {
    expect(pickByName(apis, 'stripe')?.name).toBe('Stripe API')
    expect(pickByName(apis, 'stripe connect')?.name).toBe('Stripe Connect')
  })

  it('finds nothing for no match or no text', () => {
    expect(pickByName(apis, 'twilio')).toBeUndefined()
    expect(pickByName(apis, '   ')).toBeUndefined()
  })
})
