import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { OperationResponse } from '@/contract/operations'
import { useEarlyClicks } from '@/lib/useEarlyClick'
import { SchemaSection } from './SchemaSection'

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const

/** A status's colour, as people read them: success green, a client's or server's error red. */
const statusColor = (status: string) =>
  /^2/.test(status) ? 'success' : /^[45]/.test(status) ? 'error' : 'primary'

/** The status a reader sees first: the one with an example or schema, else the first success. */
export const firstStatus = (responses: OperationResponse[]) =>
  (responses.find((r) => r.schema) ?? responses.find((r) => /^2/.test(r.status)) ?? responses[0])
    ?.status

/**
 * The response example beside an operation: a button per documented status (a row that wraps, so
 * a phone never scrolls sideways), and below it the picked status's description with its example
 * and schema. Buttons, not tabs: each is reached with Tab and pressed with Enter or Space, and says
 * whether it is the one shown (aria-pressed).
 */
export function ResponseExample({
  responses,
  operationName,
}: {
  responses: OperationResponse[]
  /** `POST /v1/customers`: names the picker, so two open operations' pickers differ. */
  operationName: string
}) {
  const [picked, setPicked] = useState(() => firstStatus(responses))
  // A status pressed on the server's page before the app ran is shown once it runs.
  const pick = useEarlyClicks(
    responses.map(({ status }) => `status:${operationName}:${status}`),
    (i) => setPicked(responses[i]!.status),
  )
  if (responses.length === 0) {
    return <Typography color="textSecondary">The document lists no responses.</Typography>
  }
  const response = responses.find((r) => r.status === picked) ?? responses[0]!
  return (
    <Box>
      <Stack
        direction="row"
        spacing={0.75}
        useFlexGap
        role="group"
        aria-label={`Response status for ${operationName}`}
        sx={{ flexWrap: 'wrap', mb: 1 }}
      >
        {responses.map(({ status }, i) => {
          const pressed = status === response.status
          return (
            <Button
              key={status}
              size="small"
              color={statusColor(status)}
              variant={pressed ? 'contained' : 'outlined'}
              aria-pressed={pressed}
              {...pick(i)}
              sx={{ fontFamily: 'monospace', minWidth: 0, px: 1.25 }}
            >
              {status}
            </Button>
          )
        })}
      </Stack>
      <Typography variant="body2">
        <Box component="code" sx={{ ...mono, fontWeight: 700 }}>
          {response.status}
        </Box>{' '}
        {response.description || 'No description.'}
        {response.mediaTypes.length > 0 && (
          <Typography component="span" variant="body2" color="textSecondary">
            {' '}
            ({response.mediaTypes.join(', ')})
          </Typography>
        )}
      </Typography>
      {response.schema ? (
        <SchemaSection
          // A status of its own starts on its example, whatever tab the last one was on.
          key={response.status}
          view={response.schema}
          label={`${response.status} response sample`}
          direction="response"
          firstTab="example"
        />
      ) : (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {response.mediaTypes.length === 0
            ? 'This status has no body.'
            : 'No example or schema is kept for this status: only the main response has them.'}
        </Typography>
      )}
    </Box>
  )
}
