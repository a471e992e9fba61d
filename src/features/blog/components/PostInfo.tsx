import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { formatPostDate, readTimeLabel } from '../lib/format'
import type { PostSummary } from '../types'

export const badgeSx = {
  px: 1,
  py: 0.25,
  borderRadius: 4,
  typography: 'caption',
  fontWeight: 700,
  letterSpacing: '0.02em',
} as const

/** Category badge, read time and date, as every article shows them above its title. */
export function PostInfo({
  post,
  children,
}: {
  post: Pick<PostSummary, 'category' | 'readTime' | 'date'>
  /** Badges before the category's. */
  children?: ReactNode
}) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary' }}
    >
      {children}
      <Box
        component="span"
        sx={{ ...badgeSx, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        {post.category}
      </Box>
      <Typography variant="body2" component="span">
        {readTimeLabel(post.readTime)}
      </Typography>
      <Typography variant="body2" component="time" dateTime={post.date}>
        {formatPostDate(post.date)}
      </Typography>
    </Stack>
  )
}
