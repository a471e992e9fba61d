import { useState, type FormEvent } from 'react'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import Add from '@mui/icons-material/Add'
import { platformNames } from '../socialPostsSlice'
import { platforms, type Platform, type PostDraft } from '../types'

type Props = {
  onCreate: (draft: Omit<PostDraft, 'id'>) => void
}

/** The Create New Post form; nothing is validated, every field may be empty. */
export function CreatePostForm({ onCreate }: Props) {
  const [platform, setPlatform] = useState<Platform>('twitter')
  const [scheduledTime, setScheduledTime] = useState('')
  const [content, setContent] = useState('')
  const [hashtags, setHashtags] = useState('')

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onCreate({ platform, scheduledTime, content, hashtags })
    setScheduledTime('')
    setContent('')
    setHashtags('')
  }

  return (
    <Card component="section" aria-labelledby="create-post-heading">
      <CardContent>
        <Typography variant="h2" id="create-post-heading" sx={{ fontSize: '1.25rem', mb: 2 }}>
          Create New Post
        </Typography>
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <TextField
            select
            label="Platform"
            value={platform}
            onChange={(event) => setPlatform(event.target.value as Platform)}
            slotProps={{ select: { native: true } }}
          >
            {platforms.map((value) => (
              <option key={value} value={value}>
                {platformNames[value]}
              </option>
            ))}
          </TextField>
          <TextField
            label="Schedule Time"
            type="datetime-local"
            value={scheduledTime}
            onChange={(event) => setScheduledTime(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Content"
            placeholder="What's on your mind?"
            multiline
            minRows={4}
            slotProps={{ inputLabel: { shrink: true } }}
            value={content}
            onChange={(event) => setContent(event.target.value)}
          />
          <TextField
            label="Hashtags"
            placeholder="#API #Developer #Tech"
            slotProps={{ inputLabel: { shrink: true } }}
            value={hashtags}
            onChange={(event) => setHashtags(event.target.value)}
            helperText="Separate hashtags with spaces."
          />
          <Button type="submit" variant="contained" startIcon={<Add />}>
            Create Post
          </Button>
        </Stack>
      </CardContent>
    </Card>
  )
}
