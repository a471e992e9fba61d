import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import ArrowBack from '@mui/icons-material/ArrowBack'
import { Breadcrumbs } from '@/components/Breadcrumbs/Breadcrumbs'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { categoryHead } from '@/shared/seo/heads'
import { isOffline, OfflineView } from '@/components/StateViews/offline'
import { EmptyState, ErrorState, LoadingState } from '@/components/StateViews/StateViews'
import { paths } from '@/lib/paths'
import { errorMessage, isNetworkError, isNotFound } from '@/lib/store/errors'
import { useGetCategoryQuery } from '../api/directoryApi'
import { ApiGrid } from '../components/ApiGrid'
import { CategoryIcon } from '../components/categoryIcons'
import { ResultPages } from '../components/ResultPages'
import { countLabel } from '../lib/labels'
import { pageNumber } from '@/shared/listing'

function BackToDirectory() {
  return (
    <Button component={RouterLink} to={paths.apis} startIcon={<ArrowBack />}>
      Back to API Directory
    </Button>
  )
}

export function CategoryScreen() {
  const siteUrl = useSiteUrl()
  const { category: slug = '' } = useParams()
  const [searchParams, setSearchParams] = useSearchParams()
  const page = pageNumber(searchParams)
  const { currentData, error, isFetching, refetch } = useGetCategoryQuery({
    category: slug,
    page,
  })

  if (!currentData) {
    if (isFetching || !error) {
      return (
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
          <PageMeta
            title="API category"
            description="APIs of one category."
            path={paths.category(slug)}
          />
          <LoadingState label="Loading category" />
        </Container>
      )
    }
    const notFound = isNotFound(error)
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <PageMeta
          title={notFound ? 'Category not found' : 'API category'}
          description="This category could not be shown."
          path={paths.category(slug)}
          noindex
        />
        {!notFound && isNetworkError(error) && isOffline() ? (
          <OfflineView onRetry={refetch} />
        ) : (
          <ErrorState
            title={notFound ? errorMessage(error, 'Category not found') : 'Failed to load category'}
            message={
              notFound
                ? `There is no category “${slug}” in the directory.`
                : isNetworkError(error)
                  ? 'Failed to load category information. Please try again later.'
                  : errorMessage(error, 'Category not found')
            }
            action={
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
                {!notFound && (
                  <Button variant="contained" onClick={refetch}>
                    Try Again
                  </Button>
                )}
                <BackToDirectory />
              </Stack>
            }
          />
        )}
      </Container>
    )
  }

  const { category, apis, total, limit } = currentData
  const pageCount = Math.max(1, Math.ceil(total / limit))
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta {...categoryHead(siteUrl, category, total)} />
      <Stack spacing={3}>
        <Breadcrumbs aria-label="Breadcrumb">
          <Link component={RouterLink} to={paths.apis} underline="hover" color="inherit">
            API Directory
          </Link>
          <Typography color="text.primary" aria-current="page">
            {category.name}
          </Typography>
        </Breadcrumbs>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 56,
              height: 56,
              flexShrink: 0,
              borderRadius: 2,
              bgcolor: 'action.hover',
              color: 'primary.main',
            }}
          >
            <CategoryIcon icon={category.icon} fontSize="large" />
          </Box>
          <Box>
            <Typography variant="h1">{category.name}</Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {category.description}
            </Typography>
            <Typography sx={{ mt: 1, fontWeight: 500 }}>{countLabel(total)}</Typography>
          </Box>
        </Stack>
        {apis.length === 0 ? (
          <EmptyState
            title="No APIs found"
            message="This category has no APIs yet. Search the whole directory instead."
            action={<BackToDirectory />}
          />
        ) : (
          <>
            <ApiGrid
              apis={apis}
              linkTo={(api) => paths.categoryApi(category.slug, api.id)}
              label={`${category.name} APIs`}
            />
            {pageCount > 1 && (
              <ResultPages
                count={pageCount}
                page={Math.min(page, pageCount)}
                onChange={(_, next) => {
                  setSearchParams(next > 1 ? { page: String(next) } : {})
                  window.scrollTo({ top: 0 })
                }}
                color="primary"
                sx={{ alignSelf: 'center' }}
                aria-label="Result pages"
              />
            )}
          </>
        )}
      </Stack>
    </Container>
  )
}
