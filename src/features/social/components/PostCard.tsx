import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip, { type ChipProps } from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import Schedule from '@mui/icons-material/Schedule'
import Send from '@mui/icons-material/Send'
import { formatCount, formatDateTime } from '@/lib/format'
import { platformNames } from '../socialPostsSlice'
import type { PostStatus, SocialPost } from '../types'
import { PlatformIcon } from './PlatformIcon'

const statusColours: Record<PostStatus, ChipProps['color']> = {
  draft: 'default',
  scheduled: 'info',
  published: 'success',
}

const statusLabels: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
}

type Props = {
  post: SocialPost
  onSchedule: () => void
  onPublish: () => void
}

/** One post of the list: engagement only once published, one action per status. */
export function PostCard({ post, onSchedule, onPublish }: Props) {
  const titleId = `post-${post.id}-title`
  const title = `${platformNames[post.platform]} Post`
  const when = formatDateTime(post.scheduledTime)
  const e = post.engagement
  const engagement =
    post.platform === 'twitter'
      ? [
          ['Likes', e.likes],
          ['Retweets', e.retweets ?? 0],
          ['Replies', e.replies ?? 0],
          ['Clicks', e.clicks],
        ]
      : [
          ['Likes', e.likes],
          ['Shares', e.shares ?? 0],
          ['Comments', e.comments ?? 0],
          ['Clicks', e.clicks],
        ]

  return (
    <Card component="article" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <PlatformIcon platform={post.platform} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h4" component="h3" id={titleId}>
              {title}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {when ? <time dateTime={post.scheduledTime}>{when}</time> : 'No time set'}
            </Typography>
          </Box>
          <Chip size="small" label={statusLabels[post.status]} color={statusColours[post.status]} />
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {post.content || (
            <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
              No content
            </Box>
          )}
        </Typography>
        {post.hashtags.length > 0 && (
          <Stack
            component="ul"
            direction="row"
            aria-label="Hashtags"
            sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, mt: 1.5, listStyle: 'none' }}
          >
            {post.hashtags.map((tag, index) => (
              <li key={`${tag}-${index}`}>
                <Chip size="small" variant="outlined" color="primary" label={tag} />
              </li>
            ))}
          </Stack>
        )}
        {post.media && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
            Attachment: {post.media}
          </Typography>
        )}
        {post.status === 'published' && (
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(4, 1fr)',
              gap: 1,
              m: 0,
              mt: 2,
              pt: 2,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            {engagement.map(([label, value]) => (
              <Box
                key={label}
                sx={{ display: 'flex', flexDirection: 'column-reverse', textAlign: 'center' }}
              >
                <Typography component="dt" variant="body2" color="textSecondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="h4" sx={{ m: 0 }}>
                  {formatCount(value as number)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {post.status !== 'published' && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            {post.status === 'draft' ? (
              <Button variant="outlined" startIcon={<Schedule />} onClick={onSchedule}>
                Schedule
              </Button>
            ) : (
              <Button variant="contained" startIcon={<Send />} onClick={onPublish}>
                Publish Now
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  )
}
