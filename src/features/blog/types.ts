import type { Faq } from '@/shared/seo/jsonLd'

export type BlogCategory = 'Tutorial' | 'List' | 'Security' | 'Guide' | 'Testing'

/** What the list shows of an article, and the article page before its body arrives. */
export type PostSummary = {
  slug: string
  title: string
  excerpt: string
  /** ISO date, e.g. 2024-01-20. */
  date: string
  category: BlogCategory
  /** Minutes. */
  readTime: number
  featured: boolean
  author: string
  /** The cover, 1200×630 WebP, an abstract illustration; `-600.webp` and `.jpg` sit beside it. */
  image: string
}

export type TocEntry = { id: string; title: string }

/** A directory page the article links to: /apis/{id}, named as the text names it. */
export type ApiLink = { id: string; name: string }

/** An article's own chunk: HTML compiled, highlighted and sanitised at build time. */
export type ArticleBody = {
  html: string
  /**
   * Colours of the highlighted code, by class name: both themes' as CSS variables. The HTML has no
   * style attributes, which the page's CSP would refuse.
   */
  codeColors: Record<string, Record<string, string>>
  /** The h2 sections, in order. */
  toc: TocEntry[]
  faq: Faq[]
  apis: ApiLink[]
  related: string[]
  keywords: string[]
}
