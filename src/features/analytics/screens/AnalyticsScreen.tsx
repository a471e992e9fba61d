import { useEffect, useMemo, useState } from 'react'
import { Navigate, Link as RouterLink } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import ArrowBack from '@mui/icons-material/ArrowBack'
import Download from '@mui/icons-material/Download'
import { REPORT_RANGES, type AnalyticsReport, type ReportRange } from '@/contract/analyticsReport'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { StatCard } from '@/components/StatCard/StatCard'
import { EmptyState, ErrorState, LoadingState } from '@/components/StateViews/StateViews'
import { formatCount } from '@/lib/format'
import { paths } from '@/lib/paths'
import { errorMessage } from '@/lib/store/errors'
import { useGetAnalyticsReportQuery } from '../api/analyticsApi'
import { ReportSections, type ReportView } from '../components/ReportSections'
import { reportCsv, reportFileName } from '../lib/reportCsv'

/**
 * Who is signed in, as the page needs to know it. The app fills it from the staff session
 * (src/app/routes/AnalyticsRoute.tsx): a feature does not import another feature.
 */
export type AnalyticsStaff =
  | { phase: 'loading' }
  | { phase: 'anonymous' }
  /** The session or the profile could not be checked; the message says what to do. */
  | { phase: 'unavailable'; title: string; message: string; onRetry: () => void }
  | { phase: 'ready' }

type Props = { staff: AnalyticsStaff }

/** The CSV of a report as a download link, made once per report and let go after. */
function useCsvLink(report: AnalyticsReport | undefined) {
  const href = useMemo(
    () =>
      report ? URL.createObjectURL(new Blob([reportCsv(report)], { type: 'text/csv' })) : null,
    [report],
  )
  useEffect(() => () => (href ? URL.revokeObjectURL(href) : undefined), [href])
  return href
}

function Report() {
  const [days, setDays] = useState<ReportRange>(30)
  const [view, setView] = useState<ReportView>('charts')
  const { data, error, isLoading, isFetching, refetch } = useGetAnalyticsReportQuery(days)
  const csv = useCsvLink(data)

  let body
  if (isLoading || (isFetching && data?.days !== days)) {
    body = <LoadingState label="Loading analytics" />
  } else if (error || !data) {
    body = (
      <ErrorState
        title="Analytics could not be loaded"
        message={errorMessage(error, 'The report could not be loaded. Please try again.')}
        onRetry={refetch}
      />
    )
  } else {
    const nothing =
      data.totals.visits === 0 && data.searches.length === 0 && data.operations.length === 0
    body = (
      <Stack spacing={3}>
        <Grid container spacing={2}>
          {[
            { label: 'Visits', value: data.totals.visits, caption: 'Begun in this range' },
            {
              label: 'Page views',
              value: data.totals.pageViews,
              caption: 'Staff pages not counted',
            },
            {
              label: 'Searches made',
              value: data.totals.searches,
              caption: `${formatCount(data.totals.searchesWithoutResults)} found nothing`,
            },
            {
              label: 'Operations tried',
              value: data.totals.operationTries,
              caption: 'Sent from the tester',
            },
          ].map((tile) => (
            <Grid key={tile.label} size={{ xs: 12, sm: 6, lg: 3 }}>
              <StatCard label={tile.label} value={formatCount(tile.value)} caption={tile.caption} />
            </Grid>
          ))}
        </Grid>
        {nothing ? (
          <EmptyState
            title={`Nothing recorded in the last ${data.days} days`}
            message="Visits, searches and tests appear here as visitors use the site. Staff pages and visitors who ask not to be tracked are never counted."
          />
        ) : (
          <ReportSections report={data} view={view} />
        )}
      </Stack>
    )
  }

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={days}
          onChange={(_event, value: ReportRange | null) => value && setDays(value)}
          aria-label="Date range"
        >
          {REPORT_RANGES.map((range) => (
            <ToggleButton key={range} value={range}>
              {range} days
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={view}
            onChange={(_event, value: ReportView | null) => value && setView(value)}
            aria-label="Show as"
          >
            <ToggleButton value="charts">Charts</ToggleButton>
            <ToggleButton value="table">Table</ToggleButton>
          </ToggleButtonGroup>
          {csv && data ? (
            <Button
              variant="outlined"
              size="small"
              startIcon={<Download />}
              href={csv}
              download={reportFileName(data)}
            >
              Download CSV
            </Button>
          ) : (
            <Button variant="outlined" size="small" startIcon={<Download />} disabled>
              Download CSV
            </Button>
          )}
        </Stack>
      </Stack>
      {data && !isLoading && !error && (
        <Typography variant="body2" color="textSecondary">
          {data.from} to {data.to} (UTC days), from this site&apos;s own records: no cookies,
          nothing that identifies a visitor.
        </Typography>
      )}
      {body}
    </Stack>
  )
}

/** /analytics: the staff report of first-party figures (docs/analytics.md). */
export function AnalyticsScreen({ staff }: Props) {
  if (staff.phase === 'anonymous') return <Navigate to={paths.login} replace />
  let content
  if (staff.phase === 'loading') content = <LoadingState label="Checking your session" />
  else if (staff.phase === 'unavailable') {
    content = (
      <ErrorState
        title={staff.title}
        message={staff.message}
        action={
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" onClick={staff.onRetry}>
              Try Again
            </Button>
            <Button variant="outlined" component={RouterLink} to={paths.login} replace>
              Go to login
            </Button>
          </Stack>
        }
      />
    )
  } else content = <Report />

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageMeta
        title="Analytics"
        description="First-party analytics of API Atlas, for staff."
        path={paths.analytics}
        noindex
      />
      <Box sx={{ mb: 3 }}>
        <Button component={RouterLink} to={paths.dashboard} startIcon={<ArrowBack />} size="small">
          Dashboard
        </Button>
        <Typography variant="h1" sx={{ mt: 1 }}>
          Analytics
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          Visits, searches and tests on the public site.
        </Typography>
      </Box>
      {content}
    </Container>
  )
}
