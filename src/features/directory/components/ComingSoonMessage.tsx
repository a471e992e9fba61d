import Alert from '@mui/material/Alert'
import Snackbar from '@mui/material/Snackbar'

type Props = { tool: string; onClose: () => void }

/** Says that a tool is not built yet; a new tool's message replaces the last one. */
export function ComingSoonMessage({ tool, onClose }: Props) {
  return (
    <Snackbar
      open
      autoHideDuration={5000}
      // A click elsewhere (such as on another tool) must not close the next message.
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      key={tool}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="info" variant="filled" onClose={onClose}>
        {tool} is coming soon.
      </Alert>
    </Snackbar>
  )
}
