import { useEffect, useId, useRef, type ChangeEvent, type ReactNode } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { MonitoredApi, MonitoringOverview } from '@/contract/monitoring'
import { Breadcrumbs } from '@/components/Breadcrumbs/Breadcrumbs'
import { OutlinedSelect } from '@/components/OutlinedSelect/OutlinedSelect'
import { columns, span } from '@/components/Columns/columns'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { ErrorState, LoadingState } from '@/components/StateViews/StateViews'
import { Tag } from '@/components/Tag/Tag'
import { formatCount } from '@/lib/format'
import { paths } from '@/lib/paths'
import { errorMessage, isNetworkError } from '@/lib/store/errors'
import { monitoringOverviewHead } from '@/shared/seo/monitoringHeads'
import { useListCategoriesQuery } from '../api/directoryApi'
import { useGetMonitoringOverviewQuery } from '../api/monitoringApi'
import { Section } from '../components/Section'
import {
  CHANGE_LEVEL_LABELS,
  changeLevelColor,
  changeProvenance,
  CONFORMANCE_LABELS,
  conformanceColor,
  DIRECTORY_CHANGE_LABEL,
  measuredAt,
} from '../lib/monitoring'

const halfCell = span({ xs: 12, md: 6 })

function ApiLink({ api }: { api: MonitoredApi }) {
  return (
    <Link component={RouterLink} to={paths.apiMonitoring(api.id)} sx={{ fontWeight: 700 }}>
      {api.name}
    </Link>
  )
}

/** A titled list of the overview, with what it holds beyond the entries shown. */
function OverviewList({
  title,
  total,
  shown,
  empty,
  children,
}: {
  title: string
  total: number
  shown: number
  empty: string
  children: ReactNode
}) {
  return (
    <Section title={`${title} (${formatCount(total)})`}>
      {total === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {empty}
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          <Stack component="ul" aria-label={title} spacing={1.5} sx={{ m: 0, p: 0 }}>
            {children}
          </Stack>
          {total > shown && (
            <Typography variant="caption" color="textSecondary">
              The latest {formatCount(shown)} of {formatCount(total)}.
            </Typography>
          )}
        </Stack>
      )}
    </Section>
  )
}

const item = { listStyle: 'none' } as const

function OverviewLists({ overview }: { overview: MonitoringOverview }) {
  const { down, drifted, recovered, changes } = overview
  return (
    <Box sx={columns(3)}>
      <Box sx={halfCell}>
        <OverviewList
          title="Down now"
          total={down.total}
          shown={down.items.length}
          empty="No API was found down by its last check."
        >
          {down.items.map((entry) => (
            <Box component="li" key={entry.api.id} sx={item}>
              <ApiLink api={entry.api} />
              <Typography variant="body2" color="textSecondary">
                {entry.since ? `Down since ${measuredAt(entry.since)}` : 'Down'}; last checked{' '}
                {measuredAt(entry.checkedAt)}
                {entry.error ? ` (${entry.error})` : ''}.
              </Typography>
            </Box>
          ))}
        </OverviewList>
      </Box>
      <Box sx={halfCell}>
        <OverviewList
          title="Back up recently"
          total={recovered.total}
          shown={recovered.items.length}
          empty="No API came back after being down in the last 30 days."
        >
          {recovered.items.map((entry) => (
            <Box component="li" key={entry.api.id} sx={item}>
              <ApiLink api={entry.api} /> <Tag label="Recovered" color="success" />
              <Typography variant="body2" color="textSecondary">
                Back up at {measuredAt(entry.at)}, after going down at {measuredAt(entry.downAt)}.
              </Typography>
            </Box>
          ))}
        </OverviewList>
      </Box>
      <Box sx={halfCell}>
        <OverviewList
          title="Drifted from their documents"
          total={drifted.total}
          shown={drifted.items.length}
          empty="Every operation checked answered as its document says."
        >
          {drifted.items.map((entry) => (
            <Box component="li" key={`${entry.api.id} ${entry.operationKey}`} sx={item}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <ApiLink api={entry.api} />
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {entry.operationKey}
                </Typography>
                <Tag
                  label={CONFORMANCE_LABELS[entry.status]}
                  color={conformanceColor(entry.status)}
                />
              </Stack>
              {entry.violations.map((violation, index) => (
                <Typography
                  key={index}
                  variant="body2"
                  sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}
                >
                  {violation.pointer || '/'}: expected {violation.expected}, got {violation.actual}
                </Typography>
              ))}
              <Typography variant="caption" color="textSecondary">
                {entry.violationCount > entry.violations.length
                  ? `${entry.violationCount} differences in all; `
                  : ''}
                so since {measuredAt(entry.since)}, checked {measuredAt(entry.checkedAt)}.
              </Typography>
            </Box>
          ))}
        </OverviewList>
      </Box>
      <Box sx={halfCell}>
        <OverviewList
          title="Changed documents"
          total={changes.total}
          shown={changes.items.length}
          empty="No document changed in the last 30 days, nor between the directory's last two snapshots."
        >
          {changes.items.map((change, index) => (
            <Box component="li" key={index} sx={item}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Tag
                  label={CHANGE_LEVEL_LABELS[change.level]}
                  color={changeLevelColor(change.level)}
                />
                <ApiLink api={change.api} />
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {change.category}
                </Typography>
                {change.source === 'directory' && <Tag label={DIRECTORY_CHANGE_LABEL} />}
              </Stack>
              <Typography variant="body2">{change.message}</Typography>
              <Typography variant="caption" color="textSecondary">
                {changeProvenance(change)}
              </Typography>
            </Box>
          ))}
        </OverviewList>
      </Box>
    </Box>
  )
}

/** What the checker could do, so empty lists say why they are empty. */
function ChecksSummary({ overview }: { overview: MonitoringOverview }) {
  const { checks } = overview
  const scope = overview.category ? 'of this category ' : ''
  return (
    <Stack spacing={1}>
      {checks.networkUnavailableSince && (
        <Alert severity="info" variant="outlined">
          Checks could not reach the internet from this server since{' '}
          {measuredAt(checks.networkUnavailableSince)}: nothing has been measured since, so these
          lists may be out of date, and no API is marked down for it.
        </Alert>
      )}
      {!checks.enabled && (
        <Alert severity="info" variant="outlined">
          Health checks are off on this server (HEALTH_CHECKS=off): nothing new is measured.
        </Alert>
      )}
      <Typography role="status">
        {checks.checkedApis === 0
          ? `Not checked yet: no API ${scope}has been checked on this server yet.`
          : `${formatCount(checks.checkedApis)} ${checks.checkedApis === 1 ? 'API' : 'APIs'} ${scope}checked, ${formatCount(checks.verified)} verified working.`}
      </Typography>
    </Stack>
  )
}

function CategoryFilter({ category }: { category: string }) {
  const id = useId()
  const [, setSearchParams] = useSearchParams()
  const { currentData: categories = [] } = useListCategoriesQuery()
  const choose = (value: string) => setSearchParams(value ? { category: value } : {})
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => choose(event.target.value)
  // A category chosen on the server's page before the app took it over: hydration leaves it in the
  // field but never reports it, so it is taken up once, on mount (as the directory's filters do).
  const field = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const select = field.current?.querySelector('select')
    if (select && select.value !== category) choose(select.value)
    // Once, on the first mount: later choices go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <OutlinedSelect
      fieldRef={field}
      sx={{ minWidth: 240, alignSelf: 'flex-start' }}
      id={id}
      label="Category"
      name="category"
      value={category}
      onChange={onChange}
    >
      <option value="">All categories</option>
      {categories.map((entry) => (
        <option key={entry.slug} value={entry.slug}>
          {entry.name}
        </option>
      ))}
      {/* A slug the directory does not list stays chosen, so the error below names it. */}
      {category && !categories.some((entry) => entry.slug === category) && (
        <option value={category}>{category}</option>
      )}
    </OutlinedSelect>
  )
}

function Overview({ category }: { category: string }) {
  const { currentData, error, isFetching, refetch } = useGetMonitoringOverviewQuery(category)
  if (currentData) {
    return (
      <Stack spacing={3}>
        <ChecksSummary overview={currentData} />
        <OverviewLists overview={currentData} />
      </Stack>
    )
  }
  if (isFetching || !error) return <LoadingState label="Loading the monitoring overview" />
  return (
    <ErrorState
      message={
        isNetworkError(error)
          ? 'Could not reach the server to load the monitoring overview. Check your connection and try again.'
          : errorMessage(
              error,
              'The monitoring overview could not be loaded. Please try again later.',
            )
      }
      onRetry={refetch}
    />
  )
}

/** /tools/monitoring: what went down, drifted, came back and changed, over all APIs or a category. */
export function MonitoringOverviewScreen() {
  const siteUrl = useSiteUrl()
  const [searchParams] = useSearchParams()
  const category = searchParams.get('category')?.trim() ?? ''
  const { currentData: categories } = useListCategoriesQuery()
  const named = categories?.find((entry) => entry.slug === category)
  const head = monitoringOverviewHead(siteUrl, named && { slug: named.slug, name: named.name })
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta {...head} />
      <Stack spacing={3}>
        <Stack spacing={1.5}>
          <Breadcrumbs aria-label="Breadcrumb">
            <Link component={RouterLink} to={paths.apis} underline="hover" color="inherit">
              API Directory
            </Link>
            <Link component={RouterLink} to={paths.tools} underline="hover" color="inherit">
              API Tools
            </Link>
            <Typography color="textPrimary" aria-current="page">
              API Monitoring
            </Typography>
          </Breadcrumbs>
          <Typography variant="h1">{head.title}</Typography>
          <Typography color="textSecondary">
            What our checker found: APIs down, operations answering differently from their
            documents, APIs back up and documents that changed. Each API’s own page has its figures.
          </Typography>
          <CategoryFilter category={category} />
        </Stack>
        <Overview category={category} />
        <Box>
          <Button variant="outlined" component={RouterLink} to={paths.apis}>
            Browse APIs
          </Button>
        </Box>
      </Stack>
    </Container>
  )
}
