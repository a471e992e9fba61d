import { lazy, Suspense, type ReactNode } from 'react'
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import AddCircle from '@mui/icons-material/AddCircleOutlineOutlined'
import History from '@mui/icons-material/History'
import LibraryBooks from '@mui/icons-material/LibraryBooksOutlined'
import ListAlt from '@mui/icons-material/ListAlt'
import MenuBook from '@mui/icons-material/MenuBookOutlined'
import PlayArrow from '@mui/icons-material/PlayArrowOutlined'
import type { ApiDetail } from '@/contract/apis'
import { Breadcrumbs } from '@/components/Breadcrumbs/Breadcrumbs'
import { columns } from '@/components/Columns/columns'
import { DeferredTooltip } from '@/components/Deferred/DeferredTooltip'
import { HydrateLater } from '@/components/Deferred/HydrateLater'
import { HydrateOnUse } from '@/components/Deferred/HydrateOnUse'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { apiHead } from '@/shared/seo/heads'
import { isOffline, OfflineView } from '@/components/StateViews/offline'
import { ErrorState, LoadingState, NotFoundState } from '@/components/StateViews/StateViews'
import { paths } from '@/lib/paths'
import { formatInteger } from '@/shared/numbers'
import { errorMessage, isNetworkError, isNotFound } from '@/lib/store/errors'
import { useFindApiQuery, useGetApiQuery, useListCategoriesQuery } from '../api/directoryApi'
import { ApiBadges } from '../components/ApiBadges'
import { CopyButton } from '@/components/CopyButton/CopyButton'
import { EndpointList } from '../components/EndpointList'
import { OperationsSection } from '../components/OperationsSection'
import { GoBackButton } from '../components/GoBackButton'
import { Markdown } from '@/components/Markdown/Markdown'
import { Section } from '../components/Section'
import { ListOnlyOperations } from '../components/ListOnlyOperations'
import { HealthStatistics } from '../components/HealthStatistics'
import { CompareToggle } from '../components/CompareToggle'
import { CompareTraySlot } from '../components/CompareTraySlot'
import { pickedBeforeStart } from '../lib/compareSelection'
import { SimilarApisSlot } from '../components/SimilarApisSlot'
import { authLabel, isListOnly, isSynthetic, sourceLabel } from '../lib/labels'

/**
 * What the Statistics section states from the sources; what our checker measured (status,
 * response time, availability, CORS) follows it (HealthStatistics).
 */
function statisticsOf(api: ApiDetail) {
  return [
    {
      label: 'Operations',
      value: isListOnly(api) ? 'None listed' : formatInteger(api.endpointCount),
      icon: <ListAlt color="primary" aria-hidden />,
    },
    {
      label: 'Versions',
      value: formatInteger(api.versions.length),
      icon: <History color="primary" aria-hidden />,
    },
    {
      label: 'Sources',
      value: formatInteger(api.sources.length),
      icon: <LibraryBooks color="primary" aria-hidden />,
    },
  ]
}

// The picker's select (~8 KB compressed with its input) is for the few APIs of several versions,
// so it arrives just after the page and only for them (docs/performance.md); its space is kept.
const VersionPicker = lazy(() =>
  import('../components/VersionPicker').then((m) => ({ default: m.VersionPicker })),
)
const pickerSpace = { height: 40, maxWidth: 360 }

// One column on a phone, in reading order: description, the reference, similar APIs, overview.
// From md the overview runs down the right of the other three. From lg, where the reference shows
// its navigation, operation and side panel side by side, every part takes the page's whole width:
// the description, the overview's three cards in a row, the reference, then similar APIs (which
// load as they come near, so not with the page).
const layout = {
  ...columns(3),
  // At md the overview's extra height goes below the left column's last cell, not between cells.
  gridTemplateRows: { md: 'auto auto 1fr', lg: 'none' },
  alignItems: 'start',
} as const
const wide = (row: number, md: string) => ({
  minWidth: 0,
  gridColumn: { xs: 'span 12', md, lg: '1 / -1' },
  gridRow: { lg: String(row) },
})
const description = wide(1, '1 / span 8')
const overview = { ...wide(2, '9 / span 4'), gridRow: { md: '1 / span 3', lg: '2' } }
const overviewCards = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' },
} as const
const reference = wide(3, '1 / span 8')
const similar = wide(4, '1 / span 8')

/** Some documents put a build date in `version`; only a version-like text is worth showing. */
function showVersion(version: string) {
  return version.length > 0 && version.length <= 20
}

/**
 * Which API the address asks for: /apis/{id}, /apis/category/{c}/{apiId} or ?api={id or name};
 * `?version={id}` picks one of the entry's other versions.
 */
function useRequestedApi() {
  const { id, apiId } = useParams()
  const [searchParams] = useSearchParams()
  const byParam = apiId ?? id
  const text = byParam ?? searchParams.get('api')?.trim() ?? ''
  const version = searchParams.get('version')?.trim()
  const byId = useGetApiQuery(version || text, { skip: byParam === undefined })
  const byText = useFindApiQuery(text, { skip: byParam !== undefined })
  return { text, ...(byParam === undefined ? byText : byId) }
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="textSecondary" component="h3" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <Box sx={{ mt: 0.25 }}>{children}</Box>
    </Box>
  )
}

function ApiDetailView({ api }: { api: ApiDetail }) {
  const siteUrl = useSiteUrl()
  const [, setSearchParams] = useSearchParams()
  const { data: categories } = useListCategoriesQuery()
  const category = categories?.find((candidate) => candidate.slug === api.category)
  const categoryName = category?.name ?? api.category
  const testerLink = `${paths.tester}?api=${encodeURIComponent(api.id)}`
  const HeadRegion = api.versions.length > 1 ? HydrateLater : HydrateOnUse
  const chooseVersion = (id: string) =>
    setSearchParams(id === api.versions[0]?.id ? {} : { version: id }, { replace: true })

  return (
    <>
      {/* A version's page is its entry's: one address, one canonical. */}
      <PageMeta {...apiHead(siteUrl, { ...api, id: api.entry }, categoryName)} />
      <Stack spacing={3}>
        {/* The page's parts but its reference wait: an operation the address names is shown
            first. Its head stays as drawn until used, but for a version picker, which takes up a
            choice made before the app ran as it mounts. */}
        <HeadRegion>
          <Breadcrumbs aria-label="Breadcrumb">
            <Link component={RouterLink} to={paths.apis} underline="hover" color="inherit">
              API Directory
            </Link>
            <Link
              component={RouterLink}
              to={paths.category(api.category)}
              underline="hover"
              color="inherit"
            >
              {categoryName}
            </Link>
            <Typography color="textPrimary" aria-current="page">
              {api.name}
            </Typography>
          </Breadcrumbs>
          <Stack spacing={1.5}>
            <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
              {api.name}
            </Typography>
            <Typography color="textSecondary">
              by {api.provider}
              {showVersion(api.version) && ` · version ${api.version}`} · updated {api.updated}
            </Typography>
            {isSynthetic(api) && (
              <Typography color="warning" sx={{ fontWeight: 'fontWeightBold' }}>
                Synthetic test data: this record was generated for a scale test and is not a real
                API.
              </Typography>
            )}
            {api.summary && !api.description.startsWith(api.summary) && (
              <Typography variant="subtitle1" component="p">
                {api.summary}
              </Typography>
            )}
            <ApiBadges {...api} />
            {api.versions.length > 1 && (
              <Suspense fallback={<Box sx={pickerSpace} />}>
                <VersionPicker versions={api.versions} value={api.id} onChange={chooseVersion} />
              </Suspense>
            )}
          </Stack>
        </HeadRegion>
        <Box sx={layout}>
          <Box sx={description}>
            {/* Text and the server's links: it stays as drawn until used. */}
            <HydrateOnUse>
              <Section title="Description">
                {api.descriptionHtml ? (
                  <Markdown html={api.descriptionHtml} />
                ) : (
                  <Typography color="textSecondary">
                    The API’s document gives no description.
                  </Typography>
                )}
              </Section>
            </HydrateOnUse>
          </Box>
          <Box sx={reference}>
            <Section title="Endpoints">
              {isSynthetic(api) ? (
                <EndpointList endpoints={api.endpoints} total={api.endpointCount} />
              ) : isListOnly(api) ? (
                <ListOnlyOperations docs={api.docs} />
              ) : (
                <OperationsSection
                  apiId={api.id}
                  apiName={api.name}
                  endpoints={api.endpoints}
                  total={api.endpointCount}
                />
              )}
            </Section>
          </Box>
          <Box sx={similar}>
            <HydrateLater>
              <SimilarApisSlot api={{ id: api.entry, name: api.name }} />
            </HydrateLater>
          </Box>
          <Box sx={overview}>
            {/* As drawn until used, but for picks kept from before: its Compare toggle shows them. */}
            <HydrateOnUse now={pickedBeforeStart()}>
              <Box sx={overviewCards}>
                <Section title="Overview">
                  <Stack spacing={2}>
                    <Field label="Base URL">
                      {api.baseUrl ? (
                        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                          <Typography
                            component="code"
                            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                          >
                            {api.baseUrl}
                          </Typography>
                          <CopyButton text={api.baseUrl} label="Copy base URL" />
                        </Stack>
                      ) : (
                        <Typography color="textSecondary">
                          {isListOnly(api)
                            ? 'Not given by the public-apis list'
                            : 'Not given by the API’s document'}
                        </Typography>
                      )}
                    </Field>
                    <Field label="Category">
                      <Link component={RouterLink} to={paths.category(api.category)}>
                        {categoryName}
                      </Link>
                    </Field>
                    <Field label="Authentication">
                      <Typography>
                        {(api.authTypes.length > 0 ? api.authTypes : [api.auth])
                          .map(authLabel)
                          .join(', ')}
                      </Typography>
                    </Field>
                    <Field label="Documentation">
                      {api.docs ? (
                        <Link
                          href={api.docs}
                          target="_blank"
                          rel="noopener noreferrer"
                          sx={{ overflowWrap: 'anywhere' }}
                        >
                          {api.docs}
                        </Link>
                      ) : (
                        <Typography color="textSecondary">None listed</Typography>
                      )}
                    </Field>
                    <Field label="Listed by">
                      <Typography>{api.sources.map(sourceLabel).join(', ')}</Typography>
                    </Field>
                  </Stack>
                </Section>
                <Section title="Quick Actions">
                  <Stack spacing={1.5}>
                    {api.docs ? (
                      <Button
                        variant="contained"
                        startIcon={<MenuBook />}
                        href={api.docs}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        View Documentation
                      </Button>
                    ) : (
                      <Button variant="contained" startIcon={<MenuBook />} disabled>
                        View Documentation
                      </Button>
                    )}
                    <Button
                      variant="outlined"
                      startIcon={<PlayArrow />}
                      component={RouterLink}
                      to={testerLink}
                    >
                      Test API
                    </Button>
                    <CompareToggle api={{ id: api.entry, name: api.name }} outlined />
                    <DeferredTooltip title="Projects are coming soon">
                      {/* A disabled button gets no pointer or focus events; its wrapper does. */}
                      <Box component="span" tabIndex={0} sx={{ display: 'flex', borderRadius: 1 }}>
                        <Button variant="outlined" startIcon={<AddCircle />} disabled fullWidth>
                          Add to Project
                        </Button>
                      </Box>
                    </DeferredTooltip>
                  </Stack>
                </Section>
                <Section title="Statistics">
                  <Stack spacing={1.5}>
                    {statisticsOf(api).map((stat) => (
                      <Stack
                        key={stat.label}
                        direction="row"
                        spacing={1.5}
                        sx={{ alignItems: 'center' }}
                      >
                        {stat.icon}
                        <Typography color="textSecondary" sx={{ flexGrow: 1 }}>
                          {stat.label}
                        </Typography>
                        <Typography sx={{ fontWeight: 700 }}>{stat.value}</Typography>
                      </Stack>
                    ))}
                    <HealthStatistics health={api.health} />
                    {api.verified && (
                      <Typography variant="body2">
                        <strong>Verified working</strong> since{' '}
                        {api.verified.since.slice(0, 16).replace('T', ' ')} UTC: up, and answering
                        as its document says.
                      </Typography>
                    )}
                    <Link
                      component={RouterLink}
                      to={paths.apiMonitoring(api.entry)}
                      variant="body2"
                    >
                      Monitoring: uptime, latency, answers as documented and changes
                    </Link>
                  </Stack>
                </Section>
              </Box>
            </HydrateOnUse>
          </Box>
        </Box>
      </Stack>
      <CompareTraySlot />
    </>
  )
}

export function ApiDetailScreen() {
  const { text, currentData: api, error, isFetching, refetch } = useRequestedApi()

  let body
  if (api) {
    body = <ApiDetailView api={api} />
  } else if (isFetching || !error) {
    body = <LoadingState label="Loading API" />
  } else if (isNotFound(error)) {
    body = (
      <>
        <PageMeta
          title="API Not Found"
          description="No API matches this address."
          path={paths.apis}
          noindex
        />
        <NotFoundState
          title="API Not Found"
          message={
            text
              ? `No API in the directory matches “${text}”. It may have moved, or the address may be mistyped.`
              : 'The address does not say which API to show.'
          }
          action={
            <Stack direction="row" spacing={2}>
              <GoBackButton />
              <Button component={RouterLink} to={paths.apis}>
                Browse the directory
              </Button>
            </Stack>
          }
        />
      </>
    )
  } else {
    body = (
      <>
        <PageMeta
          title="API details"
          description="The API could not be loaded."
          path={paths.apis}
          noindex
        />
        {isNetworkError(error) && isOffline() ? (
          <OfflineView onRetry={refetch} />
        ) : isNetworkError(error) ? (
          <ErrorState
            title="Connection problem"
            message="Failed to load API information. Please try again later."
            onRetry={refetch}
          />
        ) : (
          <ErrorState
            title="Failed to load API data"
            message={`The server said: ${errorMessage(error, 'no answer')}. Please try again.`}
            onRetry={refetch}
          />
        )}
      </>
    )
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {body}
    </Container>
  )
}
