import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined'
import SearchOff from '@mui/icons-material/SearchOff'
import Inbox from '@mui/icons-material/Inbox'

type FrameProps = {
  icon?: ReactNode
  title: string
  message?: ReactNode
  action?: ReactNode
  role?: 'status' | 'alert'
}

/** One centred block shared by every state a screen can be in, so they all read alike. */
function StateFrame({ icon, title, message, action, role }: FrameProps) {
  return (
    <Stack
      role={role}
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}
    >
      {icon}
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      {message && (
        <Typography color="textSecondary" sx={{ maxWidth: 560 }}>
          {message}
        </Typography>
      )}
      {action && <Box sx={{ pt: 1 }}>{action}</Box>}
    </Stack>
  )
}

export function LoadingState({ label }: { label: string }) {
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: { xs: 6, md: 10 } }}>
      <CircularProgress aria-label={label} />
      <Typography color="textSecondary">{label}…</Typography>
    </Stack>
  )
}

type ErrorStateProps = {
  title?: string
  message: string
  onRetry?: () => void
  retryLabel?: string
  action?: ReactNode
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try Again',
  action,
}: ErrorStateProps) {
  return (
    <StateFrame
      role="alert"
      icon={<ErrorOutline color="error" sx={{ fontSize: 48 }} aria-hidden />}
      title={title}
      message={message}
      action={
        action ??
        (onRetry && (
          <Button variant="contained" onClick={onRetry}>
            {retryLabel}
          </Button>
        ))
      }
    />
  )
}

export function NotFoundState(props: Omit<FrameProps, 'icon' | 'role'>) {
  return (
    <StateFrame icon={<SearchOff color="action" sx={{ fontSize: 48 }} aria-hidden />} {...props} />
  )
}

export function EmptyState(props: Omit<FrameProps, 'icon' | 'role'>) {
  return (
    <StateFrame
      role="status"
      icon={<Inbox color="action" sx={{ fontSize: 48 }} aria-hidden />}
      {...props}
    />
  )
}
