import { memo } from 'react'
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
import { Breadcrumbs } from '@/components/Breadcrumbs/Breadcrumbs'
import { HydrateOnUse } from '@/components/Deferred/HydrateOnUse'
import { Note } from '@/components/Note/Note'
import { lazySlot } from '@/components/LazySlot/lazySlot'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { TESTER_SUMMARY, testerHead } from '@/shared/seo/heads'
import { paths } from '@/lib/paths'
import type { ApiDetail } from '@/contract/apis'
import { useGetTesterApiQuery } from '../api/testerApi'

// The form, the answer and the history are ~23 KB compressed of MUI inputs, tabs and the tester's
// own code, so they are not in the page's first load (docs/performance.md): on the page the server
// drew they hydrate just after the rest, and what was typed into them before is taken up then.
const TesterWorkspaceSlot = lazySlot(
  import('../components/TesterWorkspace').then((module) => module.TesterWorkspace),
  // The space the form and the answer take, kept while their code arrives (a client-side visit).
  { minHeight: { xs: 980, sm: 760, lg: 620 } },
)

/**
 * What the form was filled with for an API, exactly (as draftFromApi fills it): an entry the
 * public-apis list alone knows has only a documentation link, and says so.
 */
function ApiLoaded({ api }: { api: ApiDetail }) {
  const listOnly = !api.sources.includes('apis-guru')
  const endpoint = api.endpoints.find((e) => e.method === 'GET')
  if (!api.baseUrl && listOnly) {
    return api.docs ? (
      <>
        <strong>{api.name}</strong> has no machine-readable operations in the directory, only a
        documentation link: the URL holds that link ({api.docs})
        {endpoint ? ` with ${endpoint.path}` : ''}. Replace it with the endpoint you want to call.
      </>
    ) : (
      <>
        <strong>{api.name}</strong> has no machine-readable operations or address in the directory:
        enter the request yourself.
      </>
    )
  }
  const loaded = [
    api.baseUrl ? 'its base URL' : null,
    endpoint ? `its first GET endpoint (${endpoint.path})` : null,
    api.auth !== 'none' ? 'an auth header to fill in (Auth tab)' : null,
  ].filter(Boolean)
  return loaded.length > 0 ? (
    <>
      Loaded <strong>{api.name}</strong> from the directory:{' '}
      {loaded.join(', ').replace(/, ([^,]*)$/, ' and $1')}.
    </>
  ) : (
    <>
      <strong>{api.name}</strong> gives no server address in the directory: enter the request
      yourself.
    </>
  )
}

/**
 * The page's trail, title, ways out and what the form was filled with: as the server drew them
 * until used (HydrateOnUse). Memoized: a render of the screen with the same answer leaves them
 * waiting.
 */
const TesterHead = memo(function TesterHead({
  api,
  operationKey,
  apiFailed,
}: {
  api: ApiDetail | undefined
  operationKey: string | null
  apiFailed: boolean
}) {
  return (
    <HydrateOnUse>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={paths.home} underline="hover" color="inherit">
          Home
        </Link>
        <Link component={RouterLink} to={paths.tools} underline="hover" color="inherit">
          API Tools
        </Link>
        <Typography color="textPrimary" aria-current="page">
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
          <Typography color="textSecondary" sx={{ mt: 1, maxWidth: 640 }}>
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
          <Button component={RouterLink} to={paths.apis} startIcon={<ListAlt />} variant="outlined">
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
        <Note>
          {operationKey ? (
            <>
              Loaded <strong>{operationKey}</strong> of <strong>{api.name}</strong> from the
              directory: its method, URL, headers, auth placeholders to fill in and example body.
            </>
          ) : (
            <ApiLoaded api={api} />
          )}
        </Note>
      )}
      {apiFailed && (
        <Note severity="warning">
          That API could not be loaded from the directory; enter the request yourself.
        </Note>
      )}
    </HydrateOnUse>
  )
})

export function TesterScreen() {
  const siteUrl = useSiteUrl()
  const [searchParams] = useSearchParams()
  const apiId = searchParams.get('api')
  const operationKey = searchParams.get('op')
  const { data: api, isError: apiFailed } = useGetTesterApiQuery(apiId ?? '', { skip: !apiId })

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta {...testerHead(siteUrl)} />
      <Stack spacing={3}>
        <TesterHead api={api} operationKey={operationKey} apiFailed={apiFailed} />
        <TesterWorkspaceSlot apiId={apiId} operationKey={operationKey} />
      </Stack>
    </Container>
  )
}
