import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'

export const QUICK_ACTIONS = [
  'Add New API',
  'Create Project',
  'View Analytics',
  'Manage Users',
  'System Settings',
] as const

type Props = {
  /** Where an action is reported; the console: they only log. */
  log?: (message: string) => void
}

/** These only log to the console and do nothing else. */
export function QuickActions({ log = (message) => console.info(message) }: Props) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="quick-actions-heading"
      sx={{ p: 2 }}
    >
      <Typography id="quick-actions-heading" variant="h3" gutterBottom>
        Quick Actions
      </Typography>
      <Stack spacing={1}>
        {QUICK_ACTIONS.map((action) => (
          <Button
            key={action}
            variant="outlined"
            onClick={() => log(`Quick action: ${action}`)}
            sx={{ justifyContent: 'flex-start' }}
          >
            {action}
          </Button>
        ))}
      </Stack>
    </Paper>
  )
}
