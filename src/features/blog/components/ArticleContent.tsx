import { use, useEffect, useRef } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { SiteLogo } from '@/components/SiteLogo/SiteLogo'
import { articleHead } from '@/shared/seo/articleHead'
import { isInternalPath, paths } from '@/lib/paths'
import { authors } from '../authors'
import { loadArticleBody } from '../articleBodies'
import { findPost } from '../posts'
import type { PostSummary } from '../types'
import { articleSx, codeColorsSx } from './articleSx'

/** Articles this long get a table of contents above their text. */
export const TABLE_OF_CONTENTS_MINUTES = 8

const panel = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 3,
  p: { xs: 2.5, md: 3 },
  bgcolor: 'background.paper',
} as const

/** Links inside the compiled HTML are plain anchors: those to this site move within the app. */
function useInAppLinks() {
  const navigate = useNavigate()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const follow = (event: MouseEvent) => {
      const link = (event.target as Element).closest('a')
      const href = link?.getAttribute('href')
      const plainClick =
        event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
      if (!href || !isInternalPath(href) || !plainClick || link?.target) return
      event.preventDefault()
      navigate(href)
    }
    element.addEventListener('click', follow)
    return () => element.removeEventListener('click', follow)
  }, [navigate])
  return ref
}

function TableOfContents({ entries }: { entries: { id: string; title: string }[] }) {
  return (
    <Box component="nav" aria-labelledby="table-of-contents" sx={panel}>
      <Typography variant="h4" component="h2" id="table-of-contents" sx={{ mb: 1 }}>
        Table of contents
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, '& li + li': { mt: 0.5 } }}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <Link href={`#${entry.id}`} underline="hover">
              {entry.title}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  )
}

function AuthorBox({ name }: { name: string }) {
  return (
    <Box component="section" aria-labelledby="about-the-author" sx={panel}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <SiteLogo size={56} />
        <Box>
          <Typography variant="overline" component="h2" id="about-the-author" color="textSecondary">
            About the author
          </Typography>
          <Typography variant="h4" component="p">
            {name}
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 0.5 }}>
            {authors[name]?.bio}
          </Typography>
        </Box>
      </Stack>
    </Box>
  )
}

/**
 * The article's text and what follows it, from its own chunk: suspends until that arrives. Its
 * head joins the FAQ to the structured data, which only the body carries.
 */
export function ArticleContent({ post }: { post: PostSummary }) {
  const siteUrl = useSiteUrl()
  const body = use(loadArticleBody(post.slug))
  const bodyRef = useInAppLinks()
  const related = body.related.flatMap((slug) => findPost(slug) ?? [])
  return (
    <Stack spacing={5}>
      <PageMeta {...articleHead(siteUrl, post, body)} />
      {post.readTime >= TABLE_OF_CONTENTS_MINUTES && body.toc.length > 1 && (
        <TableOfContents entries={body.toc} />
      )}
      <Box
        ref={bodyRef}
        sx={[articleSx, codeColorsSx(body.codeColors)]}
        // Compiled from the article's Markdown and sanitised with DOMPurify when the site was built.
        dangerouslySetInnerHTML={{ __html: body.html }}
      />
      {body.faq.length > 0 && (
        <Box component="section" aria-labelledby="faq">
          <Typography variant="h2" id="faq" sx={{ mb: 2 }}>
            Frequently asked questions
          </Typography>
          <Stack spacing={2.5}>
            {body.faq.map((item) => (
              <Box key={item.question}>
                <Typography variant="h4" component="h3">
                  {item.question}
                </Typography>
                <Typography sx={{ mt: 0.5, lineHeight: 1.75 }}>{item.answer}</Typography>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
      {body.apis.length > 0 && (
        <Box component="section" aria-labelledby="apis-in-this-article" sx={panel}>
          <Typography variant="h4" component="h2" id="apis-in-this-article" sx={{ mb: 1.5 }}>
            APIs in this article
          </Typography>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 2 }}>
            {body.apis.map((api) => (
              <Button
                key={api.id}
                component={RouterLink}
                to={paths.apiDetail(api.id)}
                variant="outlined"
                size="small"
              >
                {api.name}
              </Button>
            ))}
          </Stack>
          <Link component={RouterLink} to={paths.apis}>
            Browse all APIs in the directory
          </Link>
        </Box>
      )}
      <AuthorBox name={post.author} />
      <Box component="section" aria-labelledby="related-articles">
        <Typography variant="h2" id="related-articles" sx={{ mb: 2 }}>
          Related articles
        </Typography>
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridTemplateColumns: { sm: '1fr 1fr' },
            gap: 2,
            listStyle: 'none',
            m: 0,
            p: 0,
          }}
        >
          {related.map((other) => (
            <Box component="li" key={other.slug} sx={panel}>
              <Typography variant="caption" color="textSecondary" component="p">
                {other.category}
              </Typography>
              <Link
                component={RouterLink}
                to={paths.blogPost(other.slug)}
                variant="h4"
                underline="hover"
                sx={{ display: 'block', my: 0.5 }}
              >
                {other.title}
              </Link>
              <Typography variant="body2" color="textSecondary">
                {other.excerpt}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Stack>
  )
}
