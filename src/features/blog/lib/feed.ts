/** The blog's RSS feed, written by the server from the same Markdown (server/routes/blog.ts). */
export const BLOG_FEED_PATH = '/blog/rss.xml'
