import { lazy, Suspense, useState } from 'react'
import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { ChoiceLabel } from '@/components/ChoiceLabel/ChoiceLabel'
import type { MediaContent } from '@/contract/operations'
import { headersToText, parseBody, parseHeaders, type Draft } from '../lib/draft'
import {
  contentTypeOf,
  MEDIA_TYPES,
  mediaOf,
  type BodyMedia,
  type BodyPart,
} from '../lib/bodyMedia'
import { formBodyRows, formRows, formText, rowsToJson } from '../lib/formEncoding'
import { nodeValue, optionalFields } from '../lib/prefill'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'
import { SelectField } from '@/components/SelectField/SelectField'

// The GraphQL editor, graphql-js and its suggestions: only once a visitor turns GraphQL on.
const GraphqlBody = lazy(() =>
  import('../graphql/GraphqlBody').then((m) => ({ default: m.GraphqlBody })),
)
// The form and multipart editors: only once a body of that type is shown.
const FormBody = lazy(() => import('./FormBody').then((m) => ({ default: m.FormBody })))
const MultipartBody = lazy(() =>
  import('./MultipartBody').then((m) => ({ default: m.MultipartBody })),
)

const MEDIA_OPTIONS: { value: BodyMedia; label: string }[] = [
  { value: 'json', label: 'JSON (application/json)' },
  { value: 'form', label: 'Form (application/x-www-form-urlencoded)' },
  { value: 'multipart', label: 'Multipart form with files (multipart/form-data)' },
  { value: 'xml', label: 'XML (application/xml)' },
  { value: 'text', label: 'Plain text (text/plain)' },
]

/** What the body's help says: how it is sent, truthfully, for its type. */
function bodyNote(media: BodyMedia, draft: Draft, contentType: string): string {
  if (media === 'json') {
    const kind = parseBody(draft.bodyText).kind
    if (kind === 'none') return 'Empty: the request is sent without a body.'
    if (kind === 'json') return `Valid JSON: sent as ${contentType}.`
    return `Not valid JSON: sent as typed under ${contentType}; fix it, or choose Plain text.`
  }
  if (draft.bodyText.trim() === '') return 'Empty: the request is sent without a body.'
  return `Sent as typed, as ${contentType}.`
}

type Props = {
  draft: Draft
  onChange: (draft: Draft) => void
  /** The body is written as a GraphQL query (kept by the request panel across its tabs). */
  graphql: boolean
  onGraphqlChange: (graphql: boolean) => void
  /** The operation's documented bodies, by media type: for fields a person may add. */
  contents?: MediaContent[]
}

/** The body written for another type: what carries over, and the names of what does not. */
function converted(draft: Draft, from: BodyMedia, to: BodyMedia): [Draft, string[]] {
  const dropped: string[] = []
  let rows: [string, string][] = []
  if (from === 'json') {
    const body = parseBody(draft.bodyText)
    if (body.kind === 'json' && body.value && typeof body.value === 'object') {
      rows = formRows(body.value)
    } else if (body.kind !== 'none') dropped.push('the body, which is not a JSON object')
  } else if (from === 'form') rows = formBodyRows(draft.bodyText)
  else if (from === 'multipart') {
    for (const part of draft.parts ?? []) {
      if ('file' in part) dropped.push(`the file part ${part.name}`)
      else rows.push([part.name, part.value])
    }
  }
  const textual = from === 'xml' || from === 'text'
  if (textual && to !== 'xml' && to !== 'text' && draft.bodyText.trim() !== '') {
    dropped.push('the text body')
  }
  const next: Draft = { ...draft, parts: undefined }
  if (to === 'json') next.bodyText = textual ? '' : JSON.stringify(rowsToJson(rows), null, 2)
  if (to === 'form') next.bodyText = textual ? '' : formText(rows)
  if (to === 'multipart') {
    next.bodyText = ''
    next.parts = rows.map(([name, value]) => ({ name, value }))
  }
  if (to === 'xml' || to === 'text') {
    next.bodyText = textual || from === 'json' ? draft.bodyText : formText(rows)
  }
  const headers = parseHeaders(draft.headersText) ?? {}
  const name = contentTypeOf(headers)?.[0] ?? 'Content-Type'
  next.headersText = headersToText({ ...headers, [name]: MEDIA_TYPES[to] })
  return [next, dropped]
}

/**
 * The request's body, written as its Content-Type says: JSON (or a GraphQL query), form fields,
 * multipart fields and files, XML or text. Choosing another type rewrites the Content-Type and
 * carries over what it can. A part of its own, loaded when its tab first opens.
 */
export function BodyPanel({ draft, onChange, graphql, onGraphqlChange, contents }: Props) {
  const headers = parseHeaders(draft.headersText)
  const contentType = contentTypeOf(headers)?.[1] ?? MEDIA_TYPES.json
  const media = mediaOf(contentType)
  const [droppedNote, setDroppedNote] = useState<string | null>(null)
  const documented = contents?.find((c) => mediaOf(c.mediaType) === media) ?? contents?.[0]
  const optional = optionalFields(documented?.schema)

  const choose = (to: BodyMedia) => {
    if (to === media) return
    const [next, dropped] = converted(draft, media, to)
    setDroppedNote(
      dropped.length > 0
        ? `Now ${MEDIA_TYPES[to]}. Left out: ${dropped.join(', ')}.`
        : `Now ${MEDIA_TYPES[to]}; the fields carried over.`,
    )
    if (to !== 'json') onGraphqlChange(false)
    onChange(next)
  }

  const addField = (name: string) => {
    const field = optional.find((f) => f.name === name)
    if (!field) return
    const example = (documented?.schema?.example as Record<string, unknown> | undefined)?.[name]
    const value = nodeValue(field, example)
    if (media === 'form') {
      onChange({
        ...draft,
        bodyText: formText([...formBodyRows(draft.bodyText), ...formRows(value, name)]),
      })
    } else if (media === 'multipart') {
      const part: BodyPart =
        field.format === 'binary'
          ? { name, file: { name: '', type: '', base64: '' } }
          : { name, value: typeof value === 'string' ? value : JSON.stringify(value) }
      onChange({ ...draft, parts: [...(draft.parts ?? []), part] })
    } else {
      const body = parseBody(draft.bodyText)
      const object =
        body.kind === 'json' &&
        body.value &&
        typeof body.value === 'object' &&
        !Array.isArray(body.value)
          ? body.value
          : {}
      onChange({ ...draft, bodyText: JSON.stringify({ ...object, [name]: value }, null, 2) })
    }
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <SelectField<BodyMedia>
          label="Body type"
          value={media}
          options={MEDIA_OPTIONS}
          onChange={choose}
          sx={{ minWidth: 280 }}
        />
        {optional.length > 0 && media !== 'xml' && media !== 'text' && (
          <SelectField<string>
            label="Add an optional field"
            value=""
            options={[
              { value: '', label: 'Choose a field…' },
              ...optional.map((f) => ({ value: f.name!, label: f.name! })),
            ]}
            onChange={addField}
            sx={{ minWidth: 220 }}
          />
        )}
        {media === 'json' && (
          <ChoiceLabel
            control={
              <Switch
                checked={graphql}
                onChange={(event) => onGraphqlChange(event.target.checked)}
              />
            }
            label="GraphQL query"
          />
        )}
      </Stack>
      {droppedNote && (
        <Alert severity="info" onClose={() => setDroppedNote(null)}>
          {droppedNote}
        </Alert>
      )}
      <Suspense fallback={<Typography color="textSecondary">Loading the body editor…</Typography>}>
        {media === 'json' && graphql ? (
          <GraphqlBody draft={draft} onChange={onChange} />
        ) : media === 'form' ? (
          <FormBody draft={draft} onChange={onChange} />
        ) : media === 'multipart' ? (
          <MultipartBody draft={draft} onChange={onChange} />
        ) : (
          <OutlinedField
            label="Body"
            name="bodyText"
            value={draft.bodyText}
            onChange={(event) => onChange({ ...draft, bodyText: event.target.value })}
            multiline
            fullWidth
            minRows={6}
            maxRows={18}
            code
            placeholder={media === 'json' ? '{"name": "value"}' : undefined}
            helperText={bodyNote(media, draft, contentType)}
          />
        )}
      </Suspense>
    </Stack>
  )
}
