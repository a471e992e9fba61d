import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'

export const SHORTCUTS = [
  ['Ctrl+Enter', 'Send the request'],
  ['Ctrl+S', 'Save the request to a collection'],
  ['Ctrl+L', 'Go to the URL'],
  ['?', 'Show these shortcuts'],
] as const

/** The tester's keys (⌘ for Ctrl on a Mac). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title">
      <DialogTitle id="shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent dividers>
        <Table size="small" aria-labelledby="shortcuts-title">
          <TableHead>
            <TableRow>
              <TableCell>Keys</TableCell>
              <TableCell>Does</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SHORTCUTS.map(([keys, does]) => (
              <TableRow key={keys}>
                <TableCell>
                  <kbd>{keys}</kbd>
                </TableCell>
                <TableCell>{does}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <p>On a Mac, ⌘ works as Ctrl.</p>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
