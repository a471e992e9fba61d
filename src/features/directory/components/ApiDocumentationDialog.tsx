import { useId, useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import Button from '@mui/material/Button'
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
import { paths } from '@/lib/paths'
import { useListApisQuery } from '../api/directoryApi'
import { useSettled } from '../lib/useSettled'
import { SearchDialogBody } from './SearchDialogBody'

/** APIs offered at once: the directory's search lists the rest. */
export const DOCUMENTATION_MATCHES = 8

type Props = {
  open: boolean
  onClose: () => void
  /** The text the dialog opens with (stories). */
  initialText?: string
}

const operations = (count: number) =>
  count === 0 ? 'no operations' : count === 1 ? '1 operation' : `${count} operations`

/**
 * The tools hub's "API Documentation": the directory searched by name or task, and the chosen
 * API's page, which is its reference (every operation explained, searchable, each with an address).
 */
export function ApiDocumentationDialog({ open, onClose, initialText = '' }: Props) {
  const inputId = useId()
  const titleId = useId()
  const navigate = useNavigate()
  const [text, setText] = useState(initialText)
  const search = useSettled(text.trim(), 200)
  const { currentData, data, error, isFetching, refetch } = useListApisQuery(
    { search, limit: DOCUMENTATION_MATCHES },
    { skip: search === '' },
  )
  const matches = currentData?.apis ?? []

  const body = (
    <SearchDialogBody
      search={search}
      data={currentData}
      previous={data}
      error={error}
      isFetching={isFetching}
      refetch={refetch}
      prompt="An API’s name, its provider or what you want to do with it, such as “send sms”."
      noMatch={`No API matches “${search}”. Try other words.`}
    >
      {({ apis, total }) => (
        <>
          <Typography role="status" variant="body2" color="textSecondary">
            {total === 1 ? '1 API matches' : `${total} APIs match`}
            {total > apis.length && `, the best ${apis.length} shown`}
          </Typography>
          <List aria-label="Matching APIs" dense>
            {apis.map((api) => (
              <ListItem key={api.id} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={paths.apiDetail(api.id)}
                  onClick={onClose}
                  sx={{ display: 'block', borderRadius: 1 }}
                >
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {api.name}
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    {api.provider} · {operations(api.endpointCount)}
                  </Typography>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          {total > apis.length && (
            <Button
              component={RouterLink}
              to={`${paths.apis}?search=${encodeURIComponent(search)}`}
              onClick={onClose}
            >
              All {total} in the directory
            </Button>
          )}
        </>
      )}
    </SearchDialogBody>
  )

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Open an API’s documentation</DialogTitle>
      <DialogContent>
        <FormControl fullWidth size="small" sx={{ mt: 1, mb: 2 }}>
          <InputLabel htmlFor={inputId}>Search APIs</InputLabel>
          <OutlinedInput
            id={inputId}
            label="Search APIs"
            // Opened to type into: the box has the focus.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            value={text}
            inputProps={{ maxLength: 200, type: 'search' }}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              // Enter opens the best match, once the search is for what the box holds.
              if (event.key === 'Enter' && search === text.trim() && matches[0]) {
                event.preventDefault()
                onClose()
                void navigate(paths.apiDetail(matches[0].id))
              }
            }}
          />
        </FormControl>
        {body}
      </DialogContent>
    </Dialog>
  )
}
