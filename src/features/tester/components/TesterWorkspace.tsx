import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react'
import { useLocation } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { requestOfHistory } from '@/contract/testerRequestModel'
import { DeferredSnackbar } from '@/components/Deferred/DeferredSnackbar'
import { reportToAnalytics } from '@/lib/analyticsSignals'
import { forgetEarlyClick, shortcutName, takeEarlyClick } from '@/lib/earlyInput'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import { sendTestRequest, useGetTesterApiQuery, useGetTesterOperationQuery } from '../api/testerApi'
import { draftFromApi, emptyDraft, toTestRequest, type Draft } from '../lib/draft'
import type { AuthChoice } from '../lib/authChoice'
import { useHistoryPersistence } from '../lib/useHistoryPersistence'
import { USES_VARIABLES, type WorkbenchIntent } from '../lib/workbenchIntent'
import {
  checksChanged,
  historyCleared,
  requestRecorded,
  selectChecks,
  selectHistory,
  type HistoryEntry,
} from '../testerSlice'
import { HistoryPanel } from './HistoryPanel'
import { RequestPanel } from './RequestPanel'
import { loadResponseView, ResponsePanel, type Outcome } from './ResponsePanel'
import type { Opened } from '../lib/share'
import type { SecretsToNewHost } from '../lib/secretHosts'

// Only a request filled from an operation (`&op=`) has path parameters to show.
const PathParameters = lazy(() =>
  import('./PathParameters').then((m) => ({ default: m.PathParameters })),
)

// Environments, collections and their dialogs load on first use, not with the page
// (docs/performance.md): a button, Ctrl+S, `?`, a `{{variable}}` typed, or kept from a visit before.
const loadWorkbench = () => import('./workbenchParts')
const WorkbenchBar = lazy(() => loadWorkbench().then((m) => ({ default: m.WorkbenchBar })))
const CollectionsPanel = lazy(() => loadWorkbench().then((m) => ({ default: m.CollectionsPanel })))
// A share link (`#share=…`) is read by its own chunk, downloaded only when the page has one.
const loadShare = () => import('./shareParts')
const SharedNotice = lazy(() => loadShare().then((m) => ({ default: m.SharedNotice })))
const SecretHostDialog = lazy(() =>
  import('./SecretHostDialog').then((m) => ({ default: m.SecretHostDialog })),
)
/** Set by lib/workbenchStorage once something is kept. */
const WORKBENCH_FLAG_KEY = 'api-atlas:tester-workbench'
const usesVariables = (d: Draft) => USES_VARIABLES.test(d.url + d.headersText + d.bodyText)
/** The workbench's buttons; `early` marks each for a press before this part ran. */
const WORKBENCH_BUTTONS = [
  { early: 'tester:environments', intent: 'environments', text: 'Environments' },
  { early: 'tester:cookies', intent: 'cookies', text: 'Cookies' },
  { early: 'tester:collections', intent: 'collections', text: 'Collections' },
] as const satisfies readonly { early: string; intent: WorkbenchIntent; text: string }[]
// Its keyboard shortcuts that open a part of the workbench: heard by this part's listener, and,
// pressed before this part ran, noted by the early-input script as presses of these names
// (data-early-keys below).
const EARLY_SHORTCUTS = [
  { key: 'ctrl+s', early: 'tester:save', intent: 'save' },
  { key: '?', early: 'tester:shortcuts', intent: 'shortcuts' },
] as const satisfies readonly { key: string; early: string; intent: WorkbenchIntent }[]
const EARLY_PRESSES = [...WORKBENCH_BUTTONS, ...EARLY_SHORTCUTS]
const EARLY_KEYS = EARLY_PRESSES.map((press) => press.early)

/** The auth tab's starting choice for an API the directory knows only by its auth kind. */
const API_AUTH: Partial<Record<string, AuthChoice>> = {
  bearer: { kind: 'bearer', name: 'Authorization' },
  oauth2: { kind: 'oauth2', name: 'oauth2' },
  openIdConnect: { kind: 'bearer', name: 'Authorization' },
  basic: { kind: 'basic', name: 'Authorization' },
  apiKey: { kind: 'apiKeyHeader', name: 'X-API-Key' },
}

const loadOperationDraft = () => import('../lib/operationDraft')

// Only on a failure: a chunk of its own, not in the page's first load.
const unreachable = async (draft: Draft) =>
  (await import('../lib/unreachable')).unreachableAnswer(draft)

export type TesterWorkspaceProps = {
  /** The directory's API to fill the form from (`?api=`), if any. */
  apiId: string | null
  /** One of its operations to fill the form from (`&op=`): method, URL, headers, auth and body. */
  operationKey?: string | null
}

/**
 * The request form, the answer and the history: all the tester does, in a chunk of its own that
 * hydrates just after the page (TesterScreen).
 */
export function TesterWorkspace({ apiId, operationKey = null }: TesterWorkspaceProps) {
  const dispatch = useAppDispatch()
  const { data: api } = useGetTesterApiQuery(apiId ?? '', { skip: !apiId })
  const { data: operation } = useGetTesterOperationQuery(
    { apiId: apiId ?? '', operationKey: operationKey ?? '' },
    { skip: !apiId || !operationKey },
  )
  const [pathValues, setPathValues] = useState<Record<string, string>>({})
  const history = useAppSelector(selectHistory)
  const checks = useAppSelector(selectChecks)
  useHistoryPersistence()

  const [draft, setDraft] = useState<Draft>(emptyDraft)
  const [prefilledFor, setPrefilledFor] = useState<string | null>(null)
  const [suggestedAuth, setSuggestedAuth] = useState<AuthChoice | null>(null)
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })
  // Each message has a snackbar of its own (`id`): the snackbar's timer starts only as it opens,
  // so a message that replaced another was shown for what was left of the first one's time.
  const [toast, setToast] = useState({ id: 0, message: '', open: false })
  const say = useCallback(
    (message: string) => setToast((current) => ({ id: current.id + 1, message, open: true })),
    [],
  )
  /**
   * Closes message `id` only: a click that says something (Download JSON) is also a click away
   * from the message still showing, whose close came after the new message and took it away.
   */
  const closeToast = (id: number) =>
    setToast((current) => (current.id === id ? { ...current, open: false } : current))
  const [intent, setIntent] = useState<WorkbenchIntent | null>(null)
  const [workbench, setWorkbench] = useState(false)
  const { hash } = useLocation()
  const [opened, setOpened] = useState<Opened | null>(null)
  /** Where the form's request came from when someone else wrote it: asked about before secrets go. */
  const [foreign, setForeign] = useState<string | null>(null)
  const [asking, setAsking] = useState<(SecretsToNewHost & { from: string; sent: Draft }) | null>(
    null,
  )
  /** Hosts the visitor said yes to, this visit: not asked about again. */
  const [trusted] = useState(() => new Set<string>())
  if (!workbench && (intent || usesVariables(draft))) setWorkbench(true)

  // A workbench button, or its shortcut, pressed on the server's page before this part ran
  // (src/app/earlyInput.js noted it): carried out in the commit that hands the buttons to React, as
  // the tabs do.
  useLayoutEffect(() => {
    const key = takeEarlyClick(EARLY_KEYS)
    const pressed = EARLY_PRESSES.find((press) => press.early === key)
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (pressed) setIntent(pressed.intent)
    return () => forgetEarlyClick(EARLY_KEYS)
  }, [])

  useEffect(() => {
    try {
      // Read after hydration: the server's page has no workbench.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (localStorage.getItem(WORKBENCH_FLAG_KEY)) setWorkbench(true)
    } catch {
      // No local storage: the workbench loads when first used.
    }
    const onKey = (event: KeyboardEvent) => {
      const key = shortcutName(event)
      if (key === 'ctrl+l') {
        event.preventDefault()
        document.getElementById('tester-url')?.focus()
        return
      }
      const shortcut = EARLY_SHORTCUTS.find((listed) => listed.key === key)
      if (!shortcut) return
      // A key without Ctrl is typed in a field, not a shortcut there.
      if (!key.startsWith('ctrl+') && (event.target as Element).matches('input, textarea')) return
      event.preventDefault()
      setIntent(shortcut.intent)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  // A share link fills the form and never sends it; a damaged one leaves the form as it was.
  useEffect(() => {
    if (!hash.startsWith('#share=')) return
    let current = true
    void loadShare()
      .then(({ decodeShare }) => decodeShare(hash))
      .then((result) => {
        if (!current) return
        setOpened(result)
        if (result.ok) {
          setDraft(result.draft)
          setForeign('a share link')
        }
      })
    return () => {
      current = false
    }
  }, [hash])

  // Fill the form once per operation that arrives from the catalogue, by rules of their own chunk
  // (realistic values, form encoding): an operation's page is not the tester's first load.
  useEffect(() => {
    if (!operation) return
    let current = true
    void loadOperationDraft().then((rules) => {
      if (!current) return
      const key = `${operation.apiId} ${operation.operationKey}`
      const values = rules.realisticPathValues(operation)
      setPrefilledFor((done) => {
        if (done === key) return done
        setForeign(null)
        setPathValues(values)
        setDraft(rules.draftFromOperation(operation, values))
        setSuggestedAuth(rules.choiceForSecurity(operation.security))
        return key
      })
    })
    return () => {
      current = false
    }
  }, [operation])
  // And once per API, without an operation.
  if (api && !operationKey && prefilledFor !== api.id) {
    setPrefilledFor(api.id)
    setDraft(draftFromApi(api))
    setSuggestedAuth(API_AUTH[api.auth] ?? null)
  }

  /** A path parameter typed: its place in the URL changes, the rest of the URL stays as edited. */
  const changePath = async (values: Record<string, string>) => {
    if (!operation) return
    setPathValues(values)
    const { draftFromOperation } = await loadOperationDraft()
    const rebuilt = draftFromOperation(operation, values).url
    const path = rebuilt.indexOf('?')
    // On the draft as it is once the rules arrived, not as it was when the key was pressed.
    setDraft((latest) => {
      const query = latest.url.indexOf('?')
      return {
        ...latest,
        url: `${path >= 0 ? rebuilt.slice(0, path) : rebuilt}${query >= 0 ? latest.url.slice(query) : ''}`,
      }
    })
  }

  const send = async (sent: Draft = draft, confirmed = false) => {
    // The answer's view downloads beside the request, not before anyone sends one.
    void loadResponseView()
    // `{{name}}` filled from the environment and the environment's cookie jar sent with it, once
    // the workbench is in use; secret values masked in what comes back.
    const prepared =
      workbench || usesVariables(sent)
        ? await dispatch((await loadWorkbench()).sendPrepared(sent))
        : null
    if (prepared?.refusal) return say(prepared.refusal)
    // Someone else's request would carry this visitor's secrets to a host their environment has
    // not sent to: asked first, naming the host.
    if (foreign && prepared && !confirmed) {
      const { secretsToNewHost, environmentHosts } = await import('../lib/secretHosts')
      const known = environmentHosts(prepared.environment, history)
      for (const host of trusted) known.add(host)
      const question = secretsToNewHost(sent, prepared.environment, known)
      if (question) return setAsking({ ...question, from: foreign, sent })
    }
    const hide = prepared?.hide ?? (<T,>(value: T) => value)
    setOutcome({ kind: 'sending' })
    // History's masking downloads beside the request, not with the page.
    const recording = import('../lib/historyEntry')
    // A multipart body is encoded by a chunk of its own, loaded only to send one.
    const encode = sent.parts?.length ? (await import('../lib/multipart')).multipartBody : undefined
    const result = await dispatch(sendTestRequest(prepared?.request ?? toTestRequest(sent, encode)))
    // A request made from a catalogue operation counts as a try of it (docs/analytics.md).
    const triedOperation =
      operation && sent.method === operation.method.toUpperCase()
        ? (status: number | null) =>
            reportToAnalytics({
              type: 'operation_tried',
              apiId: operation.apiId,
              operationKey: operation.operationKey,
              status,
            })
        : () => undefined
    const record = async (status: HistoryEntry['status'], responseTime: number | null) => {
      const { historyEntry } = await recording
      const outcome = { status, responseTime, sentAt: new Date().toISOString() }
      dispatch(requestRecorded(historyEntry(sent, { id: crypto.randomUUID(), ...outcome })))
    }
    if (result.kind === 'answer') {
      // An answer that set cookies, or to a request with a jar: the jar keeps what came, before any
      // secret is masked in it, and the workbench keeps the jar.
      if (result.data.cookieChanges) {
        void dispatch((await loadWorkbench()).answerCookiesKept(prepared?.jar, result.data))
        setWorkbench(true)
      }
      setOutcome({ kind: 'response', data: hide(result.data) })
      void record(result.data.status, result.data.responseTime)
      triedOperation(typeof result.data.status === 'number' ? result.data.status : null)
      return
    }
    if (result.kind === 'unreachable' || result.kind === 'aborted') {
      setOutcome({ kind: 'response', data: await unreachable(sent) })
      void record('Error', null)
      triedOperation(null)
      return
    }
    setOutcome({
      kind: 'refused',
      title:
        result.kind === 'rateLimited'
          ? 'Too many requests'
          : result.blocked
            ? 'Request blocked'
            : 'The request was not sent',
      message: hide(result.message),
    })
    void record('Refused', null)
  }

  /** The operation's documented answer, generated and checked in a chunk of its own. */
  const showExample = async () => {
    if (!operation) return
    const { exampleAnswer } = await import('../lib/exampleAnswer')
    const answer = exampleAnswer(operation)
    if (answer) setOutcome({ kind: 'example', answer })
    else say('This operation documents no JSON answer to show.')
  }

  // The parts below the form keep these from render to render, so a keystroke in the form draws
  // the form alone, not the history, the answer and the buttons again with it.
  const pick = useCallback(
    (entry: HistoryEntry) => {
      setForeign(null)
      setDraft(requestOfHistory(entry))
      say('Loaded from history: masked secrets need to be typed again')
    },
    [say],
  )
  const clearHistory = useCallback(() => dispatch(historyCleared()), [dispatch])

  const workbenchButtons = useMemo(
    () => (
      <Stack direction="row" spacing={1}>
        {WORKBENCH_BUTTONS.map(({ early, intent: wanted, text }) => (
          <Button key={early} data-early-click={early} onClick={() => setIntent(wanted)}>
            {text}
          </Button>
        ))}
      </Stack>
    ),
    [],
  )

  return (
    <>
      <Box
        // Ctrl+S and ? work from the server's page on (src/app/earlyInput.js), as the listener above.
        data-early-keys={EARLY_SHORTCUTS.map(({ key, early }) => `${key}=${early}`).join(' ')}
        sx={{
          display: 'grid',
          gap: 3,
          // Request and answer side by side on wide screens, history under them; stacked on narrow.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {workbench ? (
            <Suspense fallback={workbenchButtons}>
              <WorkbenchBar
                draft={draft}
                checks={checks}
                operation={operation}
                intent={intent}
                onIntentDone={() => setIntent(null)}
                onMessage={say}
              />
            </Suspense>
          ) : (
            workbenchButtons
          )}
          {operation && (
            <Suspense fallback={null}>
              <PathParameters
                parameters={operation.parameters.filter((p) => p.in === 'path')}
                values={pathValues}
                onChange={(values) => void changePath(values)}
              />
            </Suspense>
          )}
          {opened && (
            <Suspense fallback={null}>
              <SharedNotice opened={opened} onClose={() => setOpened(null)} />
            </Suspense>
          )}
          {asking && (
            <Suspense fallback={null}>
              <SecretHostDialog
                asking={asking}
                onCancel={() => setAsking(null)}
                onSend={() => {
                  trusted.add(asking.host)
                  setAsking(null)
                  void send(asking.sent, true)
                }}
              />
            </Suspense>
          )}
          <RequestPanel
            draft={draft}
            shared={opened?.ok ? opened.request : undefined}
            onChange={setDraft}
            onSend={(sent) => void send(sent)}
            onCopied={say}
            sending={outcome.kind === 'sending'}
            suggestedAuth={suggestedAuth}
            security={operation?.security}
            bodyContents={operation?.requestBody?.content}
            onExample={
              operation?.responses.some((r) => /^2/.test(r.status) && r.schema)
                ? () => void showExample()
                : undefined
            }
          />
        </Stack>
        <Box sx={{ minWidth: 0, position: { lg: 'sticky' }, top: { lg: 80 } }}>
          <ResponsePanel outcome={outcome} checks={checks} />
        </Box>
        <Stack spacing={3} sx={{ minWidth: 0, gridColumn: { lg: '1 / -1' } }}>
          {workbench && (
            <Suspense fallback={null}>
              <CollectionsPanel
                onOpen={(saved, savedChecks, imported) => {
                  setDraft(saved)
                  setForeign(imported ? 'an imported collection' : null)
                  dispatch(checksChanged(savedChecks))
                }}
                intent={intent}
                onIntentDone={() => setIntent(null)}
                onMessage={say}
              />
            </Suspense>
          )}
          <HistoryPanel history={history} onPick={pick} onClear={clearHistory} />
        </Stack>
      </Box>
      <DeferredSnackbar
        key={toast.id}
        open={toast.open}
        // Long enough to read a file name (and for a busy machine's test to see it), then gone.
        autoHideDuration={10_000}
        onClose={() => closeToast(toast.id)}
        message={toast.message}
      />
    </>
  )
}
