import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import Refresh from '@mui/icons-material/Refresh'
import type { Monitoring } from '@/contract/monitoring'
import { errorMessage, isNetworkError, type QueryError } from '@/lib/store/errors'
import { useCheckApiNowMutation } from '../api/monitoringApi'
import { measuredAt } from '../lib/monitoring'

/** What a finished check found, in a sentence: measured, or no network on the server's side. */
function doneSentence(monitoring: Monitoring) {
  const { health } = monitoring
  const noNetworkAt = health?.networkUnavailableAt ?? null
  if (noNetworkAt && (!health?.checkedAt || noNetworkAt > health.checkedAt)) {
    return `The check at ${measuredAt(noNetworkAt)} found no network on this server: nothing was measured.`
  }
  return health?.checkedAt
    ? `Checked at ${measuredAt(health.checkedAt)}: the figures on this page are fresh.`
    : 'Checked: the figures on this page are fresh.'
}

const isRateLimited = (error: QueryError) =>
  Boolean(error && 'status' in error && error.status === 429)

function failureSentence(error: QueryError) {
  if (isNetworkError(error)) return 'Could not reach the server to check this API. Try again.'
  return errorMessage(error, 'The check could not be made. Please try again later.')
}

type Props = {
  /** The API's id, as the page's monitoring query has it. */
  apiId: string
}

/**
 * An admin's "Check now": checks the API at once on the server, whose answer replaces the page's
 * figures. Shown only to a signed-in admin; the server checks the role again and limits how often.
 */
export function CheckNowButton({ apiId }: Props) {
  const [checkNow, { data, error, isLoading, isError, isSuccess, originalArgs }] =
    useCheckApiNowMutation()
  const ours = originalArgs === apiId
  return (
    <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, maxWidth: 480 }}>
      <Button
        variant="contained"
        onClick={() => void checkNow(apiId)}
        disabled={isLoading}
        startIcon={
          isLoading ? <CircularProgress size={18} color="inherit" aria-hidden /> : <Refresh />
        }
      >
        {isLoading ? 'Checking…' : 'Check now'}
      </Button>
      <div role="status">
        {isLoading && (
          <Typography variant="body2" color="textSecondary">
            Checking its address, then its safe operations. This can take up to a minute.
          </Typography>
        )}
        {ours && isSuccess && data && (
          <Typography variant="body2" color="textSecondary">
            {doneSentence(data)}
          </Typography>
        )}
        {ours && isError && isRateLimited(error) && (
          <Alert severity="warning" variant="outlined">
            {errorMessage(error, 'Too many checks: try again in a minute.')}
          </Alert>
        )}
        {ours && isError && !isRateLimited(error) && (
          <Alert severity="error" variant="outlined">
            {failureSentence(error)}
          </Alert>
        )}
      </div>
    </Stack>
  )
}
