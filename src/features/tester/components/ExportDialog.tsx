import { useState } from 'react'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ChoiceLabel } from '@/components/ChoiceLabel/ChoiceLabel'
import { useAppSelector } from '@/lib/store/hooks'
import { exportCollection } from '../lib/postman'
import type { Collection } from '../lib/workbenchTypes'
import { selectActiveEnvironment } from '../workbenchSlice'

type Props = { collection: Collection; onClose: () => void; onMessage: (message: string) => void }

/** A file name the collection's name can safely give. */
export const exportFileName = (name: string) =>
  `${name.replace(/[^\w .-]+/g, '').trim() || 'collection'}.postman_collection.json`

/** Download a collection as Postman v2.1 JSON; the environment's secrets only when asked. */
export function ExportDialog({ collection, onClose, onMessage }: Props) {
  const environment = useAppSelector(selectActiveEnvironment)
  const [withVariables, setWithVariables] = useState(false)
  const [withSecrets, setWithSecrets] = useState(false)
  const secrets = environment?.variables.filter((v) => v.secret).length ?? 0

  const download = () => {
    const json = exportCollection(collection, {
      environment: withVariables ? environment : null,
      includeSecrets: withVariables && withSecrets,
    })
    const url = URL.createObjectURL(
      new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' }),
    )
    const link = document.createElement('a')
    link.href = url
    link.download = exportFileName(collection.name)
    document.body.append(link)
    link.click()
    link.remove()
    // Revoked after the browser has taken the download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
    onMessage(`Exported “${collection.name}” as ${link.download}`)
    onClose()
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="export-title">
      <DialogTitle id="export-title">Export “{collection.name}”</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1}>
          <Typography>
            As Postman Collection v2.1 JSON, which Postman, Hoppscotch, Insomnia and Bruno import.
            Requests keep their {'{{name}}'} placeholders.
          </Typography>
          <ChoiceLabel
            control={
              <Checkbox
                disabled={!environment}
                checked={withVariables}
                onChange={(event) => setWithVariables(event.target.checked)}
              />
            }
            label={
              environment
                ? `Include the variables of ${environment.name}`
                : 'Include variables (choose an environment first)'
            }
          />
          {withVariables && secrets > 0 && (
            <ChoiceLabel
              control={
                <Checkbox
                  checked={withSecrets}
                  onChange={(event) => setWithSecrets(event.target.checked)}
                />
              }
              label={`Include the values of ${secrets} secret variable${secrets === 1 ? '' : 's'}`}
            />
          )}
          {withVariables && secrets > 0 && (
            <Alert severity={withSecrets ? 'warning' : 'info'}>
              {withSecrets
                ? 'The file will hold the secret values in plain text: anyone who gets it can use them.'
                : 'Secret variables are exported with empty values.'}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={download}>
          Download JSON
        </Button>
      </DialogActions>
    </Dialog>
  )
}
