import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { statusTone } from '../lib/format'
import type { HistoryEntry } from '../testerSlice'

type Props = { history: HistoryEntry[]; onPick: (entry: HistoryEntry) => void }

/** The requests kept in this browser, newest first; a click loads one into the form. */
export function HistoryList({ history, onPick }: Props) {
  return (
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
  )
}
