import { useId, useState } from 'react'
import Box from '@mui/material/Box'
import Dialog from '@mui/material/Dialog'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControl from '@mui/material/FormControl'
import InputLabel from '@mui/material/InputLabel'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import OutlinedInput from '@mui/material/OutlinedInput'
import Typography from '@mui/material/Typography'
import { PathText } from '@/components/PathText/PathText'
import { MAX_OPERATION_SEARCH } from '@/contract/operations'
import { useSearchOperationsQuery } from '../api/directoryApi'
import { useSettled } from '../lib/useSettled'
import { MethodChip } from './EndpointList'
import { SearchDialogBody } from './SearchDialogBody'

/** Matches listed in the dialog; the page's filter lists the rest. */
export const DIALOG_MATCHES_SHOWN = 50

type Props = {
  apiId: string
  apiName: string
  open: boolean
  onClose: () => void
  /** A match chosen: the page opens it in place. */
  onPick: (operationKey: string) => void
  /** The text the dialog opens with (stories). */
  initialText?: string
}

/**
 * Ctrl+K (Cmd+K) on an API page: every operation of its document searched by words at the server
 * (stemmed, in paths, summaries, descriptions and parameter names); Enter or a press opens one.
 */
export function OperationSearchDialog({
  apiId,
  apiName,
  open,
  onClose,
  onPick,
  initialText = '',
}: Props) {
  const inputId = useId()
  const titleId = useId()
  const [text, setText] = useState(initialText)
  const search = useSettled(text.trim(), 200)
  const { currentData, data, error, isFetching, refetch } = useSearchOperationsQuery(
    { apiId, search },
    { skip: search === '' },
  )
  const matches = currentData?.operations ?? []
  const pick = (operationKey: string) => {
    onPick(operationKey)
    onClose()
  }

  const body = (
    <SearchDialogBody
      search={search}
      data={currentData}
      previous={data}
      error={error}
      isFetching={isFetching}
      refetch={refetch}
      prompt="Words from a path, a summary, a description or a parameter’s name, such as “create a customer”."
      noMatch={`No operations match “${search}”.`}
    >
      {({ operations, total }) => (
        <>
          <Typography role="status" variant="body2" color="textSecondary">
            {total === 1 ? '1 operation matches' : `${total} operations match`}
            {total > DIALOG_MATCHES_SHOWN && `, the best ${DIALOG_MATCHES_SHOWN} shown`}
          </Typography>
          <List aria-label="Matching operations" dense>
            {operations.slice(0, DIALOG_MATCHES_SHOWN).map((op) => (
              <ListItem key={op.operationKey} disablePadding>
                <ListItemButton
                  onClick={() => pick(op.operationKey)}
                  sx={{ gap: 1.5, alignItems: 'flex-start', borderRadius: 1 }}
                >
                  <MethodChip method={op.method} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography
                      component="code"
                      sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                    >
                      <PathText path={op.path} />
                    </Typography>
                    {op.summary && (
                      <Typography variant="body2" color="textSecondary">
                        {op.summary}
                      </Typography>
                    )}
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      )}
    </SearchDialogBody>
  )

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Search the operations of {apiName}</DialogTitle>
      <DialogContent>
        <FormControl fullWidth size="small" sx={{ mt: 1, mb: 2 }}>
          <InputLabel htmlFor={inputId}>Search operations</InputLabel>
          <OutlinedInput
            id={inputId}
            label="Search operations"
            // Opened by its shortcut to type into: the box has the focus, as in every Cmd+K search.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            value={text}
            inputProps={{ maxLength: MAX_OPERATION_SEARCH, type: 'search' }}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              // Enter opens the best match, once the search is for what the box holds.
              if (event.key === 'Enter' && search === text.trim() && matches[0]) {
                event.preventDefault()
                pick(matches[0].operationKey)
              }
            }}
          />
        </FormControl>
        {body}
      </DialogContent>
    </Dialog>
  )
}
