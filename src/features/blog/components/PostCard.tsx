import { Link as RouterLink } from 'react-router-dom'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { paths } from '@/lib/paths'
import type { PostSummary } from '../types'
import { COVER_SIZES } from '@/shared/seo/coverImage'
import { CoverImage } from './CoverImage'
import { badgeSx, PostInfo } from './PostInfo'

/** The title's link covers the whole card, so the card opens the article wherever it is clicked. */
const stretchedLink = {
  '&::after': { content: '""', position: 'absolute', inset: 0 },
  '&:focus-visible': { outline: 'none' },
} as const

/** An article in the list: cover, category, read time, date, title and excerpt. */
export function PostCard({ post, featured = false }: { post: PostSummary; featured?: boolean }) {
  return (
    <Box
      component="article"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'grid',
        gridTemplateColumns: featured ? { md: '7fr 5fr' } : undefined,
        gridTemplateRows: featured ? undefined : 'auto 1fr',
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        overflow: 'hidden',
        bgcolor: 'background.paper',
        '&:hover, &:focus-within': { borderColor: 'primary.main' },
        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <CoverImage
        post={post}
        priority={featured}
        sizes={featured ? COVER_SIZES.featured : COVER_SIZES.card}
        sx={featured ? { height: '100%' } : undefined}
      />
      <Stack spacing={1.5} sx={{ p: featured ? { xs: 3, md: 4 } : 3, justifyContent: 'center' }}>
        <PostInfo post={post}>
          {featured && (
            <Box
              component="span"
              sx={{ ...badgeSx, bgcolor: 'secondary.main', color: 'background.paper' }}
            >
              Featured
            </Box>
          )}
        </PostInfo>
        <Typography variant={featured ? 'h2' : 'h3'}>
          <Link
            component={RouterLink}
            to={paths.blogPost(post.slug)}
            color="inherit"
            underline="hover"
            sx={stretchedLink}
          >
            {post.title}
          </Link>
        </Typography>
        <Typography color="textSecondary">{post.excerpt}</Typography>
      </Stack>
    </Box>
  )
}
