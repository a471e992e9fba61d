import { describe, expect, it } from 'vitest'
import { PLAIN_LISTING } from '@/shared/firstQueries'
import { listingToQuery, parseListing } from './listingParams'

describe('the listing the server answers in the page', () => {
  it('is the one the directory asks for at /apis with nothing in the address', () => {
    expect(PLAIN_LISTING).toEqual(listingToQuery(parseListing(new URLSearchParams())))
  })
})
