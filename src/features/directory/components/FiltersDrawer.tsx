import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Drawer from '@mui/material/Drawer'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import Close from '@mui/icons-material/Close'

type Props = {
  open: boolean
  onClose: () => void
  /** "2 active" or nothing. */
  active: number
  children: ReactNode
}

/**
 * The directory's filters on a phone: a sheet from the bottom, so the first screen shows results
 * rather than five fields. Loaded when the Filters button is first pressed.
 */
export function FiltersDrawer({ open, onClose, active, children }: Props) {
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'filters-drawer-title',
          sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 },
        },
      }}
    >
      <Stack spacing={2} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="filters-drawer-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
            Filters{active > 0 ? ` (${active} active)` : ''}
          </Typography>
          <IconButton aria-label="Close filters" onClick={onClose} edge="end">
            <Close />
          </IconButton>
        </Stack>
        <Box>{children}</Box>
        <Button variant="contained" onClick={onClose} fullWidth>
          Show results
        </Button>
      </Stack>
    </Drawer>
  )
}
