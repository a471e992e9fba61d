import { useState, type FormEvent } from 'react'
import Alert, { type AlertColor } from '@mui/material/Alert'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Snackbar from '@mui/material/Snackbar'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import Send from '@mui/icons-material/Send'
import {
  NETWORK_NAMES,
  NETWORKS,
  POST_LIMITS,
  type Connectors,
  type Network,
  type PostResponse,
} from '@/contract/contentMarketing'
import { formatDateTime } from '@/lib/format'
import { usePostToNetworkMutation } from '../api/contentMarketingApi'

type Props = {
  connectors: Connectors | undefined
  now: () => number
}

type Notice = { severity: AlertColor; text: string; detail?: string }

const isPostResponse = (value: unknown): value is PostResponse =>
  typeof value === 'object' && value !== null && 'success' in value && 'error' in value

/** The result in the dashboard's words, from what the server or the network said. */
export const noticeFor = (
  network: Network,
  outcome: { data?: PostResponse; error?: object },
): Notice => {
  const name = NETWORK_NAMES[network]
  const answer: unknown =
    outcome.data ?? (outcome.error && 'data' in outcome.error ? outcome.error.data : undefined)
  if (isPostResponse(answer) && answer.success) {
    const post = answer.data.post
    if (post.status === 'scheduled') {
      return {
        severity: 'success',
        text: `Scheduled for ${name}: ${formatDateTime(post.scheduledTime) ?? post.scheduledTime}`,
        detail: answer.message,
      }
    }
    // Only a post the network took is "posted"; the outbox sends nothing (spec decision 8).
    if (post.status === 'published' && post.delivery === 'outbox') {
      return {
        severity: 'info',
        text: `Saved to the outbox for ${name}: nothing was sent`,
        detail: answer.message,
      }
    }
    return { severity: 'success', text: `Posted to ${name} successfully!` }
  }
  if (
    answer &&
    typeof answer === 'object' &&
    'error' in answer &&
    typeof answer.error === 'string'
  ) {
    return { severity: 'error', text: `Failed to post to ${name}: ${answer.error}` }
  }
  return { severity: 'error', text: `Error posting to ${name}` }
}

/** Posts to one network now, or at a chosen time. */
export function PostForm({ connectors, now }: Props) {
  const [network, setNetwork] = useState<Network>('linkedin')
  const [content, setContent] = useState('')
  const [scheduleAt, setScheduleAt] = useState('')
  const [notice, setNotice] = useState<Notice | null>(null)
  const [post, { isLoading: posting }] = usePostToNetworkMutation()

  const name = NETWORK_NAMES[network]
  const limit = POST_LIMITS[network]
  const tooLong = content.length > limit
  const scheduledFor = scheduleAt ? new Date(scheduleAt) : null
  const scheduleInPast = scheduledFor !== null && scheduledFor.getTime() <= now()
  const canPost = content.trim() !== '' && !tooLong && !scheduleInPast && !posting

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!canPost) return
    const result = await post({
      network,
      content,
      scheduledFor: scheduledFor?.toISOString(),
    })
    const outcome = noticeFor(network, result)
    setNotice(outcome)
    if (outcome.severity !== 'error') {
      setContent('')
      setScheduleAt('')
    }
  }

  return (
    <Paper
      variant="outlined"
      component="form"
      aria-labelledby="post-form-heading"
      onSubmit={submit}
      sx={{ p: 2 }}
    >
      <Typography id="post-form-heading" variant="h3" gutterBottom>
        Post to a network
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label="Network"
            value={network}
            onChange={(event) => setNetwork(event.target.value as Network)}
            sx={{ minWidth: 180 }}
            helperText={connectors?.[network] === 'outbox' ? 'Outbox mode: saved here only' : ' '}
          >
            {NETWORKS.map((option) => (
              <MenuItem key={option} value={option}>
                {NETWORK_NAMES[option]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="datetime-local"
            label="Schedule for (optional)"
            value={scheduleAt}
            onChange={(event) => setScheduleAt(event.target.value)}
            error={scheduleInPast}
            helperText={scheduleInPast ? 'Choose a time in the future' : 'Leave empty to post now'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <TextField
          label="Post content"
          multiline
          minRows={3}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          error={tooLong}
          helperText={
            tooLong
              ? `${name} takes at most ${limit.toLocaleString('en-US')} characters; this post has ${content.length.toLocaleString('en-US')}`
              : `${content.length.toLocaleString('en-US')} / ${limit.toLocaleString('en-US')} characters`
          }
        />
        <div>
          <Button
            type="submit"
            variant="contained"
            disabled={!canPost}
            loading={posting}
            loadingPosition="start"
            startIcon={<Send />}
          >
            {posting ? 'Posting...' : scheduledFor ? `Schedule for ${name}` : `Post to ${name}`}
          </Button>
        </div>
      </Stack>
      <Snackbar
        open={notice !== null}
        autoHideDuration={notice?.severity === 'error' ? null : 6000}
        onClose={(_event, reason) => reason !== 'clickaway' && setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert severity={notice.severity} variant="filled" onClose={() => setNotice(null)}>
            {notice.text}
            {notice.detail && (
              <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                {notice.detail}
              </Typography>
            )}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Paper>
  )
}
