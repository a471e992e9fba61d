import { createTheme } from '@mui/material/styles'
import { describe, expect, it, vi } from 'vitest'
import { lazyTheme } from './lazyTheme'

describe('a theme made when first read', () => {
  it('is not made until something reads it, then once', () => {
    const make = vi.fn(() => createTheme())
    const theme = lazyTheme(make)
    expect(make).not.toHaveBeenCalled()
    expect(theme.palette.mode).toBe('light')
    expect(theme.spacing(2)).toBe('16px')
    expect(make).toHaveBeenCalledTimes(1)
  })

  it('answers as the theme would to every way of looking at it', () => {
    const real = createTheme()
    const theme = lazyTheme(() => real)
    expect('breakpoints' in theme).toBe(true)
    expect(Object.keys(theme)).toEqual(Object.keys(real))
    expect({ ...theme }.typography).toBe(real.typography)
    expect(theme.breakpoints.up('md')).toBe(real.breakpoints.up('md'))
  })
})
