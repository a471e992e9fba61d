import { Children, Fragment, isValidElement, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

const trail = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  p: 0,
  m: 0,
  listStyle: 'none',
} as const
const separator = { display: 'flex', userSelect: 'none', mx: 1 } as const

/**
 * Where a page sits, drawn as MUI's Breadcrumbs draws it (the same nav, list, separators and
 * styles) for the two or three steps our pages have: MUI's adds collapsing for long trails, which
 * no page needs, at ~2 KB compressed on each first load (docs/performance.md).
 */
export function Breadcrumbs({
  children,
  'aria-label': label,
}: {
  children: ReactNode
  'aria-label': string
}) {
  const steps = Children.toArray(children).filter(isValidElement)
  return (
    <Typography component="nav" aria-label={label} color="textSecondary">
      <Box component="ol" sx={trail}>
        {steps.map((step, index) => (
          <Fragment key={step.key ?? index}>
            {index > 0 && (
              <Box component="li" aria-hidden sx={separator}>
                /
              </Box>
            )}
            <li>{step}</li>
          </Fragment>
        ))}
      </Box>
    </Typography>
  )
}
