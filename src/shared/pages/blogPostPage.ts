// An article, /blog/{slug}: as its screen shows it first, with the whole head its body completes.
import { articleHead } from '../seo/articleHead'
import {
  POST_NOT_FOUND_MESSAGE,
  POST_NOT_FOUND_TITLE,
  postNotFoundHead,
} from '../seo/articlePageHead'
import { COVER_SIZES } from '../seo/coverImage'
import { definePage } from './page'

export const blogPostPage = definePage('blogPost', {
  route: { pattern: '/blog/:slug', query: [], example: '/blog/{slug}' },
  firstQueries: () => [],
  describe: async ({ siteUrl, site, params: { slug } }) => {
    // The screen finds a post by its exact slug, so the server does too.
    const article = site.articles().find((candidate) => candidate.slug === slug)
    if (!article) {
      return {
        status: 404,
        heading: POST_NOT_FOUND_TITLE,
        summary: POST_NOT_FOUND_MESSAGE,
        head: postNotFoundHead(),
      }
    }
    return {
      status: 200,
      heading: article.title,
      summary: article.excerpt,
      byline: { author: article.author, date: article.date },
      preloadCover: { image: article.image, sizes: COVER_SIZES.article },
      head: articleHead(siteUrl, article, { keywords: article.keywords, faq: article.faq ?? [] }),
    }
  },
})
