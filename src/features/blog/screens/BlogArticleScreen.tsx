import { lazy, Suspense } from 'react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { LoadingState, NotFoundState } from '@/components/StateViews/StateViews'
import {
  articlePageHead,
  POST_NOT_FOUND_MESSAGE,
  POST_NOT_FOUND_TITLE,
  postNotFoundHead,
} from '@/shared/seo/articlePageHead'
import { paths } from '@/lib/paths'
import { BackArrow } from '../components/BackArrow'
import { CoverImage } from '../components/CoverImage'
import { COVER_SIZES } from '@/shared/seo/coverImage'
import { PostInfo } from '../components/PostInfo'
import { formatPostDate } from '../lib/format'
import { findPost } from '../posts'

// The article's text, and what lays it out, arrive after its header has shown.
const ArticleContent = lazy(() =>
  import('../components/ArticleContent').then((m) => ({ default: m.ArticleContent })),
)

function BackToBlog({ variant = 'text' }: { variant?: 'text' | 'contained' }) {
  return (
    <Button component={RouterLink} to={paths.blog} startIcon={<BackArrow />} variant={variant}>
      Back to Blog
    </Button>
  )
}

export function BlogArticleScreen() {
  const { slug = '' } = useParams()
  const post = findPost(slug)

  if (!post) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <PageMeta {...postNotFoundHead()} />
        <NotFoundState
          title={POST_NOT_FOUND_TITLE}
          message={POST_NOT_FOUND_MESSAGE}
          action={<BackToBlog variant="contained" />}
        />
      </Container>
    )
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={{ xs: 3, md: 4 }} component="article" aria-labelledby="article-title">
        <Box>
          <BackToBlog />
        </Box>
        <Stack spacing={2} component="header">
          <PostInfo post={post} />
          <Typography variant="h1" id="article-title">
            {post.title}
          </Typography>
          <Typography color="textSecondary">
            By{' '}
            <Box component="span" sx={{ color: 'text.primary', fontWeight: 500 }}>
              {post.author}
            </Box>
            {' · '}
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          </Typography>
        </Stack>
        <CoverImage post={post} priority sizes={COVER_SIZES.article} sx={{ borderRadius: 3 }} />
        <Suspense
          fallback={
            <>
              <PageMeta {...articlePageHead(post)} />
              <LoadingState label="Loading article" />
            </>
          }
        >
          <ArticleContent post={post} />
        </Suspense>
      </Stack>
    </Container>
  )
}
