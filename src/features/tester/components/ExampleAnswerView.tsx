import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { monoFontFamily } from '@/lib/theme/tokens'
import type { ExampleAnswer } from '../lib/exampleAnswer'

/**
 * An answer from the documentation, marked as such: the status and media type the operation
 * documents, the example and where it came from, and whether it is valid against the documented
 * schema. Loaded when first shown.
 */
export function ExampleAnswerView({ answer }: { answer: ExampleAnswer }) {
  const text = JSON.stringify(answer.value, null, 2)
  return (
    <Stack spacing={2}>
      <Alert severity="info" variant="outlined">
        <AlertTitle>Answer from the documentation, not from the API</AlertTitle>
        No request was sent. This is what the operation documents for a successful call.
      </Alert>
      <Stack
        direction="row"
        spacing={1}
        aria-label="Example answer summary"
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Chip color="success" label={answer.status} />
        <Typography sx={{ fontWeight: 500 }}>{answer.mediaType}</Typography>
        <Typography variant="body2" color="textSecondary">
          {answer.source === 'document'
            ? "The document's own example"
            : 'Generated from the response schema'}
        </Typography>
      </Stack>
      <Typography
        variant="body2"
        color={answer.errors.length === 0 ? 'success.main' : 'warning.main'}
      >
        {answer.errors.length === 0
          ? 'Valid against the documented response schema.'
          : `Not valid against the documented response schema: ${answer.errors.slice(0, 3).join('; ')}.`}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label="Example answer body"
        sx={{
          m: 0,
          p: 2,
          maxHeight: 480,
          overflow: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: monoFontFamily,
          fontSize: 13,
        }}
      >
        {text}
      </Box>
    </Stack>
  )
}
