import { readFileSync } from 'node:fs'
import path from 'node:path'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SiteLogo } from './SiteLogo'

const shapes = (svg: string) =>
  svg
    .replace(/^<svg[^>]*>|<\/svg>\s*$/g, '')
    .replace(/<(\w+)([^>]*)\/>/g, '<$1$2></$1>')
    .replace(/\s+/g, ' ')
    .trim()

describe('SiteLogo', () => {
  it('draws what public/icon.svg draws, hidden from assistive technology', () => {
    const file = readFileSync(path.resolve(import.meta.dirname, '../../../public/icon.svg'), 'utf8')
    const { container } = render(<SiteLogo size={28} />)
    const svg = container.querySelector('svg')!
    expect(shapes(svg.outerHTML)).toBe(shapes(file.trim()))
    expect(svg.getAttribute('viewBox')).toBe(/viewBox="([^"]+)"/.exec(file)![1])
    expect(svg.getAttribute('aria-hidden')).toBe('true')
    expect(svg.getAttribute('width')).toBe('28')
  })
})
