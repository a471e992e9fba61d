import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseCoding, createPageEntities, matchesIfNoneMatch } from './pageCache'

describe('chooseCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['deflate', 'deflate'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.2, gzip;q=0.5', 'gzip'],
    ['identity', 'identity'],
    ['GZIP ; Q=0.9, x-custom', 'gzip'],
    ['br;q=nonsense, gzip;q=0.1', 'gzip'],
    ['compress, x', 'identity'],
  ] as const)('answers %j with %s', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding)
  })
})

describe('matchesIfNoneMatch', () => {
  it('matches the tag itself, weak or not, in a list, or *', () => {
    expect(matchesIfNoneMatch('"abc"', '"abc"')).toBe(true)
    expect(matchesIfNoneMatch('W/"abc"', '"abc"')).toBe(true)
    expect(matchesIfNoneMatch('"x", "abc" ,"y"', '"abc"')).toBe(true)
    expect(matchesIfNoneMatch(' * ', '"abc"')).toBe(true)
  })

  it('matches nothing else', () => {
    expect(matchesIfNoneMatch(undefined, '"abc"')).toBe(false)
    expect(matchesIfNoneMatch('', '"abc"')).toBe(false)
    expect(matchesIfNoneMatch('"abc-br"', '"abc"')).toBe(false)
    expect(matchesIfNoneMatch('abc', '"abc"')).toBe(false)
    expect(matchesIfNoneMatch('"ab"', '"abc"')).toBe(false)
  })
})

describe('createPageEntities', () => {
  const html = `<!doctype html><p>${'Stripe — payments '.repeat(500)}</p>`

  it('gives the same bytes the same tag, and another page or policy another', () => {
    const entities = createPageEntities()
    const one = entities(html, 'policy')
    expect(one.etag('identity')).toMatch(/^"[\w-]{27}"$/)
    expect(entities(html, 'policy').etag('identity')).toBe(one.etag('identity'))
    expect(entities(`${html} `, 'policy').etag('identity')).not.toBe(one.etag('identity'))
    expect(entities(html, 'other policy').etag('identity')).not.toBe(one.etag('identity'))
  })

  it('tags and encodes each coding of the same bytes apart', () => {
    const entity = createPageEntities()(html, 'policy')
    const tags = (['identity', 'br', 'gzip', 'deflate'] as const).map(entity.etag)
    expect(new Set(tags).size).toBe(4)
    expect(entity.body('identity').toString('utf8')).toBe(html)
    expect(brotliDecompressSync(entity.body('br')).toString('utf8')).toBe(html)
    expect(gunzipSync(entity.body('gzip')).toString('utf8')).toBe(html)
    expect(inflateSync(entity.body('deflate')).toString('utf8')).toBe(html)
    expect(entity.body('br').length).toBeLessThan(html.length / 10)
  })

  it('compresses a page once, however often it is asked for, and keeps the most recent pages', () => {
    const entities = createPageEntities(2)
    const first = entities(html, 'p').body('br')
    expect(entities(html, 'p').body('br')).toBe(first)
    entities('<p>two</p>', 'p')
    // Asked for again: the most recently used, so the third page pushes out the second.
    entities(html, 'p')
    entities('<p>three</p>', 'p')
    expect(entities(html, 'p').body('br')).toBe(first)
    const second = entities('<p>two</p>', 'p').body('br')
    expect(entities('<p>two</p>', 'p').body('br')).toBe(second)
    // Now the first page was the least recently used of three: made afresh.
    entities('<p>three</p>', 'p')
    expect(entities(html, 'p').body('br')).not.toBe(first)
  })
})
