import { useId, type ChangeEvent } from 'react'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import { TESTER_LIMITS } from '@/contract/testerConstants'
import type { BodyPart } from '../lib/bodyMedia'
import { bytesToBase64 } from '../lib/multipart'
import type { Draft } from '../lib/draft'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'

// Base64 takes 4 bytes for 3: the largest file whose encoding fits in the tester's body limit.
const MAX_FILE_BYTES = Math.floor((TESTER_LIMITS.bodyLength * 3) / 4) - 4096

/**
 * A multipart body (`multipart/form-data`): text fields and files, each a part. A file is read in
 * the browser and sent as its bytes, with its own type; it is never kept in history or shared.
 */
export function MultipartBody({
  draft,
  onChange,
}: {
  draft: Draft
  onChange: (draft: Draft) => void
}) {
  const parts = draft.parts ?? []
  const id = useId()
  const set = (next: BodyPart[]) => onChange({ ...draft, bodyText: '', parts: next })
  const replace = (index: number, part: BodyPart) =>
    set(parts.map((p, i) => (i === index ? part : p)))

  const choose = async (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    const part = parts[index]!
    if (file.size > MAX_FILE_BYTES) {
      replace(index, { name: part.name, file: { name: '', type: '', base64: '' } })
      return
    }
    const base64 = bytesToBase64(new Uint8Array(await file.arrayBuffer()))
    replace(index, {
      name: part.name,
      file: { name: file.name, type: file.type || 'application/octet-stream', base64 },
    })
  }

  const files = parts.filter((p) => 'file' in p && p.file.name !== '').length
  return (
    <Stack spacing={1}>
      {parts.map((part, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <OutlinedField
            label="Part name"
            value={part.name}
            onChange={(event) => replace(index, { ...part, name: event.target.value })}
            error={part.name.trim() === ''}
            helperText={
              part.name.trim() === '' ? 'Name this part: without a name it is not sent.' : undefined
            }
            sx={{ flex: 2 }}
          />
          {'file' in part ? (
            <Stack sx={{ flex: 3 }} spacing={0.5}>
              <Button
                variant="outlined"
                onClick={() => document.getElementById(`${id}-${index}`)?.click()}
              >
                {part.file.name
                  ? `File: ${part.file.name}`
                  : `Choose a file for ${part.name || 'this part'}`}
              </Button>
              <input
                id={`${id}-${index}`}
                type="file"
                hidden
                aria-label={`File for ${part.name || 'this part'}`}
                onChange={(event) => void choose(index, event)}
              />
              <Typography variant="body2" color="textSecondary">
                {part.file.name
                  ? `${part.file.type}, ${Math.ceil((part.file.base64.length * 3) / 4)} bytes`
                  : `No file chosen: this part is left out. Files up to ${Math.floor(MAX_FILE_BYTES / 1024)} KB.`}
              </Typography>
            </Stack>
          ) : (
            <OutlinedField
              label="Value"
              value={part.value}
              onChange={(event) => replace(index, { ...part, value: event.target.value })}
              sx={{ flex: 3 }}
            />
          )}
          <IconButton
            aria-label={`Remove ${part.name || 'part'}`}
            size="small"
            sx={{ mt: 1 }}
            onClick={() => set(parts.filter((_, i) => i !== index))}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => set([...parts, { name: '', value: '' }])}>
          Add a text field
        </Button>
        <Button
          size="small"
          onClick={() => set([...parts, { name: '', file: { name: '', type: '', base64: '' } }])}
        >
          Add a file
        </Button>
      </Stack>
      <Typography variant="body2" color="textSecondary">
        {parts.length === 0
          ? 'Empty: the request is sent without a body.'
          : `Sent as multipart/form-data: each row is a part${files > 0 ? `, ${files} of them a file sent as its bytes with its own type` : ''}. The boundary is added to the Content-Type as it is sent. Files are not kept in history, saved requests or share links.`}
      </Typography>
    </Stack>
  )
}
