import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import GlobalStyles from '@mui/material/GlobalStyles'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import Print from '@mui/icons-material/PrintOutlined'
import type { CompareResponse, CompareValue } from '@/contract/compare'
import { Breadcrumbs } from '@/components/Breadcrumbs/Breadcrumbs'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { EmptyState, ErrorState, LoadingState } from '@/components/StateViews/StateViews'
import { absoluteUrl } from '@/shared/seo/jsonLd'
import { compareHead } from '@/shared/seo/heads'
import { paths } from '@/lib/paths'
import { errorMessage, isNetworkError } from '@/lib/store/errors'
import { useGetComparisonQuery } from '../api/compareApi'

/** The contract's UNKNOWN, spelt here: importing it would bring zod into the page's first load. */
const UNKNOWN = 'unknown'

/** A date as the source gave it; a measurement's time in UTC, to the minute. */
function when(asOf: string) {
  return asOf.length > 10 ? `${asOf.slice(0, 16).replace('T', ' ')} UTC` : asOf
}

// On paper: the comparison alone, without the site's header, footer and buttons.
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, footer, [data-print="hide"]': { display: 'none !important' },
        body: { background: 'none' },
      },
    }}
  />
)

function Cell({ cell }: { cell: CompareValue }) {
  const unknown = cell.value === UNKNOWN
  return (
    <TableCell sx={{ verticalAlign: 'top', minWidth: 180 }}>
      <Typography
        variant="body2"
        sx={unknown ? { fontStyle: 'italic', color: 'text.secondary' } : { fontWeight: 500 }}
      >
        {cell.value}
      </Typography>
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
        Source: {cell.source}. As of {when(cell.asOf)}.
      </Typography>
    </TableCell>
  )
}

/** The rows side by side: one column per API, a source and a date under every value. */
export function ComparisonTable({ comparison }: { comparison: CompareResponse }) {
  const names = comparison.apis.map((api) => api.name).join(', ')
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={`Comparison of ${names}`}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ width: 200 }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                Row
              </Typography>
            </TableCell>
            {comparison.apis.map((api) => (
              <TableCell key={api.id} component="th" scope="col" sx={{ verticalAlign: 'bottom' }}>
                <Link
                  component={RouterLink}
                  to={paths.apiDetail(api.entry)}
                  sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                >
                  {api.name}
                </Link>
                <Typography variant="caption" color="textSecondary" component="p">
                  {api.provider}
                </Typography>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {comparison.rows.map((row) => (
            <TableRow key={row.key} data-row={row.key}>
              <TableCell component="th" scope="row" sx={{ verticalAlign: 'top', fontWeight: 700 }}>
                {row.label}
              </TableCell>
              {row.values.map((cell, index) => (
                <Cell key={comparison.apis[index]?.id ?? index} cell={cell} />
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

function ComparisonView({ comparison }: { comparison: CompareResponse }) {
  const siteUrl = useSiteUrl()
  const head = compareHead(siteUrl, comparison.apis)
  const shareAddress = absoluteUrl(siteUrl, head.path)
  return (
    <Stack spacing={3}>
      <PageMeta {...head} />
      <Stack spacing={1.5}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {head.title}
        </Typography>
        <Typography color="textSecondary">
          Every value says where it came from and when. What no source states and our checker has
          not measured says “unknown”: it is never guessed.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          data-print="hide"
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Typography variant="body2" color="textSecondary">
            Share this comparison:
          </Typography>
          {/* The address as a link (copy it from here or the address bar): the API page's copy
              button would split into a chunk of its own, one more request on that page. */}
          <Link
            href={shareAddress}
            variant="body2"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {shareAddress}
          </Link>
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="outlined" startIcon={<Print />} onClick={() => window.print()}>
            Print
          </Button>
        </Stack>
      </Stack>
      <ComparisonTable comparison={comparison} />
    </Stack>
  )
}

function Comparison({ ids }: { ids: string }) {
  const { currentData, error, isFetching, refetch } = useGetComparisonQuery(ids)
  if (currentData) return <ComparisonView comparison={currentData} />
  if (isFetching || !error) return <LoadingState label="Loading the comparison" />
  if (isNetworkError(error)) {
    return (
      <ErrorState
        message="Could not reach the server to load the comparison. Check your connection and try again."
        onRetry={refetch}
      />
    )
  }
  return (
    <ErrorState
      title="These APIs cannot be compared"
      message={errorMessage(error, 'The comparison could not be loaded. Please try again later.')}
      action={
        <Button variant="contained" component={RouterLink} to={paths.apis}>
          Browse APIs
        </Button>
      }
    />
  )
}

/** /apis/compare?ids=a,b,c: 2 to 4 APIs side by side; without ids, how to pick them. */
export function CompareScreen() {
  const siteUrl = useSiteUrl()
  const [searchParams] = useSearchParams()
  const ids = searchParams.get('ids')?.trim() ?? ''
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {printStyles}
      <Stack spacing={3}>
        <Box data-print="hide">
          <Breadcrumbs aria-label="Breadcrumb">
            <Link component={RouterLink} to={paths.apis} underline="hover" color="inherit">
              API Directory
            </Link>
            <Link component={RouterLink} to={paths.tools} underline="hover" color="inherit">
              API Tools
            </Link>
            <Typography color="textPrimary" aria-current="page">
              Compare APIs
            </Typography>
          </Breadcrumbs>
        </Box>
        {ids ? (
          <Comparison ids={ids} />
        ) : (
          <>
            <PageMeta {...compareHead(siteUrl)} />
            <EmptyState
              title="Compare APIs"
              message="Pick 2 to 4 APIs with Compare on their cards or pages, then press Compare in the tray at the bottom of the screen. You get authentication, HTTPS, CORS, free tier, operations, health and latency side by side, each with its source and date."
              action={
                <Button variant="contained" component={RouterLink} to={paths.apis}>
                  Browse APIs
                </Button>
              }
            />
          </>
        )}
      </Stack>
    </Container>
  )
}
