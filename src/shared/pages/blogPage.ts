// The blog, /blog: every article, the featured one first. Its articles are in the app's bundle,
// so it asks /api for nothing.
import { articlePath } from '../seo/articlePageHead'
import { BLOG_SUMMARY, BLOG_TITLE, blogListHead } from '../seo/blogListHead'
import { COVER_SIZES } from '../seo/coverImage'
import { definePage } from './page'

export const blogPage = definePage('blog', {
  route: { pattern: '/blog', query: [], example: '/blog' },
  firstQueries: () => [],
  describe: async ({ siteUrl, site }) => {
    const articles = site.articles()
    // In the screen's order: the featured article first, then the rest as read (newest first).
    const ordered = [...articles.filter((a) => a.featured), ...articles.filter((a) => !a.featured)]
    return {
      status: 200,
      heading: BLOG_TITLE,
      summary: BLOG_SUMMARY,
      head: blogListHead(siteUrl),
      items: ordered.map((article) => ({
        title: article.title,
        path: articlePath(article.slug),
        summary: article.excerpt,
      })),
      ...(ordered[0] && { preloadCover: { image: ordered[0].image, sizes: COVER_SIZES.featured } }),
    }
  },
})
