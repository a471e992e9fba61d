import type { SxProps, Theme } from '@mui/material/styles'

const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'

/**
 * How an article's compiled HTML reads. Highlighted code carries both themes' colours as CSS
 * variables (scripts/blogMarkdown.ts); the page's colour scheme picks one.
 */
/** The code's colour classes as styles of the article, in Emotion's sheets, which the CSP allows. */
export const codeColorsSx = (colors: Record<string, Record<string, string>>) =>
  Object.fromEntries(Object.entries(colors).map(([name, variables]) => [`& .${name}`, variables]))

export const articleSx = ((theme: Theme) => ({
  typography: 'body1',
  fontSize: { md: '1.0625rem' },
  lineHeight: 1.75,
  overflowWrap: 'break-word',
  '& > :first-child': { mt: 0 },
  '& p, & ul, & ol, & table, & pre': { my: 2 },
  '& li + li': { mt: 0.75 },
  '& h2': { typography: 'h2', mt: 6, mb: 2, scrollMarginTop: 88 },
  '& h3': { typography: 'h3', mt: 4, mb: 1.5, scrollMarginTop: 88 },
  '& a': { color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: '0.15em' },
  '& strong': { fontWeight: 700 },
  '& :not(pre) > code': {
    fontFamily: mono,
    fontSize: '0.875em',
    bgcolor: 'action.hover',
    px: 0.5,
    py: 0.125,
    borderRadius: 0.5,
  },
  '& pre.shiki': {
    fontFamily: mono,
    fontSize: '0.875rem',
    lineHeight: 1.6,
    p: 2,
    overflowX: 'auto',
    border: 1,
    borderColor: 'divider',
    borderRadius: 2,
    color: 'var(--shiki-light)',
    backgroundColor: 'var(--shiki-light-bg)',
    '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
  },
  '& pre.shiki span': { color: 'var(--shiki-light)' },
  '& table': {
    borderCollapse: 'collapse',
    display: 'block',
    overflowX: 'auto',
    typography: 'body2',
  },
  '& th, & td': {
    border: 1,
    borderColor: 'divider',
    px: 1.5,
    py: 1,
    textAlign: 'left',
    verticalAlign: 'top',
  },
  '& th': { bgcolor: 'action.hover', fontWeight: 600 },
  '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
  ...theme.applyStyles('dark', {
    '& pre.shiki': { color: 'var(--shiki-dark)', backgroundColor: 'var(--shiki-dark-bg)' },
    '& pre.shiki span': { color: 'var(--shiki-dark)' },
  }),
})) satisfies SxProps<Theme>
