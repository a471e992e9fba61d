import type { PostSummary } from './types'

// Compiled from articles/*.md when the site is built (scripts/blogMarkdown.ts): what the list and
// an article's header show. Each article's HTML is a chunk of its own (articleBodies.ts).
const summaries = import.meta.glob<PostSummary>('./articles/*.md', {
  query: '?summary',
  import: 'default',
  eager: true,
})

/** ISO dates and slugs sort by code unit; localeCompare would load the browser's locale data. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Every article, newest first. */
export const posts: PostSummary[] = Object.values(summaries).sort(
  (a, b) => byCodeUnits(b.date, a.date) || byCodeUnits(a.slug, b.slug),
)

export const findPost = (slug: string) => posts.find((post) => post.slug === slug)
