import { lazy, Suspense, useState } from 'react'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { SecurityScheme } from '@/contract/operations'
import { headersToText, parseHeaders, queryParams, withQueryParams, type Draft } from '../lib/draft'
import { authHeaderOf, type AuthChoice, type AuthKind as Kind } from '../lib/authChoice'
import { choiceForScheme } from '../lib/authSchemes'
import { authorizationValue } from '../lib/oauth'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'
import { SelectField } from '@/components/SelectField/SelectField'

type KindOrNone = Kind | 'none'

const KINDS: { value: KindOrNone; label: string }[] = [
  { value: 'none', label: 'No auth' },
  { value: 'bearer', label: 'Bearer token' },
  { value: 'basic', label: 'Basic auth' },
  { value: 'apiKeyHeader', label: 'API key in a header' },
  { value: 'apiKeyQuery', label: 'API key in the query' },
  { value: 'apiKeyCookie', label: 'API key in a cookie' },
  { value: 'oauth2', label: 'OAuth 2.0' },
]

// Its flows, settings and token exchange only once OAuth 2 is chosen.
const OAuthPanel = lazy(() => import('./OAuthPanel').then((m) => ({ default: m.OAuthPanel })))

const KIND_LABEL = Object.fromEntries(KINDS.map((k) => [k.value, k.label])) as Record<
  KindOrNone,
  string
>

// A placeholder the catalogue wrote (YOUR_TOKEN, BASE64_USER_AND_PASSWORD): not a value to show.
const PLACEHOLDER = /^(YOUR_[A-Z_]+|BASE64_USER_AND_PASSWORD)$/

/** The credentials the draft holds now for a choice: token or key, or user and password. */
function currentValues(draft: Draft, choice: AuthChoice | null): [string, string] {
  if (!choice) return ['', '']
  const headers = parseHeaders(draft.headersText) ?? {}
  const find = (name: string) =>
    Object.entries(headers).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1] ?? ''
  let value = ''
  if (choice.kind === 'apiKeyQuery') {
    value = queryParams(draft.url)?.find(([n]) => n === choice.name)?.[1] ?? ''
  } else if (choice.kind === 'apiKeyCookie') {
    const pair = find('Cookie')
      .split(/;\s*/)
      .find((p) => p.startsWith(`${choice.name}=`))
    value = pair ? pair.slice(choice.name.length + 1) : ''
  } else if (choice.kind === 'apiKeyHeader') value = find(choice.name)
  else {
    const authorization = find('Authorization')
    const [scheme, credentials = ''] = authorization.split(/\s+(.*)/)
    if (choice.kind === 'bearer' && /^bearer$/i.test(scheme ?? '')) value = credentials
    if (choice.kind === 'basic' && /^basic$/i.test(scheme ?? '')) {
      try {
        const [user, ...password] = atob(credentials).split(':')
        return [user ?? '', password.join(':')]
      } catch {
        return ['', '']
      }
    }
  }
  return [PLACEHOLDER.test(value) ? '' : value, '']
}

/** The draft without what `choice` wrote: its header, cookie or query parameter. */
function withoutAuth(draft: Draft, choice: AuthChoice | null): Draft {
  if (!choice) return draft
  if (choice.kind === 'apiKeyQuery') {
    const params = (queryParams(draft.url) ?? []).filter(([n]) => n !== choice.name)
    return { ...draft, url: withQueryParams(draft.url, params) }
  }
  const header = authHeaderOf(choice)!.toLowerCase()
  const headers = Object.fromEntries(
    Object.entries(parseHeaders(draft.headersText) ?? {}).filter(
      ([n]) => n.toLowerCase() !== header,
    ),
  )
  return { ...draft, headersText: headersToText(headers) }
}

/** The draft with the credentials written where `choice` says. */
function withAuth(draft: Draft, choice: AuthChoice, first: string, second: string): Draft {
  const base = withoutAuth(draft, choice)
  if (choice.kind === 'apiKeyQuery') {
    const params = queryParams(base.url) ?? []
    return { ...base, url: withQueryParams(base.url, [...params, [choice.name, first]]) }
  }
  const headers = parseHeaders(base.headersText) ?? {}
  if (choice.kind === 'bearer') headers.Authorization = `Bearer ${first}`
  if (choice.kind === 'oauth2') headers.Authorization = authorizationValue(choice.name)
  if (choice.kind === 'basic') headers.Authorization = `Basic ${btoa(`${first}:${second}`)}`
  if (choice.kind === 'apiKeyHeader') headers[choice.name] = first
  if (choice.kind === 'apiKeyCookie') headers.Cookie = `${choice.name}=${first}`
  return { ...base, headersText: headersToText(headers) }
}

const schemeLabel = (scheme: SecurityScheme) => {
  const choice = choiceForScheme(scheme)
  const kind =
    scheme.kind === 'oauth2'
      ? 'OAuth 2 access token'
      : choice
        ? KIND_LABEL[choice.kind]
        : scheme.kind
  const where = choice && choice.kind.startsWith('apiKey') ? ` named ${choice.name}` : ''
  return `${kind}${where} (${scheme.key})`
}

/**
 * The one place a request's credentials are set, as the operation's security asks: the header,
 * cookie or query parameter is written as the fields are typed, and the header list shows it
 * read-only. Basic, Bearer, and an API key in a header, the query or a cookie, under the name the
 * document gives.
 */
export function AuthHelper({
  draft,
  onChange,
  choice,
  onApplied,
  security = [],
}: {
  draft: Draft
  onChange: (draft: Draft) => void
  /** The auth the request uses (from the operation, a share link, or chosen here). */
  choice: AuthChoice | null
  /** Remembered by the request panel, so a share link knows which header or parameter is secret. */
  onApplied: (choice: AuthChoice | null) => void
  /** The operation's security alternatives, to say what it asks for and offer each. */
  security?: SecurityScheme[][]
}) {
  const [initialFirst, initialSecond] = currentValues(draft, choice)
  const [first, setFirst] = useState(initialFirst)
  const [second, setSecond] = useState(initialSecond)
  const kind: KindOrNone = choice?.kind ?? 'none'
  const name = choice?.name ?? ''

  const write = (next: AuthChoice | null, a: string, b: string) => {
    onApplied(next)
    const cleared = withoutAuth(draft, choice)
    onChange(next ? withAuth(cleared, next, a, b) : cleared)
  }

  const changeKind = (value: KindOrNone) => {
    if (value === 'none') return write(null, first, second)
    const fromDocument = security
      .flat()
      .map(choiceForScheme)
      .find((c) => c?.kind === value)
    const nextName =
      fromDocument?.name ??
      (value === 'oauth2' ? 'oauth2' : undefined) ??
      (value === 'apiKeyHeader'
        ? 'X-API-Key'
        : value.startsWith('apiKey')
          ? 'api_key'
          : 'Authorization')
    write({ kind: value, name: nextName }, first, second)
  }

  const keyKind = kind === 'apiKeyHeader' || kind === 'apiKeyQuery' || kind === 'apiKeyCookie'
  const asked = security.filter((set) => set.length > 0)
  const where =
    kind === 'apiKeyQuery'
      ? `the ${name} query parameter`
      : kind === 'apiKeyCookie'
        ? `the ${name} cookie (Cookie header)`
        : kind === 'none'
          ? null
          : `the ${authHeaderOf(choice)} header`
  return (
    <Stack spacing={2}>
      {asked.length > 0 && (
        <Typography variant="body2">
          This operation asks for{' '}
          {asked.map((set) => set.map(schemeLabel).join(' and ')).join(', or ')}.
        </Typography>
      )}
      <Typography variant="body2" color="textSecondary">
        {where
          ? `Written to ${where} as you type; history, share links and exports keep it masked.`
          : 'No credentials are sent.'}
      </Typography>
      <SelectField<KindOrNone>
        label="Authentication"
        value={kind}
        options={KINDS}
        onChange={changeKind}
      />
      {keyKind && (
        <OutlinedField
          label={
            kind === 'apiKeyHeader'
              ? 'Header name'
              : kind === 'apiKeyCookie'
                ? 'Cookie name'
                : 'Parameter name'
          }
          value={name}
          onChange={(event) => write({ kind, name: event.target.value }, first, second)}
        />
      )}
      {kind === 'oauth2' && (
        <Suspense fallback={<Typography color="textSecondary">Loading OAuth 2…</Typography>}>
          <OAuthPanel
            schemeKey={name}
            schemes={security.flat().filter((scheme) => scheme.kind === 'oauth2')}
            onGranted={() => write(choice, first, second)}
          />
        </Suspense>
      )}
      {kind !== 'none' && kind !== 'oauth2' && (
        <OutlinedField
          label={kind === 'basic' ? 'User name' : kind === 'bearer' ? 'Token' : 'Key'}
          value={first}
          onChange={(event) => {
            setFirst(event.target.value)
            write(choice, event.target.value, second)
          }}
        />
      )}
      {kind === 'basic' && (
        <OutlinedField
          type="password"
          label="Password"
          value={second}
          onChange={(event) => {
            setSecond(event.target.value)
            write(choice, first, event.target.value)
          }}
        />
      )}
    </Stack>
  )
}
