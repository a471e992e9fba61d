import { lazy, memo, Suspense } from 'react'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { HistoryEntry } from '../testerSlice'

type Props = {
  history: HistoryEntry[]
  onPick: (entry: HistoryEntry) => void
  onClear: () => void
}

// The list (List, Chip) downloads only when there is history to list: most first visits have
// none (docs/performance.md).
const HistoryList = lazy(() => import('./HistoryList').then((m) => ({ default: m.HistoryList })))

/**
 * The last 50 requests of this browser, secrets masked; a click loads one into the form. Drawn
 * again only when its props change, not on every keystroke in the form above it.
 */
export const HistoryPanel = memo(function HistoryPanel({ history, onPick, onClear }: Props) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="tester-history-heading"
      sx={{ p: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="tester-history-heading" variant="h2" sx={{ fontSize: '1.125rem' }}>
          History
        </Typography>
        <Button size="small" onClick={onClear} disabled={history.length === 0}>
          Clear history
        </Button>
      </Stack>
      {history.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          Requests you send appear here, kept in this browser with secrets masked.
        </Typography>
      ) : (
        <Suspense fallback={null}>
          <HistoryList history={history} onPick={onPick} />
        </Suspense>
      )}
    </Paper>
  )
})
