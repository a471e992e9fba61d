import type { ReactNode } from 'react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import Verified from '@mui/icons-material/VerifiedOutlined'
import { Note } from '@/components/Note/Note'
import type { ApiHealth } from '@/contract/apiHealth'
import type { Conformance, Monitoring, SpecChange } from '@/contract/monitoring'
import { Breadcrumbs } from '@/components/Breadcrumbs/Breadcrumbs'
import { columns, span } from '@/components/Columns/columns'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { ErrorState, LoadingState, NotFoundState } from '@/components/StateViews/StateViews'
import { Tag } from '@/components/Tag/Tag'
import { formatMs, formatPercent } from '@/lib/format'
import { paths } from '@/lib/paths'
import { errorMessage, isNetworkError, isNotFound } from '@/lib/store/errors'
import { monitoringHead } from '@/shared/seo/monitoringHeads'
import { useGetMonitoringQuery } from '../api/monitoringApi'
import { HealthBadge } from '../components/HealthBadge'
import { LatencyChart } from '../components/LatencyChart'
import { Section } from '../components/Section'
import { corsSentence } from '../lib/health'
import {
  CHANGE_LEVEL_LABELS,
  changeLevelColor,
  changeProvenance,
  CONFORMANCE_LABELS,
  conformanceColor,
  DIRECTORY_CHANGE_LABEL,
  eventSentence,
  isRecovery,
  measuredAt,
  measuredOn,
  withPrevious,
} from '../lib/monitoring'

const halfCell = span({ xs: 12, md: 6 })

/** A labelled figure; `Unknown` in italics when nothing was measured. */
function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
      <Typography color="textSecondary" sx={{ flexGrow: 1 }}>
        {label}
      </Typography>
      {value === null ? (
        <Typography sx={{ fontStyle: 'italic', color: 'text.secondary' }}>Unknown</Typography>
      ) : (
        <Typography sx={{ fontWeight: 700, textAlign: 'right', overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      )}
    </Stack>
  )
}

/** Why the checker has measured nothing (or nothing lately), in the server's own words. */
function CheckNotices({ monitoring }: { monitoring: Monitoring }) {
  const { checks, health } = monitoring
  const notices: ReactNode[] = []
  if (checks.networkUnavailableSince) {
    notices.push(
      `Checks could not reach the internet from this server since ${measuredAt(checks.networkUnavailableSince)}: nothing has been measured since, and no API is marked down for it.`,
    )
  } else if (health?.networkUnavailableAt) {
    notices.push(
      `The last try, at ${measuredAt(health.networkUnavailableAt)}, found no network on this server: nothing was measured, and the API is not marked down.`,
    )
  }
  if (!checks.enabled) {
    notices.push(
      'Health checks are off on this server (HEALTH_CHECKS=off): nothing new is measured.',
    )
  }
  if (checks.local && !checks.reachable) {
    notices.push(
      'This local API’s host is not in TESTER_ALLOWED_HOSTS, so the checker may not reach it: it is never checked.',
    )
  }
  if (notices.length === 0) return null
  return (
    <Stack spacing={1}>
      {notices.map((notice, index) => (
        <Note key={index}>{notice}</Note>
      ))}
    </Stack>
  )
}

function VerifiedSection({ monitoring }: { monitoring: Monitoring }) {
  const { verified, checks } = monitoring
  return (
    <Section title="Verified working">
      {verified ? (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Tag label="Verified working" color="success" icon={<Verified aria-hidden />} />
            <Typography variant="body2">since {measuredAt(verified.since)}</Typography>
          </Stack>
          <Box component="ul" aria-label="Claims" sx={{ m: 0, pl: 3 }}>
            {verified.claims.map((claim) => (
              <Typography component="li" key={claim.kind} variant="body2" sx={{ mb: 0.5 }}>
                {claim.claim}, last found at {measuredAt(claim.at)}
              </Typography>
            ))}
          </Box>
        </Stack>
      ) : (
        <Typography variant="body2" color="textSecondary">
          Not verified working.{' '}
          {checks.conformanceChecked
            ? 'That needs a check in the last 48 hours that found it up, and an operation that answered as its document says; a failed check removes it.'
            : 'That needs an operation that answered as its document says, and this server holds no document of this API to check its answers against.'}
        </Typography>
      )}
    </Section>
  )
}

function LatencyTable({ monitoring }: { monitoring: Monitoring }) {
  return (
    <Box component="details">
      <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
        The figures, day by day
      </Typography>
      <Table size="small" aria-label="Checks and latency per day">
        <TableHead>
          <TableRow>
            <TableCell>Day</TableCell>
            <TableCell align="right">Up / checks</TableCell>
            <TableCell align="right">p50</TableCell>
            <TableCell align="right">p95</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {monitoring.latency.map((day) => (
            <TableRow key={day.day}>
              <TableCell>{day.day}</TableCell>
              <TableCell align="right">
                {day.up} / {day.checks}
              </TableCell>
              <TableCell align="right">{day.p50Ms === null ? '–' : formatMs(day.p50Ms)}</TableCell>
              <TableCell align="right">{day.p95Ms === null ? '–' : formatMs(day.p95Ms)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}

function ReachabilitySection({ monitoring }: { monitoring: Monitoring }) {
  const { health, latency } = monitoring
  const p95s = latency.flatMap((day) => (day.p95Ms === null ? [] : [day.p95Ms]))
  return (
    <Section title="Reachability and latency, 30 days">
      {health?.checkedAt ? (
        <Stack spacing={1.5}>
          <Fact label="Status" value={<HealthBadge health={health} />} />
          <Fact label="Last check" value={measuredAt(health.checkedAt)} />
          {health.status === 'down' && health.error && (
            <Fact label="Why it was found down" value={health.error} />
          )}
          <Fact label="HTTP status" value={health.httpStatus} />
          <Fact
            label="Availability"
            value={
              health.availability === null
                ? null
                : `${formatPercent(health.availability * 100, health.availability === 1 ? 0 : 1)} of ${health.checks} checks`
            }
          />
          <Fact
            label="Median response time (p50)"
            value={health.medianLatencyMs === null ? null : formatMs(health.medianLatencyMs)}
          />
          <Fact
            label="Slowest day’s p95"
            value={p95s.length === 0 ? null : formatMs(Math.max(...p95s))}
          />
          {latency.length > 0 && <LatencyChart days={latency} />}
          {latency.length > 0 && <LatencyTable monitoring={monitoring} />}
        </Stack>
      ) : (
        <Stack spacing={1}>
          <Fact label="Status" value="Not checked yet" />
          <Typography variant="body2" color="textSecondary">
            Our checker has not measured this API yet. Its status, response times and availability
            appear here once it has.
          </Typography>
        </Stack>
      )}
    </Section>
  )
}

function tlsText(health: ApiHealth | null) {
  if (!health || health.tls.valid === null) return null
  return health.tls.valid ? 'Valid' : 'Not valid'
}

function TlsSection({ health }: { health: ApiHealth | null }) {
  return (
    <Section title="TLS certificate">
      <Stack spacing={1}>
        <Fact label="Certificate" value={tlsText(health)} />
        <Fact
          label="Expires"
          value={health?.tls.expiresAt ? measuredOn(health.tls.expiresAt) : null}
        />
        <Fact
          label="http:// redirects to https://"
          value={
            health?.redirectsToHttps === null || !health
              ? null
              : health.redirectsToHttps
                ? 'Yes'
                : 'No'
          }
        />
      </Stack>
    </Section>
  )
}

function CorsSection({ health }: { health: ApiHealth | null }) {
  const sentence = health ? corsSentence(health.cors.verdict) : null
  return (
    <Section title="CORS, as a browser meets it">
      <Stack spacing={1}>
        <Typography variant="body2">
          {sentence ?? 'Not measured yet: our checker sends a browser’s preflight when it checks.'}
        </Typography>
        {sentence && (
          <>
            <Fact label="Access-Control-Allow-Origin" value={health?.cors.allowedOrigins ?? null} />
            <Fact
              label="Access-Control-Allow-Methods"
              value={health?.cors.allowedMethods ?? null}
            />
          </>
        )}
      </Stack>
    </Section>
  )
}

function Violations({ entry }: { entry: Conformance }) {
  if (entry.violations.length === 0) return null
  return (
    <Table size="small" aria-label={`How ${entry.operationKey} departs from its document`}>
      <TableHead>
        <TableRow>
          <TableCell>Where (JSON pointer)</TableCell>
          <TableCell>Expected</TableCell>
          <TableCell>Actual</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entry.violations.map((violation, index) => (
          <TableRow key={`${violation.pointer}-${index}`}>
            <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {violation.pointer || '/'}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{violation.expected}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{violation.actual}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function ConformanceSection({ monitoring }: { monitoring: Monitoring }) {
  const { conformance, checks } = monitoring
  return (
    <Section title="Answers as documented">
      {conformance.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {checks.conformanceChecked
            ? 'Not checked yet: the checker calls its safe GET operations and compares each answer with its document.'
            : 'Not checked: this server holds no OpenAPI document of this API to compare its answers with.'}
        </Typography>
      ) : (
        <Stack component="ul" aria-label="Operations checked" spacing={2} sx={{ m: 0, p: 0 }}>
          {conformance.map((entry) => (
            <Box component="li" key={entry.operationKey} sx={{ listStyle: 'none' }}>
              <Stack spacing={1}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                    {entry.operationKey}
                  </Typography>
                  <Tag
                    label={CONFORMANCE_LABELS[entry.status]}
                    color={conformanceColor(entry.status)}
                  />
                </Stack>
                <Typography variant="body2" color="textSecondary">
                  Checked {measuredAt(entry.checkedAt)}
                  {entry.httpStatus !== null ? `, answered ${entry.httpStatus}` : ''}; so since{' '}
                  {measuredAt(entry.since)}.
                </Typography>
                <Violations entry={entry} />
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  )
}

function HistorySection({ monitoring }: { monitoring: Monitoring }) {
  const events = withPrevious(monitoring.events)
  return (
    <Section title="State history">
      {events.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No change of state recorded in the last 30 days.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Changes of state, newest first" sx={{ m: 0, pl: 3 }}>
          {events.map(({ event, previous }, index) => (
            <Typography
              component="li"
              variant="body2"
              key={`${event.at}-${index}`}
              sx={{ mb: 0.75 }}
            >
              <strong>{measuredAt(event.at)}</strong>: {eventSentence(event, previous)}
              {isRecovery(event, previous) && (
                <>
                  {' '}
                  <Tag label="Recovered" color="success" />
                </>
              )}
            </Typography>
          ))}
        </Box>
      )}
    </Section>
  )
}

function ChangeEntry({ change }: { change: SpecChange }) {
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tag label={CHANGE_LEVEL_LABELS[change.level]} color={changeLevelColor(change.level)} />
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {change.category}
        </Typography>
        {change.operationKey && (
          <Typography variant="body2" color="textSecondary" sx={{ fontFamily: 'monospace' }}>
            {change.operationKey}
          </Typography>
        )}
        {change.source === 'directory' && <Tag label={DIRECTORY_CHANGE_LABEL} />}
      </Stack>
      <Typography variant="body2">{change.message}</Typography>
      <Typography variant="caption" color="textSecondary">
        {changeProvenance(change)}
      </Typography>
    </Stack>
  )
}

function ChangesSection({ changes }: { changes: SpecChange[] }) {
  return (
    <Section title="Change timeline">
      {changes.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No change recorded between the versions of its document this server has seen, nor between
          the directory&apos;s last two snapshots.
        </Typography>
      ) : (
        <Stack component="ol" aria-label="Changes, newest first" spacing={2} sx={{ m: 0, p: 0 }}>
          {changes.map((change, index) => (
            <Box component="li" key={index} sx={{ listStyle: 'none' }}>
              <ChangeEntry change={change} />
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  )
}

function MonitoringView({ monitoring, actions }: { monitoring: Monitoring; actions?: ReactNode }) {
  const siteUrl = useSiteUrl()
  const { api, health } = monitoring
  return (
    <Stack spacing={3}>
      <PageMeta {...monitoringHead(siteUrl, api)} />
      <Stack spacing={1.5}>
        <Breadcrumbs aria-label="Breadcrumb">
          <Link component={RouterLink} to={paths.apis} underline="hover" color="inherit">
            API Directory
          </Link>
          <Link
            component={RouterLink}
            to={paths.apiDetail(api.id)}
            underline="hover"
            color="inherit"
          >
            {api.name}
          </Link>
          <Typography color="textPrimary" aria-current="page">
            Monitoring
          </Typography>
        </Breadcrumbs>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {api.name} monitoring
        </Typography>
        <Typography color="textSecondary">
          Every figure here was measured by our checker, with its time. What it has not measured is
          “Unknown” or “Not checked yet”, never a guess.
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <HealthBadge health={health} />
          {monitoring.verified && (
            <Tag label="Verified working" color="success" icon={<Verified aria-hidden />} />
          )}
          {api.local && <Tag label="Local API" color="primary" />}
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="outlined" component={RouterLink} to={paths.monitoringOverview()}>
            All APIs’ monitoring
          </Button>
        </Stack>
        {actions}
      </Stack>
      <CheckNotices monitoring={monitoring} />
      <Box sx={columns(3)}>
        <Box sx={halfCell}>
          <ReachabilitySection monitoring={monitoring} />
        </Box>
        <Box sx={halfCell}>
          <Stack spacing={3}>
            <VerifiedSection monitoring={monitoring} />
            <TlsSection health={health} />
            <CorsSection health={health} />
          </Stack>
        </Box>
      </Box>
      <ConformanceSection monitoring={monitoring} />
      <ChangesSection changes={monitoring.changes} />
      <HistorySection monitoring={monitoring} />
    </Stack>
  )
}

type Props = {
  /**
   * Staff's controls under the heading, given by the app for a signed-in admin ("Check now");
   * a function of the API's id as the page's query has it.
   */
  actions?: (apiId: string) => ReactNode
}

/** /apis/:id/monitoring: what the health checker found of one API, each figure with its time. */
export function MonitoringScreen({ actions }: Props) {
  const { id = '' } = useParams()
  const { currentData, error, isFetching, refetch } = useGetMonitoringQuery(id)
  let body
  if (currentData) body = <MonitoringView monitoring={currentData} actions={actions?.(id)} />
  else if (isFetching || !error) body = <LoadingState label="Loading monitoring" />
  else if (isNotFound(error)) {
    body = (
      <NotFoundState
        title="API Not Found"
        message="No API in the directory has this address, so there is nothing to monitor."
        action={
          <Button variant="contained" component={RouterLink} to={paths.apis}>
            Browse APIs
          </Button>
        }
      />
    )
  } else {
    body = (
      <ErrorState
        message={
          isNetworkError(error)
            ? 'Could not reach the server to load the monitoring. Check your connection and try again.'
            : errorMessage(error, 'The monitoring could not be loaded. Please try again later.')
        }
        onRetry={refetch}
      />
    )
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {body}
    </Container>
  )
}
