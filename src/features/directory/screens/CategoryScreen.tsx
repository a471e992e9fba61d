import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Breadcrumbs } from '@/components/Breadcrumbs/Breadcrumbs'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { categoryHead } from '@/shared/seo/heads'
import { EmptyState } from '@/components/StateViews/StateViews'
import { paths } from '@/lib/paths'
import { useGetCategoryQuery } from '../api/directoryApi'
import { ApiGrid } from '../components/ApiGrid'
import { CategoryIcon } from '../components/categoryIcons'
import {
  BackToDirectory,
  ListingFrame,
  ListingPages,
  ListingUnavailable,
} from '../components/ListingScreenParts'
import { countLabel } from '../lib/labels'
import { pageNumber } from '@/shared/listing'

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
    return (
      <ListingUnavailable
        error={error}
        isFetching={isFetching}
        refetch={refetch}
        path={paths.category(slug)}
        loadingLabel="Loading category"
        title="API category"
        description="APIs of one category."
        unavailable="This category could not be shown."
        notFound={{
          title: 'Category not found',
          message: `There is no category “${slug}” in the directory.`,
        }}
        failed={{
          title: 'Failed to load category',
          networkMessage: 'Failed to load category information. Please try again later.',
        }}
      />
    )
  }

  const { category, apis, total, limit } = currentData
  const pageCount = Math.max(1, Math.ceil(total / limit))
  return (
    <ListingFrame>
      <PageMeta {...categoryHead(siteUrl, category, total)} />
      <Stack spacing={3}>
        <Breadcrumbs aria-label="Breadcrumb">
          <Link component={RouterLink} to={paths.apis} underline="hover" color="inherit">
            API Directory
          </Link>
          <Typography color="textPrimary" aria-current="page">
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
            <Typography color="textSecondary" sx={{ mt: 1 }}>
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
            <ListingPages
              pageCount={pageCount}
              page={page}
              onPage={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})}
            />
          </>
        )}
      </Stack>
    </ListingFrame>
  )
}
