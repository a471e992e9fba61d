import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { NETWORK_NAMES, type RecentPost, type ScheduledPost } from '@/contract/contentMarketing'
import { formatCount, formatDateTime, formatRelative } from '@/lib/format'

type Props = { title: string; sample: boolean; now: () => number } & (
  | { kind: 'recent'; posts: RecentPost[] | undefined }
  | { kind: 'scheduled'; posts: ScheduledPost[] | undefined }
)

/** Recent or scheduled posts, newest (or soonest) first. */
export function PostList(props: Props) {
  const { title, sample, now } = props
  const headingId = `${props.kind}-posts-heading`
  const empty =
    props.kind === 'recent'
      ? 'Nothing posted yet. Posts you publish appear here.'
      : 'Nothing scheduled. Choose a time when posting to schedule a post.'

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography id={headingId} variant="h3">
          {title}
        </Typography>
        {sample && <Chip label="Sample" size="small" />}
      </Stack>
      {!props.posts ? (
        <Stack spacing={1} sx={{ mt: 1 }} aria-hidden>
          <Skeleton variant="text" height={40} />
          <Skeleton variant="text" height={40} />
        </Stack>
      ) : props.posts.length === 0 ? (
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 300, overflowY: 'auto' }}>
          {props.kind === 'recent'
            ? props.posts.map((post) => (
                <ListItem key={post.id} disableGutters divider>
                  <ListItemText
                    primary={
                      post.url ? (
                        <Link href={post.url} target="_blank" rel="noopener">
                          {post.title}
                        </Link>
                      ) : (
                        post.title
                      )
                    }
                    secondary={
                      <Stack
                        component="span"
                        direction="row"
                        spacing={1}
                        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                      >
                        <span>{NETWORK_NAMES[post.platform]}</span>
                        <span aria-hidden>·</span>
                        <time
                          dateTime={post.timestamp}
                          title={formatDateTime(post.timestamp) ?? ''}
                        >
                          {formatRelative(post.timestamp, now())}
                        </time>
                        <span aria-hidden>·</span>
                        {/* No network reports figures for an outbox post: say so, not '0'. */}
                        {post.delivery === 'outbox' ? (
                          <>
                            <span>no engagement figures</span>
                            <Chip component="span" label="Outbox" size="small" variant="outlined" />
                          </>
                        ) : (
                          <span>{formatCount(post.engagement)} engagements</span>
                        )}
                      </Stack>
                    }
                  />
                </ListItem>
              ))
            : props.posts.map((post) => (
                <ListItem key={post.id} disableGutters divider>
                  <ListItemText
                    primary={post.title}
                    secondary={
                      <>
                        {NETWORK_NAMES[post.platform]} ·{' '}
                        <time dateTime={post.scheduledTime}>
                          {formatDateTime(post.scheduledTime)} (
                          {formatRelative(post.scheduledTime, now())})
                        </time>
                      </>
                    }
                  />
                </ListItem>
              ))}
        </List>
      )}
    </Paper>
  )
}
