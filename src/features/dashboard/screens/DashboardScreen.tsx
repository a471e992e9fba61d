import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import Logout from '@mui/icons-material/Logout'
import { ConfirmButton } from '@/components/ConfirmButton/ConfirmButton'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { ErrorState, LoadingState } from '@/components/StateViews/StateViews'
import { paths } from '@/lib/paths'
import { DashboardPanels } from '../components/DashboardPanels'

/**
 * Who is signed in, as the dashboard needs to know it. The app fills it from the staff session
 * (src/app/routes/DashboardRoute.tsx): a feature does not import another feature.
 */
export type DashboardStaff =
  | { phase: 'loading' }
  | { phase: 'stuck'; detail: string | null; onRetry: () => void }
  | { phase: 'anonymous' }
  | {
      phase: 'profileNotFound'
      detail: string | null
      onRetry: () => void
      onLogin: () => Promise<void>
    }
  | {
      phase: 'ready'
      /** The profile's full name, or the email. */
      name: string
      role: string
      /** Whether the role may publish and schedule posts (src/contract/staffRoles.ts). */
      canPublish: boolean
      /** The default viewer profile is in use: the real one could not be loaded or made. */
      limited: boolean
      /** Minutes before the inactivity time-out, when that is under 5; null otherwise. */
      minutesLeft: number | null
      refreshing: boolean
      onStaySignedIn: () => void
      onLogout: () => Promise<void>
    }

type Props = {
  staff: DashboardStaff
  /** The clock of the panels' relative times. */
  now?: () => number
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The staff dashboard: the guard's states, then the signed-in shell around the panels. */
export function DashboardScreen({ staff, now }: Props) {
  const navigate = useNavigate()
  const toLogin = () => navigate(paths.login, { replace: true })

  let content
  if (staff.phase === 'anonymous') return <Navigate to={paths.login} replace />
  if (staff.phase === 'loading') {
    content = <LoadingState label="Checking your session" />
  } else if (staff.phase === 'stuck') {
    content = (
      <ErrorState
        title="Authentication is taking too long"
        message={
          staff.detail ??
          'The check of your session has not finished. Try again, or go to the login page and sign in again.'
        }
        action={
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" onClick={staff.onRetry}>
              Try Again
            </Button>
            <Button variant="outlined" component={RouterLink} to={paths.login} replace>
              Go to login
            </Button>
          </Stack>
        }
      />
    )
  } else if (staff.phase === 'profileNotFound') {
    const { detail, onRetry, onLogin } = staff
    content = (
      <ErrorState
        title="Profile Not Found"
        message={`Your staff profile could not be loaded. Contact support if this keeps happening, or log in again.${detail ? ` (${detail})` : ''}`}
        action={
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" onClick={() => void onLogin().then(toLogin)}>
              Log in again
            </Button>
            <Button variant="outlined" onClick={onRetry}>
              Try Again
            </Button>
          </Stack>
        }
      />
    )
  } else {
    const { onLogout } = staff
    content = (
      <>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 3 }}
        >
          <Box>
            <Typography variant="h1">Dashboard</Typography>
            <Typography color="textSecondary" sx={{ mt: 1 }}>
              Welcome back, {staff.name}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
            <Chip
              label={capitalised(staff.role)}
              variant="outlined"
              aria-label={`Role: ${capitalised(staff.role)}`}
            />
            <ConfirmButton
              variant="outlined"
              startIcon={<Logout />}
              onConfirm={() => void onLogout().then(toLogin)}
            >
              Logout
            </ConfirmButton>
          </Stack>
        </Stack>
        <Stack spacing={2} sx={{ mb: 3, '&:empty': { display: 'none' } }}>
          {staff.minutesLeft !== null && (
            <Alert
              severity="warning"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={staff.onStaySignedIn}
                  disabled={staff.refreshing}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  Stay signed in
                </Button>
              }
            >
              Your session ends in {staff.minutesLeft}{' '}
              {staff.minutesLeft === 1 ? 'minute' : 'minutes'} because of inactivity.
            </Alert>
          )}
          {staff.limited && (
            <Alert severity="info" role="status">
              Your staff profile could not be loaded or created, so you have viewer access for now.
              Ask an admin to check your account.
            </Alert>
          )}
        </Stack>
        {/* The panels of the dashboard's content (tiles, content marketing, recent
            activity, quick actions), taking the signed-in person's token for the staff routes. */}
        <DashboardPanels access={{ role: staff.role, canPublish: staff.canPublish }} now={now} />
      </>
    )
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageMeta
        title="Staff dashboard"
        description="The API Atlas staff dashboard."
        path={paths.dashboard}
        noindex
      />
      {content}
    </Container>
  )
}
