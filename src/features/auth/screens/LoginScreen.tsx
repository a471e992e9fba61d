import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { Navigate, useNavigate } from 'react-router-dom'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Avatar from '@mui/material/Avatar'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import LockOutlined from '@mui/icons-material/LockOutlined'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { paths } from '@/lib/paths'
import { useAppSelector } from '@/lib/store/hooks'
import {
  BOT_REDIRECT_MS,
  botVerdict,
  INACTIVITY_TIMEOUT_MS,
  isEarlyInteraction,
  readBotSignals,
} from '../authRules'
import { selectAuthStatus, selectSignedOutBy, selectSignInState } from '../authSlice'
import type { BotSignals } from '../types'
import { useStaffAuth } from '../useStaffAuth'

type Props = {
  /** The browser's user agent and features; the running browser's unless given. */
  signals?: BotSignals
}

/** The staff sign-in form, behind the bot guard (docs/auth.md). */
export function LoginScreen({ signals }: Props) {
  const auth = useStaffAuth()
  const { clock } = auth
  const navigate = useNavigate()
  const status = useAppSelector(selectAuthStatus)
  const { pending, error, locked } = useAppSelector(selectSignInState)
  const signedOutBy = useAppSelector(selectSignedOutBy)

  const [loadedAt] = useState(() => clock.now())
  // When the guard blocked the visit: at once for the browser's signals, or at an early click.
  const [blockedAt, setBlockedAt] = useState(() =>
    botVerdict(signals ?? readBotSignals()) === null ? null : loadedAt,
  )
  const blocked = blockedAt !== null
  // The click that submits the form reaches the guard first, before a re-render could disable it.
  const blockedNow = useRef(blocked)

  // Layout effects: the guard listens, and its timer runs, from the first paint on.
  useLayoutEffect(() => {
    if (blocked) return
    const onInteraction = () => {
      const at = clock.now()
      if (!isEarlyInteraction(loadedAt, at)) return
      blockedNow.current = true
      setBlockedAt(at)
    }
    document.addEventListener('click', onInteraction, true)
    document.addEventListener('keydown', onInteraction, true)
    return () => {
      document.removeEventListener('click', onInteraction, true)
      document.removeEventListener('keydown', onInteraction, true)
    }
  }, [blocked, loadedAt, clock])

  useLayoutEffect(() => {
    if (blockedAt === null) return
    const wait = Math.max(0, blockedAt + BOT_REDIRECT_MS - clock.now())
    return clock.after(wait, () => navigate(paths.notFound, { replace: true }))
  }, [blockedAt, clock, navigate])

  if (status === 'signedIn' && !blocked) return <Navigate to={paths.dashboard} replace />

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (blockedNow.current || pending) return
    const form = new FormData(event.currentTarget)
    void auth.signIn(String(form.get('email') ?? ''), String(form.get('password') ?? ''))
  }
  const disabled = pending || locked

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 6, md: 10 } }}>
      <PageMeta
        title="Staff sign-in"
        description="The secure access portal of API Atlas staff."
        path={paths.login}
        noindex
      />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack spacing={3}>
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
              <LockOutlined aria-hidden />
            </Avatar>
            <Typography variant="h1" sx={{ fontSize: '2rem' }}>
              Dashboard
            </Typography>
            <Typography color="textSecondary">Secure Access Portal</Typography>
          </Stack>

          {blocked ? (
            <Alert severity="error" variant="filled">
              <AlertTitle component="h2" sx={{ fontSize: '1rem' }}>
                Access Denied
              </AlertTitle>
              Automated access to this page is not allowed.
            </Alert>
          ) : (
            <Stack component="form" spacing={2.5} onSubmit={submit} aria-label="Staff sign-in">
              {signedOutBy && !error && (
                <Alert severity="info" role="status">
                  {signedOutBy === 'timeout'
                    ? `You were signed out after ${INACTIVITY_TIMEOUT_MS / 60_000} minutes without activity. Sign in again to continue.`
                    : 'You have signed out.'}
                </Alert>
              )}
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="username"
                required
                fullWidth
                disabled={disabled}
              />
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                fullWidth
                disabled={disabled}
              />
              {error && (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              )}
              <Button type="submit" variant="contained" size="large" disabled={disabled}>
                {pending ? 'Authenticating...' : 'Access Dashboard'}
              </Button>
            </Stack>
          )}

          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            Secure access only • No public links
          </Typography>
        </Stack>
      </Paper>
    </Container>
  )
}
