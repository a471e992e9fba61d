import type { Components, Theme } from '@mui/material/styles'
import { cardRadius } from '../../../lib/theme/tokens'

export const surfaceCustomizations: Components<Theme> = {
  MuiAppBar: {
    // Outlined rather than elevation 0, which looks the same but writes its shadow as a style
    // attribute; the server's render of a page must have none, as its CSP blocks them.
    defaultProps: { variant: 'outlined', color: 'inherit' },
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: (theme.vars ?? theme).palette.background.paper,
        border: 0,
        borderBottom: `1px solid ${(theme.vars ?? theme).palette.divider}`,
      }),
    },
  },
  // An alert's root is a Paper: outlined for the same reason, every alert, so a server-drawn page
  // never loses its drawing to one; the outline shows only on an alert whose own variant is
  // outlined.
  MuiAlert: {
    defaultProps: { slotProps: { root: { variant: 'outlined' } } },
    styleOverrides: {
      root: {
        variants: [
          { props: ({ ownerState }) => ownerState.variant !== 'outlined', style: { border: 0 } },
        ],
      },
    },
  },
  MuiCard: {
    defaultProps: { variant: 'outlined' },
    styleOverrides: { root: { borderRadius: cardRadius } },
  },
  MuiPaper: {
    styleOverrides: { rounded: { borderRadius: cardRadius } },
  },
}
