import type { ReactNode } from 'react'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { errorMessage, type QueryError } from '@/lib/store/errors'

type Props<T extends { total: number }> = {
  /** The settled search; blank shows the prompt. */
  search: string
  /** What the query holds for this search (RTK Query's `currentData`), its error and state. */
  data: T | undefined
  /**
   * What it last held, for an earlier search (RTK Query's `data`): kept in sight while this one
   * comes, so a match being pressed does not vanish from under the pointer as the words change.
   */
  previous: T | undefined
  error: QueryError
  isFetching: boolean
  refetch: () => unknown
  /** What to type, said before anything is typed. */
  prompt: ReactNode
  /** Said when nothing matches. */
  noMatch: ReactNode
  /** The matches, once there are some. */
  children: (data: T) => ReactNode
}

/**
 * The states every search dialog goes through, drawn one way: the prompt, "Searching…" (above the
 * last matches while the words change), the failure with a way to ask again, no match, and the
 * matches the dialog draws itself.
 */
export function SearchDialogBody<T extends { total: number }>({
  search,
  data,
  previous,
  error,
  isFetching,
  refetch,
  prompt,
  noMatch,
  children,
}: Props<T>) {
  if (search === '') return <Typography color="textSecondary">{prompt}</Typography>
  const searching = (
    <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
      <CircularProgress size={20} aria-hidden />
      <Typography>Searching…</Typography>
    </Stack>
  )
  // The same elements either way, so the list pressed is the list shown when the new words come.
  const shown = data ?? (isFetching && previous && previous.total > 0 ? previous : undefined)
  if (shown && shown.total > 0) {
    return (
      <Stack spacing={1} aria-busy={!data}>
        {!data && searching}
        {children(shown)}
      </Stack>
    )
  }
  if (!data && (isFetching || !error)) return searching
  if (!data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        The search failed: {errorMessage(error, 'no answer')}.
      </Alert>
    )
  }
  return <Typography role="status">{noMatch}</Typography>
}
