// An article's head before its body arrives, and the head of a slug with no article: what the
// article screen renders first and what the server writes for /blog/{slug}.
import { pathTo } from '../routes'
import type { PageHead } from './heads'

// The blog's addresses live with the blog's builders, not in heads.ts: that module is on every
// public page's first load.
export const BLOG_PATH = pathTo('blog')
export const articlePath = (slug: string) => pathTo('blogPost', { slug })

/** What an article's head needs of it: the blog's summary of a post, or its front matter. */
export type ArticleSummary = {
  slug: string
  title: string
  excerpt: string
  /** ISO date, e.g. 2024-01-20. */
  date: string
  author: string
  category: string
  /** The cover, `/blog/images/NAME.webp`. */
  image: string
}

/** Open Graph and structured data want a format every network reads: the cover's JPEG copy. */
export const socialImageOf = (image: string) => image.replace(/\.webp$/, '.jpg')

/**
 * Title, description, canonical address and social image. The structured data joins with the
 * body (articleHead.ts), so its builders stay off the page's first load.
 */
export function articlePageHead(post: ArticleSummary): PageHead {
  return {
    title: post.title,
    description: post.excerpt,
    path: articlePath(post.slug),
    image: socialImageOf(post.image),
    type: 'article',
  }
}

export const POST_NOT_FOUND_TITLE = 'Post Not Found'
export const POST_NOT_FOUND_MESSAGE =
  'The post you are looking for does not exist. It may have moved, or the address may be mistyped.'

/** A slug with no article: kept out of search results. */
/** The head of a missing post: it names no address, so a crafted link adds no words to it. */
export function postNotFoundHead(): PageHead {
  return {
    title: POST_NOT_FOUND_TITLE,
    description: 'This blog post does not exist.',
    path: pathTo('blog'),
    noindex: true,
  }
}
