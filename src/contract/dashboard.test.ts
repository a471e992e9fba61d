import { describe, expect, it } from 'vitest'
import { ACTIVITY_INPUT_MAX, activityInputSchema, activityInputText } from './dashboard'

describe('activityInputText', () => {
  it('keeps a short line as it is', () => {
    expect(activityInputText('api.github.com')).toBe('api.github.com')
  })

  it('puts everything on one line without control or invisible formatting characters', () => {
    expect(activityInputText(' Grace\r\n\tHopper\u0000 ')).toBe('Grace Hopper')
    // A right-to-left override would show the text reversed; zero-width characters hide text.
    expect(activityInputText('\u202eevil\u202c\u200b\u2066x\u2069\u2028y')).toBe('evilx y')
    expect(activityInputText('\u200b\n')).toBeUndefined()
  })

  it(`cuts at ${ACTIVITY_INPUT_MAX} characters with an ellipsis, never inside a character`, () => {
    const long = 'a'.repeat(200)
    expect(activityInputText(long)).toBe(`${'a'.repeat(ACTIVITY_INPUT_MAX - 1)}…`)
    // An emoji is two UTF-16 units: it goes whole or not at all.
    const cut = activityInputText(`${'a'.repeat(ACTIVITY_INPUT_MAX - 2)}😀${'b'.repeat(10)}`)
    expect(cut).toBe(`${'a'.repeat(ACTIVITY_INPUT_MAX - 2)}…`)
    for (const text of [long, `${'😀'.repeat(100)}`, 'x'.repeat(ACTIVITY_INPUT_MAX)]) {
      const shown = activityInputText(text)!
      expect(shown.length).toBeLessThanOrEqual(ACTIVITY_INPUT_MAX)
      expect(activityInputSchema.parse({ from: 'visitor', text: shown }).text).toBe(shown)
      expect(activityInputText(shown)).toBe(shown)
    }
  })
})
