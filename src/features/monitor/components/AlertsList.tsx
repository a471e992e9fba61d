import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import CheckCircle from '@mui/icons-material/CheckCircleOutlined'
import Close from '@mui/icons-material/Close'
import NotificationsNone from '@mui/icons-material/NotificationsNone'
import { formatTime } from '@/lib/format'
import type { Alert, Severity } from '../types'

const severityColour = { high: 'error', medium: 'warning', low: 'info' } as const
const severityLabel: Record<Severity, string> = { high: 'HIGH', medium: 'MEDIUM', low: 'LOW' }

type Props = {
  alerts: Alert[]
  onAcknowledge: (id: string) => void
  onDismiss: (id: string) => void
}

/** Each alert: message, time, upper-case severity, Acknowledge and a dismiss cross. */
export function AlertsList({ alerts, onAcknowledge, onDismiss }: Props) {
  if (alerts.length === 0) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'center', py: 5, color: 'text.secondary' }}>
        <NotificationsNone sx={{ fontSize: 40 }} aria-hidden />
        <Typography>No alerts in the last 24 hours</Typography>
      </Stack>
    )
  }
  return (
    <List aria-label="Recent alerts" disablePadding>
      {alerts.map((alert) => (
        <ListItem key={alert.id} divider sx={{ gap: 2, px: 0, alignItems: 'flex-start' }}>
          <Chip
            size="small"
            label={severityLabel[alert.severity]}
            color={severityColour[alert.severity]}
            sx={{ mt: 0.25, minWidth: 72, fontWeight: 600 }}
          />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{alert.message}</Typography>
            <Typography variant="body2" color="textSecondary">
              <time dateTime={alert.timestamp}>{formatTime(alert.timestamp)}</time>
            </Typography>
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
            {alert.acknowledged ? (
              <Stack
                direction="row"
                spacing={0.5}
                sx={{ alignItems: 'center', color: 'text.secondary', px: 1 }}
              >
                <CheckCircle fontSize="small" aria-hidden />
                <Typography variant="body2">Acknowledged</Typography>
              </Stack>
            ) : (
              <Button
                size="small"
                variant="outlined"
                onClick={() => onAcknowledge(alert.id)}
                aria-label={`Acknowledge: ${alert.message}`}
              >
                Acknowledge
              </Button>
            )}
            <IconButton
              size="small"
              aria-label={`Dismiss: ${alert.message}`}
              title="Dismiss"
              onClick={() => onDismiss(alert.id)}
            >
              <Close fontSize="small" />
            </IconButton>
          </Stack>
        </ListItem>
      ))}
    </List>
  )
}
