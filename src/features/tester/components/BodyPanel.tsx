import { lazy, Suspense } from 'react'
import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { parseBody, type Draft } from '../lib/draft'
import { OutlinedField } from './OutlinedField'

// The GraphQL editor, graphql-js and its suggestions: only once a visitor turns GraphQL on.
const GraphqlBody = lazy(() =>
  import('../graphql/GraphqlBody').then((m) => ({ default: m.GraphqlBody })),
)

const BODY_NOTES = {
  none: 'Empty: the request is sent without a body.',
  json: 'Valid JSON: sent as JSON.',
  text: 'Not valid JSON: sent as raw text.',
} as const

type Props = {
  draft: Draft
  onChange: (draft: Draft) => void
  /** The body is written as a GraphQL query (kept by the request panel across its tabs). */
  graphql: boolean
  onGraphqlChange: (graphql: boolean) => void
}

/**
 * The request's body: raw text, or a GraphQL query and its variables. A part of its own, loaded
 * when its tab first opens: the server's page never shows this tab first (docs/performance.md).
 */
export function BodyPanel({ draft, onChange, graphql, onGraphqlChange }: Props) {
  return (
    <>
      <FormControlLabel
        control={
          <Switch checked={graphql} onChange={(event) => onGraphqlChange(event.target.checked)} />
        }
        label="GraphQL query"
        sx={{ mb: 1 }}
      />
      {graphql ? (
        <Suspense
          fallback={<Typography color="text.secondary">Loading the GraphQL editor…</Typography>}
        >
          <GraphqlBody draft={draft} onChange={onChange} />
        </Suspense>
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
          placeholder='{"name": "value"}'
          helperText={BODY_NOTES[parseBody(draft.bodyText).kind]}
        />
      )}
    </>
  )
}
