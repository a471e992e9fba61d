import { useState, type FormEvent } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import EditOutlined from '@mui/icons-material/EditOutlined'
import { ChoiceLabel } from '@/components/ChoiceLabel/ChoiceLabel'
import { ConfirmButton } from '@/components/ConfirmButton/ConfirmButton'
import {
  COOKIE_LIMITS,
  cookieDomainProblem,
  cookieExpiresProblem,
  cookieKey,
  cookieNameProblem,
  cookiePathProblem,
  cookieValueProblem,
  type JarCookie,
} from '@/contract/testerCookies'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import { monoFontFamily } from '@/lib/theme/tokens'
import {
  cookieDeleted,
  cookieSaved,
  jarCleared,
  selectActiveEnvironment,
  selectActiveJar,
  selectActiveJarKey,
} from '../workbenchSlice'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'

type Props = {
  open: boolean
  onClose: () => void
  /** The clock, for what has expired. */
  now?: () => number
}

const flagsOf = (cookie: JarCookie) =>
  [
    cookie.secure && 'Secure',
    cookie.httpOnly && 'HttpOnly',
    cookie.sameSite && `SameSite=${cookie.sameSite[0]?.toUpperCase()}${cookie.sameSite.slice(1)}`,
    !cookie.hostOnly && 'subdomains too',
  ]
    .filter(Boolean)
    .join(' · ') || '—'

const expiryOf = (cookie: JarCookie, now: number) => {
  if (!cookie.expires) return 'Session'
  const at = Date.parse(cookie.expires)
  const when = new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
  return at <= now ? `Expired ${when}` : when
}

type NewCookie = {
  name: string
  value: string
  domain: string
  path: string
  /** As a datetime-local field holds it; empty for a session cookie. */
  expires: string
  secure: boolean
  httpOnly: boolean
  subdomains: boolean
}

const blank: NewCookie = {
  name: '',
  value: '',
  domain: '',
  path: '/',
  expires: '',
  secure: false,
  httpOnly: false,
  subdomains: false,
}

type Problems = Partial<Record<'name' | 'value' | 'domain' | 'path' | 'expires', string>>

function problemsOf(cookie: NewCookie): Problems {
  const found: Problems = {
    name: cookieNameProblem(cookie.name) ?? undefined,
    value: cookieValueProblem(cookie.value, cookie.name) ?? undefined,
    domain: cookieDomainProblem(cookie.domain.replace(/^\./, '')) ?? undefined,
    path: cookiePathProblem(cookie.path) ?? undefined,
    expires: (cookie.expires && cookieExpiresProblem(cookie.expires)) || undefined,
  }
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as Problems
}

/** "Enter a name" stands alone; "must start with /" needs what it is about. */
const sentence = (label: string, problem: string) =>
  /^[A-Z]/.test(problem) ? problem : `${label} ${problem}`

/** The form that adds a cookie by hand, each field saying what is wrong with it. */
function AddCookieForm({
  onAdd,
  onCancel,
}: {
  onAdd: (c: JarCookie) => void
  onCancel: () => void
}) {
  const [cookie, setCookie] = useState<NewCookie>(blank)
  const [problems, setProblems] = useState<Problems>({})
  const set = (patch: Partial<NewCookie>) => setCookie({ ...cookie, ...patch })
  const field = (key: keyof Problems, label: string, extra: { type?: string; code?: boolean }) => (
    <OutlinedField
      label={label}
      value={cookie[key]}
      onChange={(event) => set({ [key]: event.target.value })}
      error={Boolean(problems[key])}
      helperText={problems[key] && sentence(label, problems[key])}
      sx={{ flex: 1, minWidth: 160 }}
      {...extra}
    />
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = problemsOf(cookie)
    setProblems(found)
    if (Object.keys(found).length > 0) return
    onAdd({
      name: cookie.name,
      value: cookie.value,
      domain: cookie.domain.replace(/^\./, '').toLowerCase(),
      path: cookie.path,
      expires: cookie.expires ? new Date(cookie.expires).toISOString() : null,
      secure: cookie.secure,
      httpOnly: cookie.httpOnly,
      hostOnly: !cookie.subdomains,
      sameSite: null,
    })
  }
  return (
    <Stack
      component="form"
      spacing={1.5}
      aria-labelledby="cookie-add-heading"
      onSubmit={submit}
      noValidate
    >
      <Typography variant="h3" sx={{ fontSize: '1rem' }} id="cookie-add-heading">
        Add a cookie
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        {field('name', 'Name', { code: true })}
        {field('value', 'Value', { code: true })}
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        {field('domain', 'Domain', { code: true })}
        {field('path', 'Path', { code: true })}
        {field('expires', 'Expires', { type: 'datetime-local' })}
      </Stack>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }}>
        <ChoiceLabel
          control={
            <Checkbox checked={cookie.secure} onChange={(e) => set({ secure: e.target.checked })} />
          }
          label="Secure (https only)"
        />
        <ChoiceLabel
          control={
            <Checkbox
              checked={cookie.httpOnly}
              onChange={(e) => set({ httpOnly: e.target.checked })}
            />
          }
          label="HttpOnly"
        />
        <ChoiceLabel
          control={
            <Checkbox
              checked={cookie.subdomains}
              onChange={(e) => set({ subdomains: e.target.checked })}
            />
          }
          label="Send to subdomains too"
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained">
          Add cookie
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Stack>
  )
}

/** One cookie's value, edited in place; a value the server would refuse says why. */
function ValueEditor({
  cookie,
  onSave,
  onCancel,
}: {
  cookie: JarCookie
  onSave: (value: string) => void
  onCancel: () => void
}) {
  const [value, setValue] = useState(cookie.value)
  const [problem, setProblem] = useState<string | null>(null)
  const save = (event: FormEvent) => {
    event.preventDefault()
    const found = cookieValueProblem(value, cookie.name)
    setProblem(found)
    if (!found) onSave(value)
  }
  return (
    <Stack component="form" direction="row" spacing={1} onSubmit={save} noValidate>
      <OutlinedField
        label={`Value of ${cookie.name}`}
        code
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={Boolean(problem)}
        helperText={problem && sentence('The value', problem)}
        sx={{ flex: 1, minWidth: 160 }}
      />
      <Box>
        <Button type="submit">Save</Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Box>
    </Stack>
  )
}

/**
 * The cookie jar of the environment in use: its cookies by domain, each value editable, one
 * deleted, all cleared, one added by hand. Loaded when first opened (WorkbenchBar).
 */
export function CookiesDialog({ open, onClose, now = Date.now }: Props) {
  const dispatch = useAppDispatch()
  const jar = useAppSelector(selectActiveJarKey)
  const cookies = useAppSelector(selectActiveJar)
  const environment = useAppSelector(selectActiveEnvironment)
  const [editing, setEditing] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const domains = [...new Set(cookies.map((c) => c.domain))].sort()
  const at = now()

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="cookies-title">
      <DialogTitle id="cookies-title">Cookies</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography color="textSecondary">
            The jar of {environment ? environment.name : 'requests sent without an environment'}:
            cookies that answers set, sent with later requests to the same domain and path, as a
            browser would. This site’s own cookies are never sent.
          </Typography>
          {cookies.length === 0 && (
            <Typography>
              The jar is empty. When an answer sets a cookie, it is kept here.
            </Typography>
          )}
          {domains.map((domain) => {
            const here = cookies.filter((c) => c.domain === domain)
            const headingId = `cookies-${domain}`
            return (
              <Stack key={domain} spacing={1}>
                <Typography variant="h3" sx={{ fontSize: '1rem' }} id={headingId}>
                  {domain} ({here.length} {here.length === 1 ? 'cookie' : 'cookies'})
                </Typography>
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-labelledby={headingId}>
                    <TableHead>
                      <TableRow>
                        <TableCell>Name</TableCell>
                        <TableCell>Value</TableCell>
                        <TableCell>Path</TableCell>
                        <TableCell>Expires</TableCell>
                        <TableCell>Flags</TableCell>
                        <TableCell>
                          <Box component="span" sx={visuallyHidden}>
                            Actions
                          </Box>
                        </TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {here.map((cookie) => {
                        const key = cookieKey(cookie)
                        const label = `${cookie.name} (${cookie.domain}${cookie.path})`
                        return (
                          <TableRow key={key}>
                            <TableCell sx={code}>{cookie.name}</TableCell>
                            <TableCell sx={code}>
                              {editing === key ? (
                                <ValueEditor
                                  cookie={cookie}
                                  onCancel={() => setEditing(null)}
                                  onSave={(value) => {
                                    dispatch(cookieSaved({ jar, cookie: { ...cookie, value } }))
                                    setEditing(null)
                                  }}
                                />
                              ) : (
                                cookie.value
                              )}
                            </TableCell>
                            <TableCell sx={code}>{cookie.path}</TableCell>
                            <TableCell>{expiryOf(cookie, at)}</TableCell>
                            <TableCell>{flagsOf(cookie)}</TableCell>
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>
                              <IconButton
                                aria-label={`Edit the value of ${label}`}
                                onClick={() => setEditing(key)}
                                size="small"
                              >
                                <EditOutlined fontSize="small" />
                              </IconButton>
                              <IconButton
                                aria-label={`Delete ${label}`}
                                onClick={() => dispatch(cookieDeleted({ jar, cookie }))}
                                size="small"
                              >
                                <DeleteOutline fontSize="small" />
                              </IconButton>
                            </TableCell>
                          </TableRow>
                        )
                      })}
                    </TableBody>
                  </Table>
                </Box>
              </Stack>
            )
          })}
          {adding ? (
            <AddCookieForm
              onCancel={() => setAdding(false)}
              onAdd={(cookie) => {
                dispatch(cookieSaved({ jar, cookie }))
                setAdding(false)
              }}
            />
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {cookies.length >= COOKIE_LIMITS.count ? (
                <Typography role="status">
                  The jar holds its most, {COOKIE_LIMITS.count} cookies: delete one to add another.
                </Typography>
              ) : (
                <Button onClick={() => setAdding(true)}>Add a cookie</Button>
              )}
              {cookies.length > 0 && (
                <ConfirmButton
                  color="error"
                  confirmLabel={`Clear all ${cookies.length}?`}
                  onConfirm={() => dispatch(jarCleared(jar))}
                >
                  Clear the jar
                </ConfirmButton>
              )}
            </Stack>
          )}
          <Typography variant="body2" color="textSecondary">
            Kept in this browser, a jar per environment. Cookie values are secrets: they are left
            out of history, share links and exports.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  )
}

const code = { fontFamily: monoFontFamily, wordBreak: 'break-all' } as const

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const
