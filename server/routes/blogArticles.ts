// The blog's Markdown articles (src/features/blog/articles), read in one place: the feed reads them
// here at start, and the build (scripts/blogMarkdown.ts) compiles the same files for the browser.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { z } from 'zod'

export const ARTICLES_DIR = path.resolve(import.meta.dirname, '../../src/features/blog/articles')

/** A careful reading pace for technical prose with code; read times are words over this. */
export const WORDS_PER_MINUTE = 200

export const BLOG_CATEGORIES = ['Tutorial', 'List', 'Security', 'Guide', 'Testing'] as const

const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens')

export const frontMatterSchema = z.strictObject({
  title: z.string().min(1),
  slug: slugSchema,
  date: z.iso.date(),
  updated: z.iso.date().optional(),
  category: z.enum(BLOG_CATEGORIES),
  author: z.string().min(1),
  /** The list's summary and the meta description, which search engines cut after about 160. */
  excerpt: z.string().min(60).max(160),
  /** The cover, 1200×630 WebP; `-600.webp` and `.jpg` (Open Graph) sit beside it. */
  image: z.string().regex(/^\/blog\/images\/[a-z0-9-]+\.webp$/, 'must be /blog/images/NAME.webp'),
  featured: z.boolean().default(false),
  /** Minutes, as the page shows them; checked against the text (readTimeOf). */
  readTime: z.number().int().positive(),
  related: z.array(slugSchema).length(2),
  keywords: z.array(z.string().min(1)).default([]),
  faq: z
    .array(z.strictObject({ question: z.string().min(1), answer: z.string().min(1) }))
    .optional(),
})

export type FrontMatter = z.output<typeof frontMatterSchema>

export type Article = FrontMatter & {
  /** The Markdown after the front matter. */
  body: string
  file: string
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/

/** One article file: front matter validated, body kept as written. */
export function parseArticle(source: string, file: string): Article {
  const match = FRONT_MATTER.exec(source)
  if (!match) throw new Error(`${file}: no front matter between --- lines`)
  const result = frontMatterSchema.safeParse(parse(match[1]!))
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`${file}: invalid front matter (${problems.join('; ')})`)
  }
  return { ...result.data, body: source.slice(match[0].length), file }
}

const countWords = (text: string) =>
  text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length

/** Minutes to read what the page shows: the body and the questions and answers under it. */
export function readTimeOf(article: Pick<Article, 'body' | 'faq'>) {
  const faq = (article.faq ?? []).map((item) => `${item.question} ${item.answer}`).join(' ')
  return Math.max(1, Math.round(countWords(`${article.body} ${faq}`) / WORDS_PER_MINUTE))
}

/** Every article, newest first. */
export function readArticles(dir = ARTICLES_DIR): Article[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => parseArticle(readFileSync(path.join(dir, name), 'utf8'), path.join(dir, name)))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}

/** What is wrong across the set: file names, unique slugs, related links, one featured article. */
export function problemsOf(articles: Article[]): string[] {
  const problems: string[] = []
  const slugs = new Set<string>()
  for (const article of articles) {
    const name = path.basename(article.file, '.md')
    if (name !== article.slug) problems.push(`${name}.md: slug '${article.slug}' is not its name`)
    if (slugs.has(article.slug)) problems.push(`slug '${article.slug}' is used twice`)
    slugs.add(article.slug)
  }
  for (const article of articles) {
    for (const related of article.related) {
      if (related === article.slug) problems.push(`${article.slug}: related to itself`)
      else if (!slugs.has(related))
        problems.push(`${article.slug}: related '${related}' is no article`)
    }
    const minutes = readTimeOf(article)
    if (minutes !== article.readTime) {
      problems.push(
        `${article.slug}: declares ${article.readTime} min, the text reads in ${minutes}`,
      )
    }
  }
  const featured = articles.filter((article) => article.featured).length
  if (articles.length > 0 && featured !== 1) {
    problems.push(`${featured} featured articles; exactly one leads the list`)
  }
  return problems
}
