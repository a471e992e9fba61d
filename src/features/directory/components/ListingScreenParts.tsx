import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import ArrowBack from '@mui/icons-material/ArrowBack'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { isOffline, OfflineView } from '@/components/StateViews/offline'
import { ErrorState, LoadingState } from '@/components/StateViews/StateViews'
import { paths } from '@/lib/paths'
import { errorMessage, isNetworkError, isNotFound, type QueryError } from '@/lib/store/errors'
import { ResultPages } from './ResultPages'

/** A listing page's frame: the category's and the provider's pages alike. */
export function ListingFrame({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {children}
    </Container>
  )
}

export function BackToDirectory() {
  return (
    <Button component={RouterLink} to={paths.apis} startIcon={<ArrowBack />}>
      Back to API Directory
    </Button>
  )
}

type ListingUnavailableProps = {
  error: QueryError
  isFetching: boolean
  refetch: () => void
  /** The page's own path, for its head. */
  path: string
  /** What is loading, as a screen reader hears it ("Loading category"). */
  loadingLabel: string
  /** The head while it loads or fails: "API category". */
  title: string
  description: string
  /** The head's description when it fails: "This category could not be shown." */
  unavailable: string
  notFound: { title: string; message: string }
  failed: { title: string; networkMessage: string }
}

/**
 * What a listing page shows before it has a list: loading, not found, offline, or failed with a
 * Try Again. The category's and the provider's pages say the same things in their own words.
 */
export function ListingUnavailable({
  error,
  isFetching,
  refetch,
  path,
  loadingLabel,
  title,
  description,
  unavailable,
  notFound: notFoundText,
  failed,
}: ListingUnavailableProps) {
  if (isFetching || !error) {
    return (
      <ListingFrame>
        <PageMeta title={title} description={description} path={path} />
        <LoadingState label={loadingLabel} />
      </ListingFrame>
    )
  }
  const notFound = isNotFound(error)
  return (
    <ListingFrame>
      <PageMeta
        title={notFound ? notFoundText.title : title}
        description={unavailable}
        path={path}
        noindex
      />
      {!notFound && isNetworkError(error) && isOffline() ? (
        <OfflineView onRetry={refetch} />
      ) : (
        <ErrorState
          title={notFound ? notFoundText.title : failed.title}
          message={
            notFound
              ? notFoundText.message
              : isNetworkError(error)
                ? failed.networkMessage
                : errorMessage(error, failed.title)
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
    </ListingFrame>
  )
}

/**
 * A listing's page numbers, when it has more than one page; a new page starts at the top. (The
 * directory draws its own: this module's error states are not part of its first load.)
 */
export function ListingPages({
  pageCount,
  page,
  onPage,
}: {
  pageCount: number
  page: number
  onPage: (next: number) => void
}) {
  if (pageCount <= 1) return null
  return (
    <ResultPages
      count={pageCount}
      page={Math.min(page, pageCount)}
      onChange={(_, next) => {
        onPage(next)
        window.scrollTo({ top: 0 })
      }}
      color="primary"
      sx={{ alignSelf: 'center' }}
      aria-label="Result pages"
    />
  )
}
