import { describe, expect, it } from 'vitest'
import { cookieNote } from './cookieNote'

const ref = (name: string, domain = 'example.com') => ({ name, domain, path: '/' })

describe('cookieNote', () => {
  it('says how many cookies an answer saved, and for which domains', () => {
    expect(cookieNote({ added: [ref('a'), ref('b')], updated: [], removed: [] })).toBe(
      '2 cookies saved to the jar for example.com.',
    )
    expect(
      cookieNote({
        added: [ref('a')],
        updated: [ref('b', 'api.example.org')],
        removed: [ref('c')],
      }),
    ).toBe(
      '2 cookies saved to the jar for example.com and api.example.org; 1 cookie removed from the jar.',
    )
  })

  it('says nothing when the jar did not change', () => {
    expect(cookieNote({ added: [], updated: [], removed: [] })).toBeNull()
    expect(cookieNote(undefined)).toBeNull()
  })
})
