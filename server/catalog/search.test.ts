import { describe, expect, it } from 'vitest'
import { createSearchIndex, editDistance, normalize, tokenize } from './search'

const docs = [
  { name: 'Stripe API', provider: 'stripe.com', text: 'The Stripe REST API for payments.' },
  { name: 'Stripe Checkout Helper', provider: 'example.com', text: 'Unofficial helper.' },
  { name: 'Payments Gateway', provider: 'pay.example', text: 'Works with Stripe and others.' },
  { name: 'Café Menu API', provider: 'cafe.fr', text: 'Menus of French cafés.' },
  { name: 'Weather Forecast', provider: 'weather.io', text: 'Global forecasts, hourly.' },
  { name: 'Translate Text', provider: 'words.dev', text: 'Machine translation of text.' },
  { name: 'Twilio SMS', provider: 'twilio.com', text: 'Send text messages.' },
]
const index = createSearchIndex(docs)
const names = (query: string) => index.search(query)?.map((hit) => docs[hit.index]!.name)

describe('search index', () => {
  it('ranks an exact provider or name match first, then name words, then description', () => {
    expect(names('stripe')).toEqual(['Stripe API', 'Stripe Checkout Helper', 'Payments Gateway'])
  })

  it('ranks a name prefix above a word later in the name', () => {
    expect(names('weather')?.[0]).toBe('Weather Forecast')
    expect(names('forecast')).toEqual(['Weather Forecast'])
  })

  it('is case- and accent-insensitive', () => {
    expect(names('CAFÉ')).toEqual(['Café Menu API'])
    expect(names('cafe menu')).toEqual(['Café Menu API'])
  })

  it('matches prefixes while typing and tolerates a small typo', () => {
    expect(names('transl')?.[0]).toBe('Translate Text')
    expect(names('strpe')?.[0]).toBe('Stripe API')
    expect(names('wether')?.[0]).toBe('Weather Forecast')
  })

  it('finds a name with two neighbouring letters swapped, or one left out', () => {
    expect(names('stirpe')?.[0]).toBe('Stripe API')
    expect(names('tsripe')?.[0]).toBe('Stripe API')
    expect(names('twilo')?.[0]).toBe('Twilio SMS')
    expect(names('waether')?.[0]).toBe('Weather Forecast')
    // Two swaps in six letters are another word.
    expect(names('tsirpe')).toEqual([])
  })

  it('needs every word, and falls back to any word when no API has them all', () => {
    expect(names('stripe checkout')).toEqual(['Stripe Checkout Helper'])
    expect(names('stripe zebra')?.[0]).toBe('Stripe API')
  })

  it('never throws on odd input', () => {
    for (const query of [
      '',
      '   ',
      'x'.repeat(2000),
      "'; drop table apis; --",
      '.*+?^${}()|[]\\',
      '%_',
      '🙂🙂',
      '\u0000\uffff',
      'שלום 你好',
    ]) {
      expect(() => index.search(query)).not.toThrow()
    }
    expect(index.search('')).toBeNull()
    expect(index.search('.*+?')).toBeNull()
    expect(names('zzzzqqq')).toEqual([])
  })

  it('normalises text and measures edit distance with a cap', () => {
    expect(normalize('Crème Brûlée')).toBe('creme brulee')
    expect(tokenize('Google-Maps/v3 API')).toEqual(['google', 'maps', 'v3', 'api'])
    expect(editDistance('stripe', 'strpe', 1)).toBe(1)
    expect(editDistance('stripe', 'stroke', 1)).toBe(2)
    expect(editDistance('stripe', 'stirpe', 1)).toBe(1)
    expect(editDistance('stripe', 'stirpe', 2)).toBe(1)
    expect(editDistance('abcdef', 'badcfe', 2)).toBe(3)
    expect(editDistance('twilio', 'twilo', 1)).toBe(1)
  })
})
