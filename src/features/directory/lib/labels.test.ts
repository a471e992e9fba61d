import { describe, expect, it } from 'vitest'
import { AUTH_KIND_VALUES, SORT_VALUES } from '@/shared/listing'
import { AUTH_KIND_OPTIONS, isListOnly, isSynthetic, SORT_OPTIONS, sourceLabel } from './labels'

describe('the filters the directory offers', () => {
  it('are every auth kind and sort an address may name, in the contract’s order', () => {
    expect(AUTH_KIND_OPTIONS).toEqual(AUTH_KIND_VALUES)
    expect(SORT_OPTIONS).toEqual(SORT_VALUES)
  })
})

describe('what a page says of an API’s sources', () => {
  it('tells a list-only API and a synthetic one apart from a documented one', () => {
    expect(isListOnly({ sources: ['public-apis'] })).toBe(true)
    expect(isListOnly({ sources: ['apis-guru', 'public-apis'] })).toBe(false)
    expect(isListOnly({ sources: ['synthetic'] })).toBe(false)
    expect(isSynthetic({ sources: ['synthetic'] })).toBe(true)
    expect(isSynthetic({ sources: ['apis-guru'] })).toBe(false)
    expect(sourceLabel('synthetic')).toMatch(/not a real API/)
  })
})
