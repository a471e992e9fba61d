import { lazy, memo, Suspense, useEffect, useRef } from 'react'
import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { TestResponseData } from '@/contract/tester'
import type { Check } from '../lib/checkTypes'
import type { ExampleAnswer } from '../lib/exampleAnswer'
import { DeferredAlert } from '@/components/Deferred/DeferredAlert'

export type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'response'; data: TestResponseData }
  /** Our server would not send it (a private address, a bad field, too many requests). */
  | { kind: 'refused'; title: string; message: string }
  /** An answer from the documentation: nothing was sent. */
  | { kind: 'example'; answer: ExampleAnswer }

// The answer's tabs, table, toggle and JSON tree, and the progress bar, are needed only once a
// request is sent: they download when it is (TesterWorkspace starts them with the request), never
// on a visit that sends nothing (docs/performance.md).
export const loadResponseView = () => import('./ResponseView')
const ResponseView = lazy(() => loadResponseView().then((m) => ({ default: m.ResponseView })))
// Only once an answer from the documentation is asked for.
const ExampleAnswerView = lazy(() =>
  import('./ExampleAnswerView').then((m) => ({ default: m.ExampleAnswerView })),
)
const SendingBar = lazy(() => loadResponseView().then((m) => ({ default: m.SendingBar })))

/** Drawn again only when the answer or the checks change, not on every keystroke in the form. */
export const ResponsePanel = memo(function ResponsePanel({
  outcome,
  checks,
}: {
  outcome: Outcome
  checks?: Check[]
}) {
  const panel = useRef<HTMLElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  // The answer where the eye is: once a request goes, the panel is brought into view when its top
  // is not (narrow screens stack it under the request) and keyboard focus moves to it.
  useEffect(() => {
    if (outcome.kind === 'idle' || !panel.current) return
    const top = panel.current.getBoundingClientRect().top
    if (top < 0 || top > window.innerHeight * 0.5) {
      panel.current.scrollIntoView({ block: 'start' })
    }
    heading.current?.focus({ preventScroll: true })
  }, [outcome.kind])
  return (
    <Paper
      ref={panel}
      variant="outlined"
      component="section"
      aria-labelledby="tester-response-heading"
      sx={{ p: { xs: 2, md: 3 }, scrollMarginTop: 72 }}
    >
      <Stack spacing={2}>
        <Typography
          ref={heading}
          id="tester-response-heading"
          variant="h2"
          tabIndex={-1}
          sx={{ fontSize: '1.25rem' }}
        >
          Response
        </Typography>
        {outcome.kind === 'idle' && (
          <Typography color="textSecondary">
            Send a request to see its status, headers, body and timing here. Requests go through the
            API Atlas server, so CORS never gets in the way.
          </Typography>
        )}
        {outcome.kind === 'sending' && (
          <Stack role="status" spacing={1}>
            <Suspense fallback={<Box sx={{ height: 4 }} />}>
              <SendingBar />
            </Suspense>
            <Typography color="textSecondary">Testing...</Typography>
          </Stack>
        )}
        {outcome.kind === 'refused' && (
          <DeferredAlert severity="error" role="alert" title={outcome.title}>
            {outcome.message}
          </DeferredAlert>
        )}
        {outcome.kind === 'example' && (
          <Suspense fallback={<Typography role="status">Showing the example…</Typography>}>
            <ExampleAnswerView answer={outcome.answer} />
          </Suspense>
        )}
        {outcome.kind === 'response' && (
          <Suspense
            fallback={
              <Typography role="status" color="textSecondary">
                Showing the response…
              </Typography>
            }
          >
            <ResponseView data={outcome.data} checks={checks} />
          </Suspense>
        )}
      </Stack>
    </Paper>
  )
})
