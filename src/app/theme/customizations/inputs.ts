import type { Components, Theme } from '@mui/material/styles'

export const inputCustomizations: Components<Theme> = {
  MuiButtonBase: { defaultProps: { disableRipple: false } },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      root: { textTransform: 'none', fontWeight: 600 },
    },
  },
  MuiLink: {
    defaultProps: { underline: 'hover' },
    styleOverrides: {
      root: ({ theme }) => ({
        fontWeight: 500,
        '&:focus-visible': {
          outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
          outlineOffset: 2,
          borderRadius: 2,
        },
      }),
    },
  },
  MuiTextField: { defaultProps: { variant: 'outlined', size: 'small' } },
  // Tab labels keep their own case, like buttons ('All Platforms', 'LinkedIn').
  MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
}
