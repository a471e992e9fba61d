import type { SxProps, Theme } from '@mui/material/styles'

/** How a rendered description reads, under the page's own headings. */
export const markdownSx = {
  typography: 'body1',
  overflowWrap: 'anywhere',
  '& > :first-of-type': { mt: 0 },
  '& > :last-child': { mb: 0 },
  '& p, & ul, & ol, & pre, & blockquote, & table': { my: 1.5 },
  '& h3, & h4, & h5, & h6': { typography: 'h4', mt: 3, mb: 1 },
  '& a': { color: 'primary.main' },
  '& code': {
    fontFamily: 'monospace',
    fontSize: '0.875em',
    bgcolor: 'action.hover',
    px: 0.5,
    borderRadius: 0.5,
  },
  '& pre': { p: 2, overflowX: 'auto', bgcolor: 'action.hover', borderRadius: 1 },
  '& pre code': { bgcolor: 'transparent', p: 0 },
  '& blockquote': {
    borderLeft: 4,
    borderColor: 'divider',
    pl: 2,
    ml: 0,
    color: 'text.secondary',
  },
  '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
  '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
} satisfies SxProps<Theme>
