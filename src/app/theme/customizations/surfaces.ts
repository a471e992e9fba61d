import type { Components, Theme } from '@mui/material/styles'
import { cardRadius } from '../tokens'

export const surfaceCustomizations: Components<Theme> = {
  MuiAppBar: {
    defaultProps: { elevation: 0, color: 'inherit' },
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: (theme.vars ?? theme).palette.background.paper,
        borderBottom: `1px solid ${(theme.vars ?? theme).palette.divider}`,
      }),
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
