import { useState } from 'react'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { headersToText, parseHeaders, queryParams, withQueryParams, type Draft } from '../lib/draft'
import type { AuthChoice, AuthKind as Kind } from '../lib/authChoice'
import { OutlinedField } from './OutlinedField'
import { SelectField } from './SelectField'

const KINDS: { value: Kind; label: string }[] = [
  { value: 'bearer', label: 'Bearer token' },
  { value: 'basic', label: 'Basic auth' },
  { value: 'apiKeyHeader', label: 'API key in a header' },
  { value: 'apiKeyQuery', label: 'API key in the query' },
]

/** Fills the Authorization header, an API-key header or a query parameter from a few fields. */
export function AuthHelper({
  draft,
  onChange,
  choice,
  onApplied,
}: {
  draft: Draft
  onChange: (draft: Draft) => void
  /** The kind last applied (or opened from a share link), to start from. */
  choice: AuthChoice | null
  /** Remembered by the request panel, so a share link knows which header or parameter is secret. */
  onApplied: (choice: AuthChoice) => void
}) {
  const [kind, setKind] = useState<Kind>(choice?.kind ?? 'bearer')
  const [first, setFirst] = useState('')
  const [second, setSecond] = useState('')
  const [name, setName] = useState(choice?.name ?? 'X-API-Key')

  const apply = () => {
    onApplied({ kind, name })
    const headers = parseHeaders(draft.headersText) ?? {}
    if (kind === 'apiKeyQuery') {
      const params = (queryParams(draft.url) ?? []).filter(([n]) => n !== name)
      onChange({ ...draft, url: withQueryParams(draft.url, [...params, [name, first]]) })
      return
    }
    const next = { ...headers }
    if (kind === 'bearer') next.Authorization = `Bearer ${first}`
    if (kind === 'basic') next.Authorization = `Basic ${btoa(`${first}:${second}`)}`
    if (kind === 'apiKeyHeader') next[name] = first
    onChange({ ...draft, headersText: headersToText(next) })
  }

  const keyKind = kind === 'apiKeyHeader' || kind === 'apiKeyQuery'
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Fills the request for you; history keeps these values masked.
      </Typography>
      <SelectField<Kind> label="Authentication" value={kind} options={KINDS} onChange={setKind} />
      {keyKind && (
        <OutlinedField
          label={kind === 'apiKeyHeader' ? 'Header name' : 'Parameter name'}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      )}
      <OutlinedField
        label={kind === 'basic' ? 'User name' : kind === 'bearer' ? 'Token' : 'Key'}
        value={first}
        onChange={(event) => setFirst(event.target.value)}
      />
      {kind === 'basic' && (
        <OutlinedField
          type="password"
          label="Password"
          value={second}
          onChange={(event) => setSecond(event.target.value)}
        />
      )}
      <div>
        <Button variant="outlined" onClick={apply} disabled={first === '' || (keyKind && !name)}>
          Apply to request
        </Button>
      </div>
    </Stack>
  )
}
