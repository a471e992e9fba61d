import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import type { Opened } from '../lib/share'

/** What opening a share link did: the request it filled in and what it needs, or why it could not. */
export function SharedNotice({ opened, onClose }: { opened: Opened; onClose: () => void }) {
  if (!opened.ok) {
    return (
      <Alert severity="error" onClose={onClose}>
        <AlertTitle>This share link could not be opened</AlertTitle>
        {opened.problem} The request form is as it was.
      </Alert>
    )
  }
  const names = opened.placeholders.map((name) => `{{${name}}}`).join(', ')
  return (
    <Alert severity="info" onClose={onClose}>
      <AlertTitle>Opened from a share link</AlertTitle>
      The request is filled in and has not been sent.{' '}
      {names
        ? `Give these placeholders values before you send it, in an environment or by typing them in: ${names}.`
        : 'It needs no values of yours.'}
    </Alert>
  )
}
