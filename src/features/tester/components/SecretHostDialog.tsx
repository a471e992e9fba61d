import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'
import type { SecretsToNewHost } from '../lib/secretHosts'

type Props = {
  /** What the request would send where; the dialog is open while there is something to ask. */
  asking: (SecretsToNewHost & { from: string }) | null
  onCancel: () => void
  onSend: () => void
}

/** Asked before a request someone else wrote sends your secret variables to a new host. */
export function SecretHostDialog({ asking, onCancel, onSend }: Props) {
  const titleId = useId()
  const names = asking?.names.map((name) => `{{${name}}}`).join(', ')
  return (
    <Dialog open={asking !== null} onClose={onCancel} aria-labelledby={titleId}>
      {asking && (
        <>
          <DialogTitle id={titleId}>Send your secrets to {asking.host}?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              This request came from {asking.from}. Sending it would put {names} from your
              environment “{asking.environment}” into a request to {asking.host}, a host this
              environment has not sent to before. Whoever runs {asking.host} would read them.
            </DialogContentText>
            <DialogContentText sx={{ mt: 2 }}>
              Send it only if you trust {asking.host} with these values.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>Don’t send</Button>
            <Button onClick={onSend} color="warning">
              Send to {asking.host}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
