// The blog's Markdown, compiled when the site is built (and in dev, tests and Storybook, which use
// the same Vite config). Each article gives two modules: `NAME.md?summary`, what the list and the
// article's header show, and `NAME.md`, its sanitised, highlighted HTML, which the browser loads
// only on that article's page. No Markdown parser, sanitiser or highlighter reaches the browser.
import { createHash } from 'node:crypto'
import path from 'node:path'
import type DOMPurify from 'dompurify'
import type { JSDOM } from 'jsdom'
import type { Marked } from 'marked'
import type {
  BundledLanguage,
  BundledTheme,
  HighlighterGeneric,
  ShikiTransformer,
  ShikiTransformerContext,
} from 'shiki'
import type { Plugin } from 'vite'
import {
  ARTICLES_DIR,
  problemsOf,
  readArticles,
  type Article,
} from '../server/routes/blogArticles.ts'
import type { ApiLink, ArticleBody, PostSummary, TocEntry } from '../src/features/blog/types.ts'

/** Primer's accessible GitHub themes: every token keeps 4.5:1 on its background (checked in tests). */
export const CODE_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const
export const CODE_LANGUAGES = ['ts', 'js', 'json', 'bash', 'http', 'python'] as const
const PLAIN = ['text', 'txt', '']

type Tools = {
  shiki: HighlighterGeneric<BundledLanguage, BundledTheme>
  Marked: typeof Marked
  JSDOM: typeof JSDOM
  purifier: ReturnType<typeof DOMPurify>
}

let tools: Promise<Tools> | undefined
/** Loaded on the first article only: every Vite command reads this file, few compile the blog. */
const loadTools = () =>
  (tools ??= (async () => {
    const [{ createHighlighter }, { Marked }, { JSDOM }, { default: DOMPurify }] =
      await Promise.all([import('shiki'), import('marked'), import('jsdom'), import('dompurify')])
    const shiki = await createHighlighter({
      themes: Object.values(CODE_THEMES),
      langs: [...CODE_LANGUAGES],
    })
    return { shiki, Marked, JSDOM, purifier: DOMPurify(new JSDOM('').window) }
  })())

const SANITIZE = {
  USE_PROFILES: { html: true },
  // The page's CSP allows no inline styles; an article needs no forms, frames or scripts.
  FORBID_TAGS: ['style', 'script', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
}

/**
 * Shiki writes colours into style attributes, which the page's CSP would refuse. Each distinct
 * style becomes a class named after its hash (the same in every article), its rule kept in `styles`.
 */
type HastElement = Parameters<NonNullable<ShikiTransformer['pre']>>[0]

function styleToClass(styles: Map<string, string>): ShikiTransformer {
  function toClass(this: ShikiTransformerContext, node: HastElement) {
    const style = node.properties.style
    if (typeof style !== 'string') return
    const name = `hl-${createHash('sha256').update(style).digest('hex').slice(0, 8)}`
    styles.set(name, style)
    delete node.properties.style
    this.addClassToHast(node, name)
  }
  return { name: 'atlas:style-to-class', pre: toClass, span: toClass }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}
const plainText = (html: string) =>
  html.replace(/<[^>]+>/g, '').replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!)

/** A heading's anchor: `1. Stripe: payments` is `#stripe-payments`, never an id starting with a digit. */
const slugify = (text: string) =>
  text
    .replace(/^\d+\.\s+/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

export function summaryOf(article: Article): PostSummary {
  return {
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    date: article.date,
    category: article.category,
    readTime: article.readTime,
    featured: article.featured,
    author: article.author,
    image: article.image,
  }
}

/** An article's Markdown as the HTML its page shows, with its sections and the APIs it links to. */
export async function compileArticle(article: Article): Promise<ArticleBody> {
  const { shiki, Marked, JSDOM, purifier } = await loadTools()
  const styles = new Map<string, string>()
  const toc: TocEntry[] = []
  const ids = new Set<string>()
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      heading({ tokens, depth }) {
        if (depth === 1) throw new Error(`${article.slug}: the title is the page's only h1`)
        const inner = this.parser.parseInline(tokens)
        const title = plainText(inner)
        let id = slugify(title)
        for (let n = 2; ids.has(id); n++) id = `${slugify(title)}-${n}`
        ids.add(id)
        if (depth === 2) toc.push({ id, title })
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`
      },
      code({ text, lang }) {
        const language = (lang ?? '').split(/\s/)[0]!
        if (
          !PLAIN.includes(language) &&
          !(CODE_LANGUAGES as readonly string[]).includes(language)
        ) {
          throw new Error(`${article.slug}: code in '${language}', which is not highlighted`)
        }
        const html = shiki.codeToHtml(text, {
          lang: PLAIN.includes(language) ? 'text' : (language as BundledLanguage),
          themes: CODE_THEMES,
          defaultColor: false,
          transformers: [styleToClass(styles)],
        })
        return `${html}\n`
      },
    },
  })
  const html = purifier.sanitize(marked.parse(article.body) as string, SANITIZE)

  const apis: ApiLink[] = []
  const document = new JSDOM(`<body>${html}</body>`).window.document
  for (const link of document.querySelectorAll('a[href^="/apis/"]')) {
    const id = /^\/apis\/([^/?#]+)$/.exec(link.getAttribute('href') ?? '')?.[1]
    if (id && !apis.some((api) => api.id === id)) {
      apis.push({ id: decodeURIComponent(id), name: link.textContent?.trim() ?? id })
    }
  }
  const codeColors = Object.fromEntries(
    [...styles].map(([name, style]) => [
      name,
      Object.fromEntries(
        style.split(';').flatMap((declaration) => {
          const [property, value] = declaration.split(':').map((part) => part.trim())
          return property && value ? [[property, value]] : []
        }),
      ),
    ]),
  )
  return {
    html,
    codeColors,
    toc,
    faq: article.faq ?? [],
    apis,
    related: article.related,
    keywords: article.keywords,
  }
}

/** The articles, failing with every problem at once when the set does not hold together. */
export function loadArticles(dir = ARTICLES_DIR): Article[] {
  const articles = readArticles(dir)
  const problems = problemsOf(articles)
  if (problems.length > 0) throw new Error(`The blog's articles:\n  ${problems.join('\n  ')}`)
  return articles
}

/** `src/features/blog/articles/NAME.md[?summary]` as JavaScript modules. */
export function blogMarkdown(dir = ARTICLES_DIR): Plugin {
  return {
    name: 'atlas:blog-markdown',
    enforce: 'pre',
    async load(id) {
      const [file = '', query = ''] = id.split('?')
      if (!file.endsWith('.md') || path.dirname(file) !== dir) return null
      const articles = loadArticles(dir)
      for (const article of articles) this.addWatchFile(article.file)
      const article = articles.find((candidate) => candidate.file === file)
      if (!article) throw new Error(`${file} is not one of the blog's articles`)
      // Dev and HMR add their own parameters (`?summary&t=…`).
      const value = new URLSearchParams(query).has('summary')
        ? summaryOf(article)
        : await compileArticle(article)
      return { code: `export default ${JSON.stringify(value)}`, moduleType: 'js' }
    },
  }
}
