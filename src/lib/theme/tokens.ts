/** Design tokens: every colour, radius and type choice of API Atlas lives here and only here. */
export const brand = {
  50: '#eef4ff',
  100: '#d9e6ff',
  200: '#b3ccff',
  300: '#80a8ff',
  400: '#4d80fa',
  500: '#2a5ff0',
  600: '#1f49d1',
  700: '#1b3ba8',
  800: '#1a3485',
  900: '#172c66',
} as const

export const grey = {
  50: '#f7f8fa',
  100: '#eef0f4',
  200: '#dde1e8',
  300: '#c4cad4',
  400: '#9aa3b2',
  500: '#6b7588',
  600: '#4e5768',
  700: '#363d4a',
  800: '#1f242d',
  900: '#12151b',
} as const

export const status = {
  success: { light: '#1b7f3b', dark: '#4cc476' },
  warning: { light: '#8a5d00', dark: '#f0b429' },
  error: { light: '#c62828', dark: '#ff6b6b' },
  info: { light: '#0b69a3', dark: '#4fb3f6' },
} as const

export const surfaces = {
  light: { default: grey[50], paper: '#ffffff' },
  dark: { default: grey[900], paper: grey[800] },
} as const

export const shape = { borderRadius: 10 } as const
export const cardRadius = 14

export const fontFamily = ['Roboto', 'system-ui', '-apple-system', 'Segoe UI', 'sans-serif'].join(
  ',',
)
export const monoFontFamily = [
  'ui-monospace',
  'SFMono-Regular',
  'Menlo',
  'Consolas',
  'monospace',
].join(',')
