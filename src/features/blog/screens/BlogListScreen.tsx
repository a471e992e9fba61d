import { Link as RouterLink } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { HydrateLater } from '@/components/Deferred/HydrateLater'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { BLOG_SUMMARY, BLOG_TITLE, blogListHead } from '@/shared/seo/blogListHead'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { paths } from '@/lib/paths'
import { BLOG_FEED_PATH } from '../lib/feed'
import { BackArrow } from '../components/BackArrow'
import { PostCard } from '../components/PostCard'
import { posts } from '../posts'

/** Home > Blog, drawn by hand: MUI's Breadcrumbs would cost this page more than it is allowed. */
function Crumbs() {
  return (
    <Box component="nav" aria-label="Breadcrumb">
      <Box
        component="ol"
        sx={{ display: 'flex', gap: 1, listStyle: 'none', m: 0, p: 0, color: 'text.secondary' }}
      >
        <li>
          <Link component={RouterLink} to={paths.home} underline="hover" color="inherit">
            Home
          </Link>
        </li>
        <li aria-hidden>/</li>
        <Typography component="li" color="textPrimary" aria-current="page">
          Blog
        </Typography>
      </Box>
    </Box>
  )
}

export function BlogListScreen() {
  const siteUrl = useSiteUrl()
  const featured = posts.find((post) => post.featured) ?? posts[0]
  const others = posts.filter((post) => post !== featured)
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta {...blogListHead(siteUrl)} />
      <Stack spacing={{ xs: 3, md: 4 }}>
        <Crumbs />
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
        >
          <Box>
            <Typography variant="h1">{BLOG_TITLE}</Typography>
            <Typography color="textSecondary" sx={{ mt: 1, maxWidth: 640 }}>
              {BLOG_SUMMARY}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            {/* The feed is a file, not a route: a plain link, so the browser or a reader opens it. */}
            <Button variant="contained" href={BLOG_FEED_PATH}>
              Subscribe
            </Button>
            <Button component={RouterLink} to={paths.apis} startIcon={<BackArrow />}>
              Back to API Directory
            </Button>
          </Stack>
        </Stack>

        {/* Each card hydrates on its own, after the page: a press on one waits for that card only. */}
        {featured && (
          <HydrateLater>
            <PostCard post={featured} featured />
          </HydrateLater>
        )}

        <Box component="section" aria-labelledby="more-articles">
          <Typography variant="h2" id="more-articles" sx={{ mb: 2 }}>
            More articles
          </Typography>
          <Box
            component="ul"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
              gap: 3,
              listStyle: 'none',
              m: 0,
              p: 0,
            }}
          >
            {others.map((post) => (
              <li key={post.slug}>
                <HydrateLater>
                  <PostCard post={post} />
                </HydrateLater>
              </li>
            ))}
          </Box>
        </Box>
      </Stack>
    </Container>
  )
}
