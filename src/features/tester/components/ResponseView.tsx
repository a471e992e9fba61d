import { useId, useMemo, useState } from 'react'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { TestResponseData } from '@/contract/tester'
import { formatBytes, formatMs, statusTone } from '../lib/format'
import type { Check } from '../lib/checkTypes'
import { evaluateChecks } from '../lib/checks'
import { cookieNote } from '../lib/cookieNote'
import { CheckResults } from './CheckResults'
import { ResponseBody } from './ResponseBody'

// What an answer shows; loaded once the tester is on screen, as it is needed only after a send.

const mono = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 13,
  m: 0,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
} as const

// The body scrolls inside the panel (it has a maximum height) instead of stretching the page.
const scrollBox = {
  maxHeight: 480,
  overflow: 'auto',
  p: 2,
  bgcolor: 'action.hover',
  borderRadius: 1,
  ...mono,
} as const

function HeadersTable({
  headers,
  label,
}: {
  headers: Record<string, string | string[]>
  label: string
}) {
  const rows = Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v, i) => ({
      key: `${name}-${i}`,
      name,
      value: v,
    })),
  )
  if (rows.length === 0) return <Typography color="textSecondary">No headers.</Typography>
  return (
    <Box sx={{ maxHeight: 480, overflow: 'auto' }} tabIndex={0} aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Value</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell sx={{ ...mono, fontWeight: 500 }}>{row.name}</TableCell>
              <TableCell sx={mono}>{row.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}

const PHASES = [
  ['dns', 'DNS lookup'],
  ['connect', 'Connect'],
  ['tls', 'TLS handshake'],
  ['firstByte', 'Waiting (first byte)'],
  ['download', 'Download'],
] as const

function Timing({ data }: { data: TestResponseData }) {
  const total = Math.max(data.timing.total, 0.01)
  return (
    <Stack spacing={1.5}>
      {PHASES.map(([key, label]) => (
        <Box key={key}>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2">{label}</Typography>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {data.timing[key].toFixed(1)} ms
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (data.timing[key] / total) * 100)}
            aria-label={`${label}: ${data.timing[key].toFixed(1)} ms`}
          />
        </Box>
      ))}
      <Typography variant="body2" color="textSecondary">
        Measured at the API Atlas server; total {formatMs(data.timing.total)}.
        {data.redirects.length > 0 &&
          ` Followed ${data.redirects.length} redirect${data.redirects.length > 1 ? 's' : ''}: ${data.redirects
            .map((r) => `${r.status} → ${r.location}`)
            .join(', ')}.`}
      </Typography>
    </Stack>
  )
}

function SentRequest({ data }: { data: TestResponseData }) {
  return (
    <Stack spacing={1.5}>
      <Box component="pre" sx={{ ...mono, fontWeight: 500 }}>
        {data.request.method} {data.request.url}
      </Box>
      <HeadersTable headers={data.request.headers} label="Request headers as sent" />
      {data.request.body !== null && (
        <Box component="pre" sx={scrollBox} tabIndex={0} aria-label="Request body as sent">
          {data.request.body}
        </Box>
      )}
    </Stack>
  )
}

type ResponseTab = 'body' | 'headers' | 'timing' | 'request' | 'checks'

const NO_CHECKS: Check[] = []

export function ResponseView({
  data,
  checks = NO_CHECKS,
}: {
  data: TestResponseData
  /** The request's checks (testerSlice), run against this answer. */
  checks?: Check[]
}) {
  const [tab, setTab] = useState<ResponseTab>('body')
  // Ids of its own: a collection run shows an answer while the response panel may show another.
  const ids = useId()
  const failed = data.status === 'Error'
  const headerCount = Object.keys(data.headers).length
  // The request's checks, run against this answer; again whenever they are edited.
  const results = useMemo(() => evaluateChecks(checks, data), [checks, data])
  const passed = results.filter((r) => r.outcome === 'pass').length
  // The checks tab goes when the last check does.
  const shown: ResponseTab = tab === 'checks' && results.length === 0 ? 'body' : tab
  const cookies = cookieNote(data.cookieChanges)
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        aria-label="Response summary"
      >
        <Chip
          color={statusTone(data.status)}
          label={String(data.status)}
          sx={{ fontWeight: 700, fontSize: '1rem' }}
        />
        <Typography sx={{ fontWeight: 500 }}>{data.statusText}</Typography>
        <Typography variant="body2" color="textSecondary">
          Time: {formatMs(data.responseTime)}
        </Typography>
        {!failed && (
          <Typography variant="body2" color="textSecondary">
            Size: {formatBytes(data.size.body)}
          </Typography>
        )}
        {results.length > 0 && (
          <Chip
            size="small"
            variant="outlined"
            color={passed === results.length ? 'success' : 'error'}
            label={`Checks: ${passed} of ${results.length} passed`}
          />
        )}
        <Typography variant="body2" color="textSecondary" sx={{ ml: { sm: 'auto' } }}>
          <time dateTime={data.timestamp}>{new Date(data.timestamp).toLocaleString('en-US')}</time>
        </Typography>
      </Stack>
      {cookies && (
        <Typography variant="body2" role="status">
          {cookies}
        </Typography>
      )}
      {failed && (
        <Alert severity="error">
          <AlertTitle>Network Error</AlertTitle>
          {data.error ?? 'The API could not be reached.'}
        </Alert>
      )}
      {failed && results.length > 0 && <CheckResults results={results} />}
      {data.truncated && (
        <Alert severity="warning">
          <AlertTitle>Response truncated</AlertTitle>
          The body was larger than the tester shows; only the first {formatBytes(
            bodyShown(data),
          )}{' '}
          are displayed.
        </Alert>
      )}
      {!failed && (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs
              value={shown}
              onChange={(_, value: ResponseTab) => setTab(value)}
              aria-label="Response parts"
              variant="scrollable"
              scrollButtons="auto"
            >
              <Tab
                value="body"
                label="Body"
                id={`${ids}-tab-body`}
                aria-controls={`${ids}-panel`}
              />
              <Tab
                value="headers"
                label={`Headers (${headerCount})`}
                id={`${ids}-tab-headers`}
                aria-controls={`${ids}-panel`}
              />
              <Tab
                value="timing"
                label="Timing"
                id={`${ids}-tab-timing`}
                aria-controls={`${ids}-panel`}
              />
              <Tab
                value="request"
                label="Request"
                id={`${ids}-tab-request`}
                aria-controls={`${ids}-panel`}
              />
              {results.length > 0 && (
                <Tab
                  value="checks"
                  label={`Checks (${passed}/${results.length})`}
                  id={`${ids}-tab-checks`}
                  aria-controls={`${ids}-panel`}
                />
              )}
            </Tabs>
          </Box>
          <Box role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${shown}`}>
            {shown === 'body' && <ResponseBody data={data} />}
            {shown === 'headers' && (
              <HeadersTable headers={data.headers} label="Response headers" />
            )}
            {shown === 'timing' && <Timing data={data} />}
            {shown === 'request' && <SentRequest data={data} />}
            {shown === 'checks' && <CheckResults results={results} />}
          </Box>
        </>
      )}
    </Stack>
  )
}

const bodyShown = (data: TestResponseData) =>
  data.bodyEncoding === 'base64'
    ? Math.floor((String(data.data).length * 3) / 4)
    : new TextEncoder().encode(String(data.data)).length

/** The bar under 'Testing...' while the request is out. */
export function SendingBar() {
  return <LinearProgress aria-label="Waiting for the response" />
}
