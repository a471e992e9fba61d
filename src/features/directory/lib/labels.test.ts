import { describe, expect, it } from 'vitest'
import { AUTH_KIND_VALUES, SORT_VALUES } from '@/shared/listing'
import { AUTH_KIND_OPTIONS, SORT_OPTIONS } from './labels'

describe('the filters the directory offers', () => {
  it('are every auth kind and sort an address may name, in the contract’s order', () => {
    expect(AUTH_KIND_OPTIONS).toEqual(AUTH_KIND_VALUES)
    expect(SORT_OPTIONS).toEqual(SORT_VALUES)
  })
})
