import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useLayoutEffect,
  useMemo,
  useState,
  type ChangeEvent,
  type Dispatch,
  type KeyboardEvent,
  type ReactNode,
  type SetStateAction,
} from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import CodeOutlined from '@mui/icons-material/CodeOutlined'
import SendOutlined from '@mui/icons-material/SendOutlined'
import { ChoiceLabel } from '@/components/ChoiceLabel/ChoiceLabel'
import { TESTER_METHODS, type TesterMethod } from '@/contract/testerConstants'
import { DeferredAlert } from '@/components/Deferred/DeferredAlert'
import { TabBar } from '@/components/TabBar/TabBar'
import {
  DEFAULT_HEADERS,
  queryParams,
  toSnippetRequest,
  withQueryParams,
  type Draft,
} from '../lib/draft'
import { changesTo, draftFields, readForm, REQUEST_FORM_ID } from '../lib/serverForm'
import { submitHere, takeEarlySubmit, takeEarlyTyped } from '@/lib/earlyInput'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import { checksChanged, selectChecks } from '../testerSlice'
import type { MediaContent, SecurityScheme } from '@/contract/operations'
import { authHeaderOf, type AuthChoice } from '../lib/authChoice'
import type { SharedRequest } from '../lib/share'
import {
  headerFieldName,
  headerRowsOf,
  headerRowsOfFields,
  headersTextOf,
  isUnnamed,
  type HeaderRow,
} from '../lib/headerRows'
import { KeyValueList, KeyValueRows } from './KeyValueList'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'
import { SelectField } from '@/components/SelectField/SelectField'

type Props = {
  draft: Draft
  /** A new draft, or how to change the latest one (the owner's state setter). */
  onChange: Dispatch<SetStateAction<Draft>>
  /** Sends `draft`, or the draft given: the server form's, when it was sent before the app ran. */
  onSend: (draft?: Draft) => void
  sending: boolean
  /** Says how a copy went, in the tester's own message. */
  onCopied: (message: string) => void
  /** A share link just opened: its GraphQL mode and auth kind (the form holds the rest). */
  shared?: SharedRequest
  /** The auth the operation (or API) the form was filled from asks for. */
  suggestedAuth?: AuthChoice | null
  /** The operation's security alternatives, for the auth tab to say what it asks for. */
  security?: SecurityScheme[][]
  /** The operation's documented bodies by media type. */
  bodyContents?: MediaContent[]
  /** Shows the operation's documented answer instead of sending: only where it documents one. */
  onExample?: () => void
}

type TabName = 'headers' | 'body' | 'params' | 'auth' | 'checks'

// Reading cURL is needed only on a paste of one: not in the first load.
const loadCurl = () => import('../lib/curl')
const LOOKS_LIKE_CURL = /^\s*curl\s/i

// Only on its own tab, so not part of the tester's first load (docs/performance.md).
const AuthHelper = lazy(() => import('./AuthHelper').then((m) => ({ default: m.AuthHelper })))
const ChecksEditor = lazy(() => import('./ChecksEditor').then((m) => ({ default: m.ChecksEditor })))
// Only once asked for, like the snippet library it downloads in turn.
const CodeSnippets = lazy(() =>
  import('@/components/CodeSnippets/CodeSnippets').then((m) => ({ default: m.CodeSnippets })),
)
const CODE_PANEL_ID = 'tester-code'
// The body's editors, raw and GraphQL: only once its tab opens, never first on the server's page.
const BodyPanel = lazy(() => import('./BodyPanel').then((m) => ({ default: m.BodyPanel })))
// Only once Share is pressed: compression, the secrets' rules and zod come with it.
const ShareDialog = lazy(() => import('./shareParts').then((m) => ({ default: m.ShareDialog })))
// The headers as text: only once asked for.
const BulkHeaders = lazy(() => import('./BulkHeaders').then((m) => ({ default: m.BulkHeaders })))

/** The URL field's id, to bring a visitor back to it when it is empty. */
const URL_FIELD_ID = 'tester-url'

const METHOD_OPTIONS = TESTER_METHODS.map((method) => ({ value: method, label: method }))

// The form's parts other than the URL field are memoised, with stable callbacks: a keystroke in
// the URL draws that field again, not the method, the tabs, the header rows and the buttons, whose
// styles MUI and Emotion would otherwise resolve again on every key, on a phone's slow processor.

const HEADING = (
  <Typography id="tester-request-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
    Request
  </Typography>
)

const METHOD_SX = { minWidth: 128 }

/** The browser's own checkbox, in the theme's colour, sized and spaced as MUI's. */
const CHECKBOX_SX = {
  width: 18,
  height: 18,
  m: 1.5,
  accentColor: 'var(--mui-palette-primary-main)',
  cursor: 'pointer',
}

const MethodField = memo(function MethodField({
  value,
  onChange,
}: {
  value: TesterMethod
  onChange: (method: TesterMethod) => void
}) {
  return (
    <SelectField<TesterMethod>
      label="Method"
      name="method"
      value={value}
      options={METHOD_OPTIONS}
      onChange={onChange}
      sx={METHOD_SX}
    />
  )
})

const SendButton = memo(function SendButton({
  disabled,
  label,
}: {
  disabled: boolean
  label: string
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      // Disabled while there is no address, from the server's page on: its early-input
      // script enables it as one is typed there, before the app runs.
      disabled={disabled}
      data-early-needs="url"
      startIcon={<SendOutlined />}
      sx={{ whiteSpace: 'nowrap', minWidth: 168, alignSelf: { sm: 'flex-start' } }}
    >
      {label}
    </Button>
  )
})

const ExampleToggle = memo(function ExampleToggle({
  checked,
  onChange,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <ChoiceLabel
      sx={{ alignSelf: { sm: 'flex-start' }, mr: 0 }}
      control={
        <Box
          component="input"
          type="checkbox"
          checked={checked}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
          sx={CHECKBOX_SX}
        />
      }
      label="Answer from the documentation (sends nothing)"
    />
  )
})

const RequestTabs = memo(function RequestTabs({
  tab,
  onChange,
  paramCount,
}: {
  tab: TabName
  onChange: (tab: TabName) => void
  paramCount: number
}) {
  const tabs = useMemo(
    () => [
      { value: 'headers' as const, label: 'Headers', id: 'tab-headers', controls: 'panel-headers' },
      { value: 'body' as const, label: 'Body', id: 'tab-body', controls: 'panel-body' },
      {
        value: 'params' as const,
        label: `Query (${paramCount})`,
        id: 'tab-params',
        controls: 'panel-params',
      },
      { value: 'auth' as const, label: 'Auth', id: 'tab-auth', controls: 'panel-auth' },
      { value: 'checks' as const, label: 'Checks', id: 'tab-checks', controls: 'panel-checks' },
    ],
    [paramCount],
  )
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <TabBar<TabName> label="Request parts" value={tab} onChange={onChange} tabs={tabs} />
    </Box>
  )
})

const HeadersTab = memo(function HeadersTab({
  rows,
  onChange,
  lockedBy,
  bulk,
  onBulkChange,
  unreadable,
}: {
  rows: HeaderRow[]
  onChange: (rows: HeaderRow[]) => void
  lockedBy: (name: string) => ReactNode
  bulk: boolean
  onBulkChange: Dispatch<SetStateAction<boolean>>
  /** The draft's headers are no JSON object, so the rows show the defaults it is sent with. */
  unreadable: boolean
}) {
  return (
    <Box
      role="tabpanel"
      id="panel-headers"
      aria-labelledby="tab-headers"
      sx={{ display: 'grid', gap: 1 }}
    >
      {bulk ? (
        <Suspense fallback={<Typography color="textSecondary">Loading the text…</Typography>}>
          <BulkHeaders rows={rows} onChange={onChange} />
        </Suspense>
      ) : (
        <KeyValueRows
          rows={rows}
          nameLabel="Header"
          valueLabel="Value"
          onChange={onChange}
          fieldName={headerFieldName}
          lockedBy={lockedBy}
        />
      )}
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button size="small" aria-pressed={bulk} onClick={() => onBulkChange((shown) => !shown)}>
          {bulk ? 'Edit as rows' : 'Bulk edit'}
        </Button>
        {unreadable && (
          <Typography variant="body2" color="warning">
            This request's saved headers could not be read, so it is sent with the ones shown here.
          </Typography>
        )}
      </Stack>
    </Box>
  )
})

const RequestFooter = memo(function RequestFooter({
  followRedirects,
  onFollowChange,
  codeOpen,
  onCodeToggle,
  onShare,
}: {
  followRedirects: boolean
  onFollowChange: (follow: boolean) => void
  codeOpen: boolean
  onCodeToggle: () => void
  onShare: () => void
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <ChoiceLabel
        // The browser's own checkbox in the theme's colour: MUI's Switch and its SwitchBase
        // were about 3 KB compressed of the tester's first load, for one on/off choice.
        control={
          <Box
            component="input"
            type="checkbox"
            name="followRedirects"
            checked={followRedirects}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              onFollowChange(event.target.checked)
            }
            sx={CHECKBOX_SX}
          />
        }
        label="Follow redirects"
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="textSecondary" sx={{ mr: 1 }}>
          Ctrl+Enter sends, Ctrl+S saves, ? lists keys
        </Typography>
        <Button
          size="small"
          startIcon={<CodeOutlined />}
          aria-expanded={codeOpen}
          aria-controls={codeOpen ? CODE_PANEL_ID : undefined}
          onClick={onCodeToggle}
        >
          {codeOpen ? 'Hide code' : 'Copy as code'}
        </Button>
        <Button size="small" aria-haspopup="dialog" onClick={onShare}>
          Share
        </Button>
      </Stack>
    </Stack>
  )
})

export function RequestPanel({
  draft,
  onChange,
  onSend,
  sending,
  onCopied,
  shared,
  suggestedAuth = null,
  security,
  bodyContents,
  onExample,
}: Props) {
  const [exampleMode, setExampleMode] = useState(false)
  const showsExample = exampleMode && onExample !== undefined
  const [tab, setTab] = useState<TabName>('headers')
  const dispatch = useAppDispatch()
  const checks = useAppSelector(selectChecks)
  const [codeOpen, setCodeOpen] = useState(false)
  const [imported, setImported] = useState(false)
  const [graphql, setGraphql] = useState(false)
  const [auth, setAuth] = useState<AuthChoice | null>(null)
  const [sharing, setSharing] = useState(false)
  const [sharedSeen, setSharedSeen] = useState(shared)
  if (shared !== sharedSeen) {
    setSharedSeen(shared)
    if (shared) {
      setGraphql(shared.graphql)
      setAuth(shared.auth)
    }
  }
  const [suggestedSeen, setSuggestedSeen] = useState<AuthChoice | null>(null)
  if (suggestedAuth !== suggestedSeen) {
    setSuggestedSeen(suggestedAuth)
    if (suggestedAuth) setAuth(suggestedAuth)
  }
  const authHeader = authHeaderOf(auth)?.toLowerCase()
  // The rows are the headers' one editor. The model keeps their named rows as text; a request
  // whose text is no JSON object (kept by an older tester) is sent with the default headers, so
  // those are what the rows show.
  const readRows = headerRowsOf(draft.headersText)
  const ownerRows = readRows ?? Object.entries(DEFAULT_HEADERS)
  const [headerRows, setHeaderRows] = useState<HeaderRow[]>(ownerRows)
  // The draft's headers changed elsewhere (the auth tab, a history entry, a pasted cURL): its rows
  // replace these, and a row with no name goes with them.
  if (headersTextOf(headerRows) !== headersTextOf(ownerRows)) setHeaderRows(ownerRows)
  const unnamedHeader = headerRows.some(isUnnamed)
  const [bulkHeaders, setBulkHeaders] = useState(false)
  // On the draft as it is by then, not as this render saw it: an edit handled before React has
  // drawn an earlier change (the typing taken over on mount, say) must not undo that change.
  const set = useCallback(
    (patch: Partial<Draft>) => onChange((latest) => ({ ...latest, ...patch })),
    [onChange],
  )
  const editHeaders = useCallback(
    (rows: HeaderRow[]) => {
      setHeaderRows(rows)
      set({ headersText: headersTextOf(rows) })
    },
    [set],
  )
  // Kept from render to render, as editHeaders and set: the header rows are drawn again when
  // they or the auth's header change, not on every keystroke in the URL.
  const lockedBy = useCallback(
    (name: string) =>
      name.toLowerCase() === authHeader ? (
        <Button size="small" sx={{ mt: 1, whiteSpace: 'nowrap' }} onClick={() => setTab('auth')}>
          Set in Auth
        </Button>
      ) : undefined,
    [authHeader],
  )
  const setMethod = useCallback((method: TesterMethod) => set({ method }), [set])
  const setFollowRedirects = useCallback(
    (followRedirects: boolean) => set({ followRedirects }),
    [set],
  )
  const toggleCode = useCallback(() => setCodeOpen((open) => !open), [])
  const share = useCallback(() => setSharing(true), [])
  const params = queryParams(draft.url)
  const [missingUrl, setMissingUrl] = useState(false)

  /** Sends, unless there is nothing to send to: then the URL field says so. */
  const trySend = (current: Draft = draft, typedRows?: HeaderRow[]) => {
    if (sending) return
    // Nothing is sent: the documentation answers.
    if (showsExample) return onExample()
    if (current.url.trim() === '') {
      setMissingUrl(true)
      document.getElementById(URL_FIELD_ID)?.focus()
      return
    }
    if (unnamedHeader || typedRows?.some(isUnnamed)) {
      setTab('headers')
      onCopied('A header has a value but no name: name it or clear it, then send.')
      return
    }
    onSend(current)
  }

  // The server's form as the visitor left it, read before this render hydrates it: hydration keeps
  // what was typed into an input but puts a text area's server text back, and reports neither.
  // Where no server form is on the page (a visit the app drew), there is nothing to read.
  const [leftInServerForm] = useState(() =>
    typeof document === 'undefined' ? null : readForm(document.getElementById(REQUEST_FORM_ID)),
  )
  // In the commit that hands the form to React, not in a passive effect: a layout effect's update
  // is drawn before anything else runs. From a passive effect of the hydration it was drawn after
  // later updates (the answer to a request sent before the app ran, a keystroke), which drew the
  // server's values again: the URL and headers went back to empty and default on the screen, and
  // an edit or a Send in that time built on those.
  useLayoutEffect(() => {
    // And what was typed after that read, before React took the form over (the early-input
    // script kept it).
    const typedSince = takeEarlyTyped(REQUEST_FORM_ID)
    const values = leftInServerForm && { ...leftInServerForm, ...typedSince }
    const left = values && draftFields(values)
    const typed = left && changesTo(draft, left)
    const current = typed ? { ...draft, ...typed } : draft
    if (typed) onChange((latest) => ({ ...latest, ...typed }))
    // The rows as typed, one with a value and no name among them: kept, and marked on its row.
    const typedRows = values ? headerRowsOfFields(values) : null
    const rowsTyped = typedRows?.filter(([name, value]) => name !== '' || value !== '')
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (rowsTyped?.some(isUnnamed)) setHeaderRows(rowsTyped)
    // Sent before the app ran (src/app/earlyInput.js held it): send it now, as it was, or say
    // what is missing. An event from outside React, answered once on mount.
    if (takeEarlySubmit(REQUEST_FORM_ID)) trySend(current, rowsTyped ?? undefined)
    // Once, on the first mount: later typing goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      onCopied('Copied to the clipboard')
    } catch {
      onCopied('Could not copy: select the code and copy it by hand')
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      trySend()
    }
  }

  return (
    <Paper
      variant="outlined"
      component="form"
      id={REQUEST_FORM_ID}
      aria-labelledby="tester-request-heading"
      noValidate
      onKeyDown={onKeyDown}
      // Until the app runs, src/app/earlyInput.js holds a submit back for it.
      data-early-submit=""
      onSubmit={(event) => {
        event.preventDefault()
        // The early-input script notes every submit, as it cannot tell whether the app runs the
        // form yet: sent once, here or by the mount above.
        if (submitHere(REQUEST_FORM_ID, event.nativeEvent)) trySend()
      }}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Stack spacing={2}>
        {HEADING}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <MethodField value={draft.method} onChange={setMethod} />
          <OutlinedField
            label="URL"
            name="url"
            placeholder="https://api.example.com/v1/items"
            value={draft.url}
            fullWidth
            code
            id={URL_FIELD_ID}
            // Ctrl+L comes here from the first paint, before the app runs (src/app/earlyInput.js).
            inputAttributes={{ 'data-early-focus': 'ctrl+l' }}
            error={missingUrl}
            helperText={missingUrl ? 'Enter the address to send the request to.' : undefined}
            onChange={(event) => {
              setImported(false)
              setMissingUrl(false)
              set({ url: event.target.value })
            }}
            // Send is disabled on a blank address, so Enter would do nothing: it says why instead.
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || draft.url.trim() !== '') return
              event.preventDefault()
              setMissingUrl(true)
            }}
            onPaste={(event) => {
              const text = event.clipboardData.getData('text')
              if (!LOOKS_LIKE_CURL.test(text)) return
              // Held back until the parser has read it; pasted as text if it is no request.
              event.preventDefault()
              const field = event.target as HTMLInputElement
              const [start, end] = [field.selectionStart ?? 0, field.selectionEnd ?? 0]
              void loadCurl().then(({ parseCurl }) => {
                const pasted = parseCurl(text)
                if (pasted) {
                  setImported(true)
                  onChange(pasted)
                } else {
                  set({ url: draft.url.slice(0, start) + text + draft.url.slice(end) })
                }
              })
            }}
          />
          <SendButton
            disabled={sending || (!showsExample && draft.url.trim() === '')}
            label={sending ? 'Testing...' : showsExample ? 'Show example answer' : 'Send Request'}
          />
          {onExample && <ExampleToggle checked={exampleMode} onChange={setExampleMode} />}
        </Stack>
        {imported && (
          <DeferredAlert severity="info" onClose={() => setImported(false)}>
            Imported from a cURL command.
          </DeferredAlert>
        )}
        <RequestTabs tab={tab} onChange={setTab} paramCount={params?.length ?? 0} />
        {tab === 'headers' && (
          <HeadersTab
            rows={headerRows}
            onChange={editHeaders}
            lockedBy={lockedBy}
            bulk={bulkHeaders}
            onBulkChange={setBulkHeaders}
            unreadable={readRows === null}
          />
        )}
        {tab === 'body' && (
          <Box role="tabpanel" id="panel-body" aria-labelledby="tab-body">
            <Suspense fallback={<Typography color="textSecondary">Loading the body…</Typography>}>
              <BodyPanel
                draft={draft}
                onChange={onChange}
                contents={bodyContents}
                graphql={graphql}
                onGraphqlChange={setGraphql}
              />
            </Suspense>
          </Box>
        )}
        {tab === 'params' && (
          <Box role="tabpanel" id="panel-params" aria-labelledby="tab-params">
            {params ? (
              <KeyValueList
                rows={params}
                nameLabel="Parameter"
                valueLabel="Value"
                onChange={(rows) => set({ url: withQueryParams(draft.url, rows) })}
              />
            ) : (
              <Typography color="textSecondary">
                Enter a full URL (https://…) to edit its query parameters here.
              </Typography>
            )}
          </Box>
        )}
        {tab === 'auth' && (
          <Box role="tabpanel" id="panel-auth" aria-labelledby="tab-auth">
            <Suspense fallback={null}>
              <AuthHelper
                draft={draft}
                onChange={onChange}
                choice={auth}
                onApplied={setAuth}
                security={security}
              />
            </Suspense>
          </Box>
        )}
        {tab === 'checks' && (
          <Box role="tabpanel" id="panel-checks" aria-labelledby="tab-checks">
            <Suspense fallback={null}>
              <ChecksEditor checks={checks} onChange={(next) => dispatch(checksChanged(next))} />
            </Suspense>
          </Box>
        )}
        <RequestFooter
          followRedirects={draft.followRedirects}
          onFollowChange={setFollowRedirects}
          codeOpen={codeOpen}
          onCodeToggle={toggleCode}
          onShare={share}
        />
        {sharing && (
          <Suspense fallback={null}>
            <ShareDialog
              draft={draft}
              graphql={graphql}
              auth={auth}
              onClose={() => setSharing(false)}
            />
          </Suspense>
        )}
        {codeOpen && (
          <Box
            component="section"
            id={CODE_PANEL_ID}
            aria-labelledby="tester-code-heading"
            sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}
          >
            <Typography id="tester-code-heading" variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
              This request as code
            </Typography>
            <Suspense fallback={<Typography color="textSecondary">Loading the code…</Typography>}>
              <CodeSnippets
                request={toSnippetRequest(draft)}
                initial="cURL"
                renderCopy={({ text, label }) => (
                  <Button size="small" onClick={() => void copy(text)}>
                    {label}
                  </Button>
                )}
              />
            </Suspense>
          </Box>
        )}
      </Stack>
    </Paper>
  )
}
