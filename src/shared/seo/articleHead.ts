// An article's whole head, once its body (keywords, FAQ) is known: the article screen renders it
// with the body, and the server writes it for /blog/{slug} from the same front matter.
// The Article and FAQ builders live here, not in jsonLd.ts, so they load with the article's body
// and stay off the head builders' chunk that every public page loads.
import { articlePageHead, BLOG_PATH, type ArticleSummary } from './articlePageHead'
import type { PageHead } from './heads'
import { absoluteUrl, breadcrumbJsonLd, SITE_NAME, type Faq, type JsonLd } from './jsonLd'

const context = 'https://schema.org'

export function faqJsonLd(faqs: Faq[]): JsonLd {
  return {
    '@context': context,
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  }
}

export type ArticleMeta = {
  title: string
  description: string
  path: string
  datePublished: string
  dateModified?: string
  author: string
  image?: string
  section?: string
}

export function articleJsonLd(siteUrl: string, article: ArticleMeta): JsonLd {
  return {
    '@context': context,
    '@type': 'Article',
    headline: article.title,
    description: article.description,
    mainEntityOfPage: absoluteUrl(siteUrl, article.path),
    datePublished: article.datePublished,
    dateModified: article.dateModified ?? article.datePublished,
    // The team writes as the site, so search engines see an organisation, not a person so named.
    author: article.author.startsWith(SITE_NAME)
      ? { '@type': 'Organization', name: article.author, url: absoluteUrl(siteUrl, '/') }
      : { '@type': 'Person', name: article.author },
    publisher: { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl(siteUrl, '/') },
    ...(article.image ? { image: absoluteUrl(siteUrl, article.image) } : {}),
    ...(article.section ? { articleSection: article.section } : {}),
  }
}

/** An article's whole head, with the keywords and FAQ that come with its body. */
export function articleHead(
  siteUrl: string,
  post: ArticleSummary,
  body: { keywords: string[]; faq: Faq[] },
): PageHead {
  const head = articlePageHead(post)
  const { path, image } = head
  return {
    ...head,
    keywords: body.keywords,
    jsonLd: [
      articleJsonLd(siteUrl, {
        title: post.title,
        description: post.excerpt,
        path,
        datePublished: post.date,
        author: post.author,
        image,
        section: post.category,
      }),
      breadcrumbJsonLd(siteUrl, [
        { name: 'Home', path: '/' },
        { name: 'Blog', path: BLOG_PATH },
        { name: post.title, path },
      ]),
      ...(body.faq.length > 0 ? [faqJsonLd(body.faq)] : []),
    ],
  }
}
