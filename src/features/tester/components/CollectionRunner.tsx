import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import CancelOutlined from '@mui/icons-material/CancelOutlined'
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined'
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined'
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined'
import { monoFontFamily } from '@/lib/theme/tokens'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import {
  requestsIn,
  runRequests,
  summarize,
  summaryText,
  type RunOutcome,
  type RunRequest,
  type TokenRefresh,
} from '../lib/collectionRunner'
import { formatMs, statusTone } from '../lib/format'
import { refreshForRun } from '../lib/runnerOAuth'
import { sendThroughServer, waitOrAbort } from '../lib/runnerSend'
import { environmentHosts, secretsInRun, type SecretsToNewHost } from '../lib/secretHosts'
import type { CollectionItem } from '../lib/workbenchTypes'
import { selectHistory } from '../testerSlice'
import { selectActiveEnvironment } from '../workbenchSlice'

// The answer's view is the one Send shows; its chunk is shared with the response panel.
const ResponseView = lazy(() => import('./ResponseView').then((m) => ({ default: m.ResponseView })))

type Props = {
  /** What runs: "My requests", or "My requests / Customers" for a folder. */
  title: string
  /** What runs, as it is now: a run (and Run again) takes the requests as they are when it starts. */
  items: CollectionItem[]
  /** The folders the items sit in, for a folder's run. */
  folders: string[]
  onClose: () => void
  /** Opens a request in the form, with its checks. */
  onOpen: (request: RunRequest) => void
  /**
   * Someone else wrote the collection (imported): before its requests send secret variables to
   * hosts this environment has not used, the run asks.
   */
  imported?: boolean
  /** How the run waits out a rate limit (injected so stories and tests need not wait). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>
}

type Phase = 'asking' | 'running' | 'done' | 'stopped'

/** What the visitor chose when a run would send secrets to new hosts. */
type Choice = 'send' | 'withhold'

const CHECK_ICONS = {
  pass: { Icon: CheckCircleOutlined, color: 'success.main', word: 'Pass' },
  fail: { Icon: CancelOutlined, color: 'error.main', word: 'Fail' },
  invalid: { Icon: ErrorOutlineOutlined, color: 'warning.main', word: 'Cannot run' },
} as const

const named = (names: string[]) => names.map((n) => `{{${n}}}`).join(', ')

const notSentText = (missing: string[]) => `Not sent: set ${named(missing)} first`

const withheldText = ({ host, names }: { host: string; names: string[] }) =>
  `Not sent: it would have sent ${named(names)} to ${host}`

/** The hosts of a run's questions, each once, in order. */
const hostsOf = (asked: ReadonlyMap<number, SecretsToNewHost>) => [
  ...new Set([...asked.values()].map((question) => question.host)),
]

/** Asks, before a run of someone else's collection, whether its secrets may go to new hosts. */
function SecretsQuestion({
  title,
  asked,
  requests,
  onChoose,
}: {
  title: string
  asked: ReadonlyMap<number, SecretsToNewHost>
  requests: RunRequest[]
  onChoose: (choice: Choice) => void
}) {
  const hosts = hostsOf(asked)
  const environment = asked.values().next().value?.environment ?? ''
  return (
    <Alert severity="warning">
      <AlertTitle>
        Send your secrets to {hosts.length === 1 ? hosts[0] : `${hosts.length} new hosts`}?
      </AlertTitle>
      <Typography variant="body2">
        “{title}” was imported: someone else wrote it. Running it would put secret variables from
        your environment “{environment}” into requests to hosts this environment has not sent to
        before. Whoever runs those hosts would read them.
      </Typography>
      <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
        {[...asked].map(([index, question]) => (
          <li key={index}>
            <Typography variant="body2">
              {requests[index]?.name}: {named(question.names)} to{' '}
              <Box component="strong" sx={{ overflowWrap: 'anywhere' }}>
                {question.host}
              </Box>
            </Typography>
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => onChoose('withhold')}>
          Run without them
        </Button>
        <Button color="warning" onClick={() => onChoose('send')}>
          Send to {hosts.length === 1 ? hosts[0] : `${hosts.length} new hosts`}
        </Button>
      </Stack>
    </Alert>
  )
}

function StatusCell({ outcome }: { outcome: RunOutcome }) {
  switch (outcome.state) {
    case 'answered':
      return (
        <Chip
          size="small"
          color={statusTone(outcome.data.status)}
          label={String(outcome.data.status)}
          sx={{ fontWeight: 700 }}
        />
      )
    case 'notSent':
    case 'withheld':
      return <Chip size="small" color="warning" variant="outlined" label="Not sent" />
    case 'refused':
      return <Chip size="small" color="error" variant="outlined" label={outcome.title} />
    case 'sending':
      return <Typography variant="body2">Sending…</Typography>
    case 'waiting':
      return <Typography variant="body2">Waiting {outcome.seconds} s</Typography>
    case 'stopped':
      return <Typography variant="body2">Stopped</Typography>
    case 'skipped':
      return (
        <Typography variant="body2" color="textSecondary">
          Not run
        </Typography>
      )
    case 'queued':
      return (
        <Typography variant="body2" color="textSecondary">
          Queued
        </Typography>
      )
  }
}

/** What the run did about a request's OAuth 2 token, in words. */
const refreshText = ({ scheme, reason, refreshed, message }: TokenRefresh) =>
  refreshed
    ? reason === 'expired'
      ? `The ${scheme} token had expired: refreshed, then sent.`
      : `Answered 401: the ${scheme} token was refreshed and the request sent again.`
    : `The ${scheme} token ${reason === 'expired' ? 'had expired' : 'was refused (401)'} and could not be refreshed. ${message ?? ''}`.trim()

/** Each check's outcome with what the answer had, or why there is no answer to check. */
function ChecksCell({ outcome }: { outcome: RunOutcome }) {
  if (outcome.state === 'notSent') return <>{notSentText(outcome.missing)}</>
  if (outcome.state === 'withheld') return <>{withheldText(outcome)}</>
  if (outcome.state === 'refused') return <>{outcome.message}</>
  if (outcome.state !== 'answered') return null
  if (outcome.refresh) {
    return (
      <Stack spacing={0.5}>
        <Typography
          variant="body2"
          color={outcome.refresh.refreshed ? 'text.primary' : 'warning.main'}
          sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start' }}
        >
          <AutorenewOutlined fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
          {refreshText(outcome.refresh)}
        </Typography>
        <ChecksCell outcome={{ ...outcome, refresh: undefined }} />
      </Stack>
    )
  }
  if (outcome.data.status === 'Error') {
    return <>{outcome.data.error ?? 'The API could not be reached.'}</>
  }
  if (outcome.results.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        No checks
      </Typography>
    )
  }
  return (
    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {outcome.results.map((result) => {
        const { Icon, color, word } = CHECK_ICONS[result.outcome]
        return (
          <Box component="li" key={result.id} sx={{ display: 'flex', gap: 0.75 }}>
            <Icon fontSize="small" sx={{ color, mt: 0.25 }} aria-hidden />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <Box component="span" sx={{ color, fontWeight: 500 }}>
                {word}
              </Box>
              {`: ${result.label} `}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                ({result.outcome === 'invalid' ? '' : 'actual '}
                <Box component="span" sx={{ fontFamily: monoFontFamily }}>
                  {result.actual}
                </Box>
                )
              </Box>
            </Typography>
          </Box>
        )
      })}
    </Stack>
  )
}

/** The selected row's answer in the response viewer, or why it has none; and a way to open it. */
function Selected({
  request,
  outcome,
  onOpen,
}: {
  request: RunRequest
  outcome: RunOutcome
  onOpen: () => void
}) {
  return (
    <Box
      component="section"
      aria-label={`Result of ${request.name}`}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h3" sx={{ fontSize: '1rem' }}>
          {request.name}
        </Typography>
        <Button size="small" onClick={onOpen}>
          Open request
        </Button>
      </Stack>
      {outcome.state === 'answered' ? (
        <Suspense fallback={<Typography color="textSecondary">Showing the response…</Typography>}>
          <ResponseView data={outcome.data} checks={request.checks} />
        </Suspense>
      ) : outcome.state === 'notSent' ? (
        <Alert severity="warning">{notSentText(outcome.missing)}</Alert>
      ) : outcome.state === 'withheld' ? (
        <Alert severity="warning">{withheldText(outcome)}</Alert>
      ) : outcome.state === 'refused' ? (
        <Alert severity="error">
          <AlertTitle>{outcome.title}</AlertTitle>
          {outcome.message}
        </Alert>
      ) : (
        <Typography color="textSecondary">No response to show.</Typography>
      )}
    </Box>
  )
}

/**
 * A collection's (or folder's) requests run in order, one at a time, as Send sends them: each one's
 * status, time and checks as it goes, a summary, Stop and Run again. Closing stops the run.
 */
export function CollectionRunner({
  title,
  items,
  folders,
  onClose,
  onOpen,
  imported = false,
  wait = waitOrAbort,
}: Props) {
  const dispatch = useAppDispatch()
  const environment = useAppSelector(selectActiveEnvironment)
  const history = useAppSelector(selectHistory)
  // Asked once per runner: Run again keeps the answer.
  const [choice, setChoice] = useState<Choice | null>(null)
  const [asked, setAsked] = useState<ReadonlyMap<number, SecretsToNewHost>>(new Map())
  const [run, setRun] = useState(0)
  const [ran, setRan] = useState<RunRequest[]>(() => requestsIn(items, folders))
  const [outcomes, setOutcomes] = useState<RunOutcome[]>(() => ran.map(() => ({ state: 'queued' })))
  const [phase, setPhase] = useState<Phase>('running')
  const [selected, setSelected] = useState<number | null>(null)
  const controller = useRef<AbortController | null>(null)

  // The requests and environment as they are when a run starts, not when this part mounted.
  const start = useEffectEvent((signal: AbortSignal) => {
    const list = requestsIn(items, folders)
    setRan(list)
    setOutcomes(list.map(() => ({ state: 'queued' })))
    setSelected(null)
    const questions = imported
      ? secretsInRun(
          list.map((request) => request.draft),
          environment,
          environmentHosts(environment, history),
        )
      : new Map<number, SecretsToNewHost>()
    setAsked(questions)
    if (questions.size > 0 && choice === null) {
      setPhase('asking')
      return
    }
    setPhase('running')
    void runRequests(list, {
      environment,
      withheld: choice === 'withhold' ? questions : undefined,
      signal,
      send: (request, sendSignal) => dispatch(sendThroughServer(request, sendSignal)),
      refreshToken: (scheme, current) => dispatch(refreshForRun(scheme, current)),
      wait,
      onChange: (index, outcome) => {
        // A run stopped and begun again: the stopped one's last words are not the new one's.
        if (controller.current?.signal !== signal) return
        setOutcomes((current) => current.map((o, i) => (i === index ? outcome : o)))
      },
    }).then(() => {
      if (!signal.aborted) setPhase('done')
    })
  })

  useEffect(() => {
    const running = new AbortController()
    controller.current = running
    // A microtask later: React's development double effect aborts the first start before it
    // sends anything.
    queueMicrotask(() => {
      if (!running.signal.aborted) start(running.signal)
    })
    return () => running.abort()
  }, [run])

  const stop = () => {
    controller.current?.abort()
    setPhase('stopped')
  }

  const summary = summarize(outcomes)
  const waiting = outcomes.find((o) => o.state === 'waiting')
  const current = outcomes.findIndex((o) => o.state === 'sending' || o.state === 'waiting')
  const chosen = selected === null ? undefined : ran[selected]

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="runner-title">
      <DialogTitle id="runner-title">Run “{title}”</DialogTitle>
      <DialogContent dividers>
        {ran.length === 0 ? (
          <Typography>
            Nothing to run: “{title}” has no requests yet. Save a request into it (Ctrl+S), then run
            it.
          </Typography>
        ) : phase === 'asking' ? (
          <SecretsQuestion
            title={title}
            asked={asked}
            requests={ran}
            onChoose={(chosen) => {
              setChoice(chosen)
              setRun((n) => n + 1)
            }}
          />
        ) : (
          <Stack spacing={2}>
            <Box role="status" aria-live="polite">
              {phase === 'running' && (
                <Stack spacing={1}>
                  <Typography>
                    Running {Math.min(summary.finished + 1, summary.total)} of {summary.total}
                    {current >= 0 ? `: ${ran[current]?.name ?? ''}` : ''}…
                  </Typography>
                  <LinearProgress
                    variant="determinate"
                    value={(summary.finished / summary.total) * 100}
                    aria-label={`${summary.finished} of ${summary.total} requests done`}
                  />
                  {waiting?.state === 'waiting' && (
                    <Alert severity="info">
                      <AlertTitle>Waiting {waiting.seconds} s for the rate limit</AlertTitle>
                      The API Atlas server asked to wait before the next request ({waiting.message}
                      ). The run goes on by itself.
                    </Alert>
                  )}
                </Stack>
              )}
              {phase === 'done' && (
                <Alert severity={summary.passed === summary.total ? 'success' : 'error'}>
                  <AlertTitle>{summaryText(summary)}</AlertTitle>
                  Select a request to see its response.
                </Alert>
              )}
              {phase === 'stopped' && (
                <Alert severity="warning">
                  <AlertTitle>Stopped</AlertTitle>
                  {summary.finished} of {summary.total} requests ran before the run was stopped;{' '}
                  {summary.passed} passed {summary.passed === 1 ? 'its' : 'their'} checks.
                </Alert>
              )}
            </Box>
            <TableContainer>
              <Table size="small" aria-label={`Run of ${title}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Request</TableCell>
                    <TableCell>Method</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Time</TableCell>
                    <TableCell>Checks</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {ran.map((request, index) => {
                    const outcome = outcomes[index] ?? { state: 'queued' }
                    return (
                      <TableRow key={request.id} selected={selected === index}>
                        <TableCell>
                          <Button
                            size="small"
                            color="inherit"
                            aria-pressed={selected === index}
                            onClick={() => setSelected(index)}
                            sx={{ textTransform: 'none', textAlign: 'left', minWidth: 0 }}
                          >
                            {[...request.folders, request.name].join(' / ')}
                          </Button>
                        </TableCell>
                        <TableCell sx={{ fontFamily: monoFontFamily }}>
                          {request.draft.method}
                        </TableCell>
                        <TableCell>
                          <StatusCell outcome={outcome} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {outcome.state === 'answered' ? formatMs(outcome.data.responseTime) : ''}
                        </TableCell>
                        <TableCell>
                          <ChecksCell outcome={outcome} />
                        </TableCell>
                      </TableRow>
                    )
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            {chosen && selected !== null && (
              <Selected
                request={chosen}
                outcome={outcomes[selected] ?? { state: 'queued' }}
                onOpen={() => {
                  onOpen(chosen)
                  onClose()
                }}
              />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {phase === 'running' && ran.length > 0 ? (
          // Keyed apart, so Run again does not take over Stop's colour as it fades.
          <Button key="stop" color="error" onClick={stop}>
            Stop
          </Button>
        ) : (
          ran.length > 0 &&
          phase !== 'asking' && (
            <Button key="again" onClick={() => setRun((n) => n + 1)}>
              Run again
            </Button>
          )
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
