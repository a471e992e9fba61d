import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { statusTone } from '../lib/format'
import type { HistoryEntry } from '../testerSlice'

type Props = {
  history: HistoryEntry[]
  onPick: (entry: HistoryEntry) => void
  onClear: () => void
}

/** The last 50 requests of this browser, secrets masked; a click loads one into the form. */
export function HistoryPanel({ history, onPick, onClear }: Props) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="tester-history-heading"
      sx={{ p: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="tester-history-heading" variant="h2" sx={{ fontSize: '1.125rem' }}>
          History
        </Typography>
        <Button size="small" onClick={onClear} disabled={history.length === 0}>
          Clear history
        </Button>
      </Stack>
      {history.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Requests you send appear here, kept in this browser with secrets masked.
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 420, overflow: 'auto' }}>
          {history.map((entry) => (
            <ListItem key={entry.id} disablePadding>
              <ListItemButton onClick={() => onPick(entry)} sx={{ borderRadius: 1, px: 1 }}>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={entry.status === 'Refused' ? 'error' : statusTone(entry.status)}
                        label={entry.status}
                      />
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {entry.method}
                      </Typography>
                    </Stack>
                  }
                  secondary={entry.url}
                  slotProps={{
                    secondary: { noWrap: true, title: entry.url, sx: { fontFamily: 'monospace' } },
                  }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  )
}
