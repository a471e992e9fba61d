// OAuth 2 in the tester: authorization code with PKCE, client credentials and device code, and
// refresh. Token requests are made by our server through the tester's address guard
// (server/routes/testerOAuth.ts); the token is kept in the active environment as secret variables,
// so history, share links and exports hold only `{{name}}`. Loaded only when OAuth 2 is chosen.
import { useEffect, useState } from 'react'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { SecurityScheme } from '@/contract/operations'
import type { OAuthAnswer } from '@/contract/testerOAuth'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import { errorMessage, type QueryError } from '@/lib/store/errors'
import { useRequestOAuthTokenMutation, useStartOAuthDeviceMutation } from '../api/oauthApi'
import {
  authorizationRequestUrl,
  callbackMessage,
  createPkce,
  createState,
  isExpired,
  OAUTH_CALLBACK_PATH,
  OAUTH_CHANNEL,
  readDeviceAnswer,
  readPastedCallback,
  readTokenAnswer,
  refreshClientFromEnvironment,
  refreshClientOf,
  refreshRequest,
  settingsForGrant,
  settingsFromScheme,
  slowedInterval,
  tokenFromEnvironment,
  variableNames,
  withTokenVariables,
  type CallbackAnswer,
  type OAuthGrant,
  type OAuthSettings,
  type OAuthToken,
  type RefreshClient,
} from '../lib/oauth'
import {
  oauthFlowChanged,
  oauthSettingsChanged,
  selectOAuthScheme,
  type OAuthFlow,
} from '../oauthSlice'
import { environmentCreated, selectActiveEnvironment, variablesChanged } from '../workbenchSlice'
import { OAuthStatus, type OAuthView } from './OAuthStatus'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'
import { SelectField } from '@/components/SelectField/SelectField'

const GRANTS: { value: OAuthGrant; label: string }[] = [
  { value: 'authorizationCode', label: 'Authorization code with PKCE' },
  { value: 'clientCredentials', label: 'Client credentials' },
  { value: 'deviceCode', label: 'Device code' },
]

const CLIENT_AUTH: { value: OAuthSettings['clientAuth']; label: string }[] = [
  { value: 'basic', label: 'HTTP Basic (client id and secret)' },
  { value: 'body', label: 'In the form body' },
]

const IDLE: OAuthFlow = { kind: 'idle' }

/** The provider refused to send the browser back to us: say what to do. */
const redirectHint = (redirectUri: string) =>
  `Some providers send the browser back only to addresses registered for the client (often http://localhost). Register ${redirectUri}, or let it send you elsewhere and paste that address here.`

/** The document's settings with the client kept beside a token: its ID, secret and token URL. */
const withSavedClient = (settings: OAuthSettings, saved: RefreshClient): OAuthSettings => ({
  ...settings,
  ...saved,
  tokenUrl: settings.tokenUrl || saved.refreshUrl,
})

export function OAuthPanel({
  schemeKey,
  schemes,
  onGranted,
}: {
  /** The scheme whose token this is: names the variables it is kept in. */
  schemeKey: string
  /** The operation's OAuth 2 schemes, whose flows fill the settings. */
  schemes: SecurityScheme[]
  /** A token arrived: the request's Authorization header should name its variable. */
  onGranted: () => void
}) {
  const dispatch = useAppDispatch()
  const scheme = schemes.find((s) => s.key === schemeKey) ?? null
  const stored = useAppSelector((state) => selectOAuthScheme(state, schemeKey))
  const environment = useAppSelector(selectActiveEnvironment)
  const token = tokenFromEnvironment(environment, schemeKey)
  // After a reload the panel's settings are gone, but the environment keeps the client its token
  // came to: the panel opens with it, so Refresh works as it did.
  const saved = refreshClientFromEnvironment(environment, schemeKey)
  const settings =
    stored?.settings ??
    (saved ? withSavedClient(settingsFromScheme(scheme), saved) : settingsFromScheme(scheme))
  const flow = stored?.flow ?? IDLE
  const [now, setNow] = useState(() => Date.now())
  const [requestToken] = useRequestOAuthTokenMutation()
  const [startDevice] = useStartOAuthDeviceMutation()
  const redirectUri = `${window.location.origin}${OAUTH_CALLBACK_PATH}`

  const setSettings = (patch: Partial<OAuthSettings>) =>
    dispatch(oauthSettingsChanged({ key: schemeKey, settings: { ...settings, ...patch } }))
  const setFlow = (next: OAuthFlow) => {
    // Settings first, so a flow is never kept without the settings it started from.
    if (!stored) dispatch(oauthSettingsChanged({ key: schemeKey, settings }))
    dispatch(oauthFlowChanged({ key: schemeKey, flow: next }))
  }

  /** The token goes into the active environment, or a new one when none is chosen. */
  const keep = (granted: OAuthToken) => {
    if (environment) {
      dispatch(
        variablesChanged({
          id: environment.id,
          variables: withTokenVariables(
            environment.variables,
            schemeKey,
            granted,
            refreshClientOf(settings),
          ),
        }),
      )
    } else {
      dispatch(
        environmentCreated({
          id: crypto.randomUUID(),
          name: 'OAuth tokens',
          variables: withTokenVariables([], schemeKey, granted, refreshClientOf(settings)),
        }),
      )
    }
    setNow(Date.now())
    setFlow(IDLE)
    onGranted()
  }

  const client = {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret || undefined,
    clientAuth: settings.clientAuth,
    scope: settings.scope,
  }

  /** Our server's refusal (bad input, blocked address, rate limit) shown as the flow's end. */
  const notSent = (error: unknown): OAuthFlow => ({
    kind: 'denied',
    error: 'Not sent',
    description: errorMessage(error as QueryError, 'The token request could not be sent.'),
  })

  const finish = (answer: OAuthAnswer, refreshToken?: string | null) => {
    const outcome = readTokenAnswer(answer, Date.now(), { scope: settings.scope, refreshToken })
    if (outcome.kind === 'granted') keep(outcome.token)
    else if (outcome.kind === 'denied') setFlow(outcome)
    else setFlow({ kind: 'denied', error: 'Unexpected answer', description: outcome.kind })
  }

  const exchangeCode = async (
    answer: CallbackAnswer,
    waiting: Extract<OAuthFlow, { kind: 'waiting' }>,
  ) => {
    if (answer.error) {
      setFlow({
        kind: 'denied',
        error: answer.error,
        description: answer.errorDescription,
        hint: /redirect/i.test(`${answer.error} ${answer.errorDescription}`)
          ? redirectHint(waiting.redirectUri)
          : undefined,
      })
      return
    }
    setFlow({ kind: 'exchanging' })
    try {
      finish(
        await requestToken({
          grant: 'authorization_code',
          tokenUrl: settings.tokenUrl,
          ...client,
          code: answer.code,
          codeVerifier: waiting.verifier,
          redirectUri: waiting.redirectUri,
        }).unwrap(),
      )
    } catch (error) {
      setFlow(notSent(error))
    }
  }

  // The callback page's answer, over the channel or from the window we opened; only for the
  // state this tab issued (RFC 6749 §10.12), and only from this origin.
  useEffect(() => {
    if (flow.kind !== 'waiting') return
    let channel: BroadcastChannel | null = null
    const take = (data: unknown) => {
      const answer = callbackMessage(data)
      if (!answer || answer.state !== flow.state) return
      channel?.postMessage({ type: `${OAUTH_CHANNEL}-received`, state: answer.state })
      void exchangeCode(answer, flow)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) take(event.data)
    }
    try {
      channel = new BroadcastChannel(OAUTH_CHANNEL)
      channel.onmessage = (event) => take(event.data)
    } catch {
      // No BroadcastChannel: the opener's message and the paste field remain.
    }
    window.addEventListener('message', onMessage)
    return () => {
      channel?.close()
      window.removeEventListener('message', onMessage)
    }
    // exchangeCode reads the settings of this render; a new flow re-subscribes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow])

  // A device flow asks at the interval the provider set, five seconds more after each slow_down
  // (RFC 8628 §3.5), until a token, a refusal or the code's expiry.
  useEffect(() => {
    if (flow.kind !== 'device') return
    let current = true
    const timer = setTimeout(async () => {
      if (Date.now() >= flow.device.expiresAt) {
        setFlow({
          kind: 'denied',
          error: 'expired_token',
          description: 'The device code expired before it was approved.',
        })
        return
      }
      try {
        const answer = await requestToken({
          grant: 'device_code',
          tokenUrl: settings.tokenUrl,
          ...client,
          deviceCode: flow.device.deviceCode,
        }).unwrap()
        if (!current) return
        const outcome = readTokenAnswer(answer, Date.now(), { scope: settings.scope })
        if (outcome.kind === 'granted') keep(outcome.token)
        else if (outcome.kind === 'pending') setFlow({ ...flow })
        else if (outcome.kind === 'slowDown')
          setFlow({ ...flow, interval: slowedInterval(flow.interval) })
        else setFlow(outcome)
      } catch (error) {
        if (current) setFlow(notSent(error))
      }
    }, flow.interval * 1000)
    return () => {
      current = false
      clearTimeout(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow])

  // The granted view turns to expired when the token's time is up.
  useEffect(() => {
    if (!token?.expiresAt || token.expiresAt <= now) return
    const timer = setTimeout(() => setNow(Date.now()), Math.min(token.expiresAt - now, 2 ** 31 - 1))
    return () => clearTimeout(timer)
  }, [token?.expiresAt, now])

  const start = async () => {
    if (settings.grant === 'authorizationCode') {
      let url: string
      const { verifier, challenge } = await createPkce()
      const state = createState()
      try {
        url = authorizationRequestUrl(settings, redirectUri, state, challenge)
      } catch {
        setFlow({
          kind: 'denied',
          error: 'Not sent',
          description: 'The authorization URL is not a valid address.',
        })
        return
      }
      setFlow({ kind: 'waiting', state, verifier, redirectUri, url })
      window.open(url, 'api-atlas-oauth', 'popup,width=520,height=720')
      return
    }
    if (settings.grant === 'clientCredentials') {
      setFlow({ kind: 'exchanging' })
      try {
        finish(
          await requestToken({
            grant: 'client_credentials',
            tokenUrl: settings.tokenUrl,
            ...client,
          }).unwrap(),
        )
      } catch (error) {
        setFlow(notSent(error))
      }
      return
    }
    setFlow({ kind: 'exchanging' })
    try {
      const answer = await startDevice({
        deviceAuthorizationUrl: settings.deviceAuthorizationUrl,
        ...client,
      }).unwrap()
      const started = readDeviceAnswer(answer, Date.now())
      if (started.kind === 'started')
        setFlow({ kind: 'device', device: started.device, interval: started.device.interval })
      else setFlow(started)
    } catch (error) {
      setFlow(notSent(error))
    }
  }

  const refresh = async () => {
    const client = refreshClientOf(settings) ?? saved
    if (!token?.refreshToken) return
    if (!client) {
      setFlow({
        kind: 'denied',
        error: 'Not sent',
        description: 'A refresh needs the token URL and the client ID: fill them in above.',
      })
      return
    }
    setFlow({ kind: 'exchanging' })
    try {
      finish(
        await requestToken(refreshRequest(client, token.refreshToken, settings.scope)).unwrap(),
        token.refreshToken,
      )
    } catch (error) {
      setFlow(notSent(error))
    }
  }

  const paste = (text: string) => {
    if (flow.kind !== 'waiting') return
    const answer = readPastedCallback(text)
    if (!answer) {
      setFlow({
        kind: 'denied',
        error: 'Nothing to use',
        description: 'The pasted text holds no code.',
      })
      return
    }
    if (answer.state && answer.state !== flow.state) {
      setFlow({
        kind: 'denied',
        error: 'State does not match',
        description:
          'The pasted address answers a sign-in this tab did not start, so it was not used.',
      })
      return
    }
    void exchangeCode(answer, flow)
  }

  const variable = variableNames(schemeKey).accessToken
  const view: OAuthView =
    flow.kind !== 'idle'
      ? flow.kind === 'waiting'
        ? { kind: 'waiting', url: flow.url }
        : flow
      : token
        ? { kind: isExpired(token, now) ? 'expired' : 'granted', token, variable }
        : { kind: 'none' }
  const busy = flow.kind === 'exchanging' || flow.kind === 'waiting' || flow.kind === 'device'
  const ready =
    settings.clientId.trim() !== '' &&
    settings.tokenUrl.trim() !== '' &&
    (settings.grant !== 'authorizationCode' || settings.authorizationUrl.trim() !== '') &&
    (settings.grant !== 'deviceCode' || settings.deviceAuthorizationUrl.trim() !== '')

  return (
    <Stack spacing={2} component="section" aria-label="OAuth 2">
      {scheme?.flows ? (
        <Typography variant="body2" color="textSecondary">
          Endpoints and scopes are filled from the document’s {scheme.key} scheme; change any of
          them.
        </Typography>
      ) : (
        <Typography variant="body2" color="textSecondary">
          The document gives no OAuth 2 endpoints here: enter the provider’s.
        </Typography>
      )}
      <SelectField<OAuthGrant>
        label="Grant type"
        value={settings.grant}
        options={GRANTS}
        onChange={(grant) => {
          const fromDocument = settingsForGrant(scheme, grant)
          setSettings({
            grant,
            tokenUrl: fromDocument.tokenUrl || settings.tokenUrl,
            refreshUrl: fromDocument.refreshUrl || settings.refreshUrl,
          })
        }}
      />
      {settings.grant === 'authorizationCode' && (
        <OutlinedField
          label="Authorization URL"
          code
          value={settings.authorizationUrl}
          onChange={(event) => setSettings({ authorizationUrl: event.target.value })}
        />
      )}
      {settings.grant === 'deviceCode' && (
        <OutlinedField
          label="Device authorization URL"
          code
          value={settings.deviceAuthorizationUrl}
          onChange={(event) => setSettings({ deviceAuthorizationUrl: event.target.value })}
        />
      )}
      <OutlinedField
        label="Token URL"
        code
        value={settings.tokenUrl}
        onChange={(event) => setSettings({ tokenUrl: event.target.value })}
        helperText="Our server makes the token request, under the same address rules as any request here."
      />
      <OutlinedField
        label="Client ID"
        value={settings.clientId}
        onChange={(event) => setSettings({ clientId: event.target.value })}
      />
      <OutlinedField
        label="Client secret"
        type="password"
        value={settings.clientSecret}
        onChange={(event) => setSettings({ clientSecret: event.target.value })}
        helperText="Leave empty for a public client (a browser app or a device)."
      />
      <SelectField<OAuthSettings['clientAuth']>
        label="Client authentication"
        value={settings.clientAuth}
        options={CLIENT_AUTH}
        onChange={(clientAuth) => setSettings({ clientAuth })}
      />
      <OutlinedField
        label="Scopes"
        value={settings.scope}
        onChange={(event) => setSettings({ scope: event.target.value })}
        helperText={
          scheme?.flows
            ? `Offered: ${
                [...new Set(Object.values(scheme.flows).flatMap((f) => (f ? f.scopes : [])))].join(
                  ' ',
                ) || 'none named'
              }`
            : 'Separated by spaces.'
        }
      />
      {settings.grant === 'authorizationCode' && (
        <Typography variant="body2" color="textSecondary">
          Redirect URI to register with the provider: <code>{redirectUri}</code>
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={!ready || busy} onClick={() => void start()}>
          {settings.grant === 'authorizationCode'
            ? 'Sign in'
            : settings.grant === 'deviceCode'
              ? 'Start device sign-in'
              : 'Get token'}
        </Button>
      </Stack>
      <OAuthStatus
        view={view}
        onCancel={() => setFlow(IDLE)}
        onPaste={paste}
        onRefresh={() => void refresh()}
      />
    </Stack>
  )
}
