import { useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import ArrowBack from '@mui/icons-material/ArrowBack'
import ListAlt from '@mui/icons-material/ListAlt'
import OpenInNew from '@mui/icons-material/OpenInNewOutlined'
import type { TestResponseData } from '@/contract/tester'
import { PRIVATE_ADDRESS_MESSAGE } from '@/contract/testerConstants'
import { Breadcrumbs } from '@/components/Breadcrumbs/Breadcrumbs'
import { DeferredAlert } from '@/components/Deferred/DeferredAlert'
import { DeferredSnackbar } from '@/components/Deferred/DeferredSnackbar'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { TESTER_SUMMARY, testerHead } from '@/contract/seo/heads'
import { paths } from '@/app/lib/paths'
import { errorMessage, isNetworkError } from '@/app/store/errors'
import { useAppDispatch, useAppSelector } from '@/app/store/hooks'
import { useGetTesterApiQuery, useSendTestMutation } from '../api/testerApi'
import { HistoryPanel } from '../components/HistoryPanel'
import { RequestPanel } from '../components/RequestPanel'
import { ResponsePanel, type Outcome } from '../components/ResponsePanel'
import { draftFromApi, emptyDraft, toTestRequest, type Draft } from '../lib/draft'
import { useHistoryPersistence } from '../lib/useHistoryPersistence'
import {
  historyCleared,
  historyEntry,
  requestRecorded,
  selectHistory,
  type HistoryEntry,
} from '../testerSlice'

/** When our own server cannot be reached, the answer still reads as spec.md §8 says. */
function unreachable(draft: Draft): TestResponseData {
  return {
    status: 'Error',
    statusText: 'Network Error',
    headers: {},
    data: null,
    bodyEncoding: 'none',
    contentType: null,
    truncated: false,
    size: { headers: 0, body: 0 },
    responseTime: 0,
    timing: { dns: 0, connect: 0, tls: 0, firstByte: 0, download: 0, total: 0 },
    redirects: [],
    url: draft.url,
    timestamp: new Date().toISOString(),
    request: { method: draft.method, url: draft.url, headers: {}, body: null },
    error: 'Could not reach the API Atlas server. Check your connection and try again.',
  }
}

export function TesterScreen() {
  const siteUrl = useSiteUrl()
  const dispatch = useAppDispatch()
  const [searchParams] = useSearchParams()
  const apiId = searchParams.get('api')
  const { data: api, isError: apiFailed } = useGetTesterApiQuery(apiId ?? '', { skip: !apiId })
  const [sendTest] = useSendTestMutation()
  const history = useAppSelector(selectHistory)
  useHistoryPersistence()

  const [draft, setDraft] = useState<Draft>(emptyDraft)
  const [prefilledFor, setPrefilledFor] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })
  const [toast, setToast] = useState<string | null>(null)

  // Fill the form once per API that arrives from the catalogue.
  if (api && prefilledFor !== api.id) {
    setPrefilledFor(api.id)
    setDraft(draftFromApi(api))
  }

  const send = async () => {
    const sent = draft
    setOutcome({ kind: 'sending' })
    const result = await sendTest(toTestRequest(sent))
    const record = (status: HistoryEntry['status'], responseTime: number | null) =>
      dispatch(
        requestRecorded(
          historyEntry(sent, {
            id: crypto.randomUUID(),
            status,
            responseTime,
            sentAt: new Date().toISOString(),
          }),
        ),
      )
    if ('data' in result && result.data) {
      setOutcome({ kind: 'response', data: result.data })
      record(result.data.status, result.data.responseTime)
      return
    }
    const { error } = result
    if (isNetworkError(error)) {
      setOutcome({ kind: 'response', data: unreachable(sent) })
      record('Error', null)
      return
    }
    const message = errorMessage(error, 'The request could not be sent. Please try again.')
    const blocked =
      message.startsWith(PRIVATE_ADDRESS_MESSAGE) || /itself|not followed/.test(message)
    const status = error && 'status' in error ? error.status : undefined
    setOutcome({
      kind: 'refused',
      title: blocked
        ? 'Request blocked'
        : status === 429
          ? 'Too many requests'
          : 'The request was not sent',
      message,
    })
    record('Refused', null)
  }

  const pick = (entry: HistoryEntry) => {
    setDraft({
      method: entry.method,
      url: entry.url,
      headersText: entry.headersText,
      bodyText: entry.bodyText,
      followRedirects: entry.followRedirects,
    })
    setToast('Loaded from history: masked secrets need to be typed again')
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta {...testerHead(siteUrl)} />
      <Stack spacing={3}>
        <Breadcrumbs aria-label="Breadcrumb">
          <Link component={RouterLink} to={paths.home} underline="hover" color="inherit">
            Home
          </Link>
          <Link component={RouterLink} to={paths.tools} underline="hover" color="inherit">
            API Tools
          </Link>
          <Typography color="text.primary" aria-current="page">
            API Tester
          </Typography>
        </Breadcrumbs>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
        >
          <Box>
            <Typography variant="h1">API Tester</Typography>
            <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 640 }}>
              {TESTER_SUMMARY}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={paths.tools}
              startIcon={<ArrowBack />}
              variant="outlined"
            >
              Back to API Tools
            </Button>
            <Button
              component={RouterLink}
              to={paths.apis}
              startIcon={<ListAlt />}
              variant="outlined"
            >
              Browse APIs
            </Button>
            {api && (
              <Button
                component={RouterLink}
                to={paths.apiDetail(api.id)}
                startIcon={<OpenInNew />}
                variant="outlined"
              >
                View {api.name}
              </Button>
            )}
          </Stack>
        </Stack>
        {api && (
          <DeferredAlert severity="info">
            Loaded <strong>{api.name}</strong> from the directory: its base URL, first GET endpoint
            and an auth header to fill in.
          </DeferredAlert>
        )}
        {apiFailed && (
          <DeferredAlert severity="warning">
            That API could not be loaded from the directory; enter the request yourself.
          </DeferredAlert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 300px' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <RequestPanel
              draft={draft}
              onChange={setDraft}
              onSend={() => void send()}
              sending={outcome.kind === 'sending'}
              onCopied={setToast}
            />
            <ResponsePanel outcome={outcome} />
          </Stack>
          <HistoryPanel
            history={history}
            onPick={pick}
            onClear={() => dispatch(historyCleared())}
          />
        </Box>
      </Stack>
      <DeferredSnackbar
        open={toast !== null}
        autoHideDuration={4000}
        onClose={() => setToast(null)}
        message={toast}
      />
    </Container>
  )
}
