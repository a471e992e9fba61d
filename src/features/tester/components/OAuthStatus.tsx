import { useState } from 'react'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { monoFontFamily } from '@/lib/theme/tokens'
import { safeLink, type DeviceStart, type OAuthToken } from '../lib/oauth'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'

/** What the OAuth panel shows under its settings. */
export type OAuthView =
  | { kind: 'none' }
  | { kind: 'waiting'; url: string }
  | { kind: 'device'; device: DeviceStart; interval: number }
  | { kind: 'exchanging' }
  | { kind: 'denied'; error: string; description: string; hint?: string }
  | { kind: 'granted'; token: OAuthToken; variable: string }
  | { kind: 'expired'; token: OAuthToken; variable: string }

type Props = {
  view: OAuthView
  onCancel: () => void
  /** A code, or the whole address the provider sent the browser to, pasted by hand. */
  onPaste: (text: string) => void
  onRefresh: () => void
}

const when = (epoch: number) =>
  new Date(epoch).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' })

/** The first characters of a token and a mask: enough to tell two apart, never enough to use. */
const masked = (token: string) => `${token.slice(0, 4)}••••••`

function TokenFacts({ token, variable }: { token: OAuthToken; variable: string }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      <dt>Access token</dt>
      <dd>
        <Box component="span" sx={{ fontFamily: monoFontFamily }}>
          {masked(token.accessToken)}
        </Box>{' '}
        in the secret variable <code>{`{{${variable}}}`}</code>
      </dd>
      <dt>Expires</dt>
      <dd>{token.expiresAt === null ? 'Not said by the provider' : when(token.expiresAt)}</dd>
      <dt>Scopes</dt>
      <dd>{token.scopes.length > 0 ? token.scopes.join(' ') : 'None granted by name'}</dd>
      <dt>Refresh token</dt>
      <dd>{token.refreshToken ? 'Kept (secret)' : 'None'}</dd>
    </Box>
  )
}

function PasteCode({ onPaste }: { onPaste: (text: string) => void }) {
  const [text, setText] = useState('')
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <OutlinedField
        label="Code or address to paste"
        value={text}
        onChange={(event) => setText(event.target.value)}
        helperText="If the provider sent you somewhere else (http://localhost, say), paste that address or its code here."
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" disabled={!text.trim()} onClick={() => onPaste(text)}>
        Use this code
      </Button>
    </Stack>
  )
}

/** The OAuth flow's state: waiting, device code, granted, denied or expired. */
export function OAuthStatus({ view, onCancel, onPaste, onRefresh }: Props) {
  switch (view.kind) {
    case 'none':
      return (
        <Typography variant="body2" color="textSecondary">
          No token yet. Once granted it is kept in the active environment as a secret variable, and
          the Authorization header names that variable, never the token.
        </Typography>
      )
    case 'waiting':
      return (
        <Stack spacing={2}>
          <Alert severity="info" role="status" aria-label="Waiting for the sign-in">
            <AlertTitle>Waiting for the sign-in</AlertTitle>
            Finish signing in in the window that opened; the tester takes the code when the provider
            sends you back.{' '}
            {safeLink(view.url) && (
              <Link href={view.url} target="_blank" rel="noopener">
                Open the sign-in page again
              </Link>
            )}
          </Alert>
          <PasteCode onPaste={onPaste} />
          <Box>
            <Button onClick={onCancel}>Cancel the sign-in</Button>
          </Box>
        </Stack>
      )
    case 'device':
      return (
        <Stack spacing={2}>
          <Alert severity="info" role="status" aria-label="Waiting for the device approval">
            <AlertTitle>Approve this device</AlertTitle>
            <Typography variant="body2">
              Go to{' '}
              {safeLink(view.device.verificationUri) ? (
                <Link href={view.device.verificationUri} target="_blank" rel="noopener">
                  {view.device.verificationUri}
                </Link>
              ) : (
                view.device.verificationUri
              )}{' '}
              and enter the code:
            </Typography>
            <Typography
              component="p"
              aria-label="User code"
              sx={{ fontFamily: monoFontFamily, fontSize: '1.5rem', letterSpacing: 2, my: 1 }}
            >
              {view.device.userCode}
            </Typography>
            <Typography variant="body2">
              Asking the provider every {view.interval} s until you approve or the code expires (
              {when(view.device.expiresAt)}).
            </Typography>
          </Alert>
          <LinearProgress aria-label="Waiting for approval" />
          <Box>
            <Button onClick={onCancel}>Cancel the sign-in</Button>
          </Box>
        </Stack>
      )
    case 'exchanging':
      return (
        <Stack spacing={1} role="status" aria-label="Asking the token endpoint">
          <Typography variant="body2">Asking the token endpoint…</Typography>
          <LinearProgress aria-label="Asking the token endpoint" />
        </Stack>
      )
    case 'denied':
      return (
        <Alert severity="error" aria-label="Token refused">
          <AlertTitle>Refused: {view.error}</AlertTitle>
          {view.description || 'The provider gave no description.'}
          {view.hint && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {view.hint}
            </Typography>
          )}
        </Alert>
      )
    case 'granted':
      return (
        <Stack spacing={2}>
          <Alert severity="success" aria-label="Token granted">
            <AlertTitle>Token granted</AlertTitle>
            <TokenFacts token={view.token} variable={view.variable} />
          </Alert>
          {view.token.refreshToken && (
            <Box>
              <Button variant="outlined" onClick={onRefresh}>
                Refresh the token
              </Button>
            </Box>
          )}
        </Stack>
      )
    case 'expired':
      return (
        <Stack spacing={2}>
          <Alert severity="warning" aria-label="Token expired">
            <AlertTitle>Token expired</AlertTitle>
            <TokenFacts token={view.token} variable={view.variable} />
            {!view.token.refreshToken && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                There is no refresh token: get a new token above.
              </Typography>
            )}
          </Alert>
          {view.token.refreshToken && (
            <Box>
              <Button variant="contained" onClick={onRefresh}>
                Refresh the token
              </Button>
            </Box>
          )}
        </Stack>
      )
  }
}
