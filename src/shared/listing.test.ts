import { describe, expect, it } from 'vitest'
import { API_SORTS, AUTH_KINDS } from '../contract/apis'
import { CATEGORY_SLUGS } from '../contract/categories'
import {
  AUTH_KIND_VALUES,
  CATEGORY_OPTIONS,
  changeListing,
  isFiltered,
  listingToParams,
  listingToQuery,
  pageNumber,
  parseListing,
  SORT_VALUES,
} from './listing'

const parse = (query: string) => parseListing(new URLSearchParams(query))

describe('listing in the address', () => {
  it('reads every filter of /apis?search=stripe&category=payments&page=2', () => {
    expect(
      parse(
        'search=stripe&category=payments&auth=apiKey&https=true&cors=false&free=unknown&sort=name&page=2',
      ),
    ).toEqual({
      search: 'stripe',
      category: 'payments',
      auth: 'apiKey',
      https: 'true',
      cors: 'false',
      free: 'unknown',
      sort: 'name',
      page: 2,
    })
  })

  it('reads and writes "Verified working" as ?verified=true, and asks the server for it', () => {
    const listing = parse('verified=true&cors=true')
    expect(listing).toEqual({ search: '', cors: 'true', verified: 'true', page: 1 })
    expect(listingToParams(listing).toString()).toBe('cors=true&verified=true')
    expect(listingToQuery(listing)).toEqual({ page: 1, cors: 'true', verified: 'true' })
    expect(isFiltered(parse('verified=true'))).toBe(true)
    expect(parse('verified=yes')).toEqual({ search: '', page: 1 })
  })

  it('leaves out what it cannot use instead of failing', () => {
    expect(parse('category=nope&auth=magic&https=yes&sort=stars&page=-3')).toEqual({
      search: '',
      page: 1,
    })
    expect(parse('page=2.5').page).toBe(1)
    expect(parse('search=%20%20twilio%20').search).toBe('twilio')
  })

  it('reads a page number the same way for every page', () => {
    const page = (query: string) => pageNumber(new URLSearchParams(query))
    expect([page('page=3'), page('page=1'), page('page=0'), page('page=x'), page('')]).toEqual([
      3, 1, 1, 1, 1,
    ])
    expect(page('page=2.5')).toBe(1)
  })

  it('writes a short address: no defaults, same order every time', () => {
    expect(listingToParams({ search: '', page: 1 }).toString()).toBe('')
    expect(
      listingToParams({
        search: 'you tube',
        category: 'media-entertainment',
        https: 'true',
        page: 3,
      }).toString(),
    ).toBe('search=you+tube&category=media-entertainment&https=true&page=3')
  })

  it('round-trips', () => {
    const query = 'search=stripe&category=payments&auth=oauth2&free=true&sort=updated&page=4'
    expect(listingToParams(parse(query)).toString()).toBe(query)
  })

  it('starts again at page 1 when what is shown changes', () => {
    expect(changeListing(parse('search=a&page=5'), { search: 'ab' })).toEqual({
      search: 'ab',
      page: 1,
    })
  })

  it('asks the server for the page with the set filters only', () => {
    expect(listingToQuery(parse('search=stripe&cors=true&page=2'))).toEqual({
      search: 'stripe',
      cors: 'true',
      page: 2,
    })
    expect(listingToQuery(parse(''))).toEqual({ page: 1 })
  })

  it('offers exactly the contract’s categories, auth kinds and sorts, in its order', () => {
    expect(CATEGORY_OPTIONS).toEqual([...CATEGORY_SLUGS])
    expect(AUTH_KIND_VALUES).toEqual([...AUTH_KINDS])
    expect(SORT_VALUES).toEqual([...API_SORTS])
  })

  it('knows when the listing is narrowed (sort and page do not narrow it)', () => {
    expect(isFiltered(parse('sort=name&page=3'))).toBe(false)
    expect(isFiltered(parse('free=true'))).toBe(true)
    expect(isFiltered(parse('search=x'))).toBe(true)
  })
})
