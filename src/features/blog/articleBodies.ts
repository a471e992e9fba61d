import type { ArticleBody } from './types'

// Each article's HTML, compiled when the site is built (scripts/blogMarkdown.ts): a chunk of its
// own, downloaded only on that article's page.
const bodies = import.meta.glob<ArticleBody>('./articles/*.md', { import: 'default' })

const loading = new Map<string, Promise<ArticleBody>>()

/** An article's own chunk, one promise per article, as React's use() needs. */
export function loadArticleBody(slug: string): Promise<ArticleBody> {
  let body = loading.get(slug)
  if (!body) {
    const load = bodies[`./articles/${slug}.md`]
    body = load ? load() : Promise.reject(new Error(`No article '${slug}'`))
    // A failed download (offline) is tried again on the next visit.
    body.catch(() => loading.delete(slug))
    loading.set(slug, body)
  }
  return body
}
