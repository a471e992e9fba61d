import { compile, middleware, serialize, stringify } from 'stylis'
import { describe, expect, it } from 'vitest'
import { modernPrefixer } from './prefixer'
import { themeVariablesCss } from './themeVariables'

const withPrefixer = (css: string) =>
  serialize(compile(css), middleware([modernPrefixer as never, stringify]))

describe('modernPrefixer', () => {
  it('leaves what every supported browser reads unprefixed alone', () => {
    expect(
      withPrefixer(
        '.a{display:flex;flex-direction:column;transform:none;transition:color 1s;position:sticky;text-decoration:none;}',
      ),
    ).toBe(
      '.a{display:flex;flex-direction:column;transform:none;transition:color 1s;position:sticky;text-decoration:none;}',
    )
    expect(withPrefixer('.a::placeholder{opacity:1;}')).toBe('.a::placeholder{opacity:1;}')
  })

  it('still writes the vendor copy Safari needs', () => {
    expect(withPrefixer('.a{user-select:none;}')).toBe(
      '.a{-webkit-user-select:none;user-select:none;}',
    )
    expect(withPrefixer('.a{backdrop-filter:blur(4px);}')).toContain(
      '-webkit-backdrop-filter:blur(4px);',
    )
    expect(withPrefixer('.a{background-clip:text;}')).toContain('-webkit-background-clip:text;')
    expect(withPrefixer('.a{text-size-adjust:100%;}')).toContain('-webkit-text-size-adjust:100%;')
  })
})

describe('themeVariablesCss', () => {
  it('holds both schemes, light by default and dark under data-dark', () => {
    const css = themeVariablesCss()
    const light = /:root,\[data-light\]\{([^}]*)\}/.exec(css)?.[1]
    const dark = /\[data-dark\]\{([^}]*)\}/.exec(css)?.[1]
    const primary = (block = '') => /--mui-palette-primary-main:([^;]+);/.exec(block)?.[1]
    expect(primary(light)).toBeTruthy()
    expect(primary(dark)).toBeTruthy()
    expect(primary(dark)).not.toBe(primary(light))
    expect(dark).toContain('color-scheme:dark')
    expect(css).toContain('--mui-spacing:8px')
  })
})
