import { memo } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { errorMessage, isNotFound } from '@/lib/store/errors'
import { useGetOperationQuery } from '../api/directoryApi'
import { OperationPanel } from './OperationPanel'

type Props = {
  apiId: string
  operationKey: string
}

/**
 * An open operation: asked for when it opens, then explained; loading and failure said plainly.
 * Drawn again only when its own props or answer change: the list around it is drawn again as its
 * requests start and arrive, and each time re-drawing the operation (its schemas, code and
 * examples) made one long task of it, synchronous as the store's updates are.
 */
export const OperationDetails = memo(function OperationDetails({ apiId, operationKey }: Props) {
  const { currentData, error, isFetching, refetch } = useGetOperationQuery({ apiId, operationKey })
  if (currentData) return <OperationPanel operation={currentData} />
  if (isFetching || !error) {
    return (
      <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center', py: 1 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>Loading the operation…</Typography>
      </Stack>
    )
  }
  return (
    <Box role="alert" sx={{ py: 1 }}>
      <Typography sx={{ mb: 1 }}>
        {isNotFound(error)
          ? 'This operation is not in the catalogue any more.'
          : `The operation could not be loaded: ${errorMessage(error, 'no answer')}.`}
      </Typography>
      {!isNotFound(error) && (
        <Button variant="outlined" size="small" onClick={() => void refetch()}>
          Try again
        </Button>
      )}
    </Box>
  )
})
