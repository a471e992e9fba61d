import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'

type Props = {
  label: string
  value: string
  icon?: ReactNode
  /** A short note under the figure, such as 'Sample' for a value that is not real. */
  caption?: string
}

/** One figure with its label, for the summary rows of the dashboards. */
export function StatCard({ label, value, icon, caption }: Props) {
  return (
    <Card component="section" aria-label={label} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {icon && (
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 44,
              height: 44,
              borderRadius: 2,
              flexShrink: 0,
              bgcolor: 'action.hover',
              color: 'primary.main',
            }}
          >
            {icon}
          </Box>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="textSecondary">
            {label}
          </Typography>
          <Typography variant="h3" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography>
          {caption && (
            <Typography variant="caption" color="textSecondary">
              {caption}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  )
}
