import { describe, expect, it } from 'vitest'
import { articleHead, articleJsonLd, faqJsonLd } from './articleHead'
import { articlePageHead, postNotFoundHead, socialImageOf } from './articlePageHead'
import { BLOG_SUMMARY, blogListHead } from './blogListHead'
import { headTags } from './heads'

const site = 'https://apiatlas.example'

const post = {
  slug: 'api-integration-guide-2024',
  title: 'How to Integrate APIs in 2024',
  excerpt: 'A step-by-step tutorial on integrating third-party APIs into your application.',
  date: '2024-01-20',
  author: 'API Atlas Team',
  category: 'Tutorial',
  image: '/blog/images/api-integration-guide-2024.webp',
}

describe('the blog list head', () => {
  it('has its canonical address, description and breadcrumb', () => {
    const head = blogListHead(site)
    expect(head).toMatchObject({ title: 'Blog', path: '/blog' })
    expect(head.description.startsWith(BLOG_SUMMARY)).toBe(true)
    expect(head.jsonLd?.[0]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { name: 'Home', item: `${site}/` },
        { name: 'Blog', item: `${site}/blog` },
      ],
    })
  })
})

describe("an article's head", () => {
  it('before the body: title, excerpt, canonical address and the JPEG cover', () => {
    expect(articlePageHead(post)).toEqual({
      title: 'How to Integrate APIs in 2024',
      description: post.excerpt,
      path: '/blog/api-integration-guide-2024',
      image: '/blog/images/api-integration-guide-2024.jpg',
      type: 'article',
    })
    expect(socialImageOf('/blog/images/a-b.webp')).toBe('/blog/images/a-b.jpg')
  })

  it('with the body: keywords, Article, breadcrumb and, with a FAQ, the questions', () => {
    const faq = [{ question: 'Where should API keys live?', answer: 'On your server.' }]
    const head = articleHead(site, post, { keywords: ['API integration'], faq })
    expect(head).toMatchObject({ ...articlePageHead(post), keywords: ['API integration'] })
    expect(head.jsonLd?.map((data) => data['@type'])).toEqual([
      'Article',
      'BreadcrumbList',
      'FAQPage',
    ])
    expect(head.jsonLd?.[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'How to Integrate APIs in 2024',
      description: post.excerpt,
      mainEntityOfPage: `${site}/blog/api-integration-guide-2024`,
      datePublished: '2024-01-20',
      dateModified: '2024-01-20',
      author: { '@type': 'Organization', name: 'API Atlas Team', url: `${site}/` },
      publisher: { '@type': 'Organization', name: 'API Atlas', url: `${site}/` },
      image: `${site}/blog/images/api-integration-guide-2024.jpg`,
      articleSection: 'Tutorial',
    })
    expect(head.jsonLd?.[1]).toMatchObject({
      itemListElement: [
        { name: 'Home', item: `${site}/` },
        { name: 'Blog', item: `${site}/blog` },
        { name: 'How to Integrate APIs in 2024', item: `${site}/blog/api-integration-guide-2024` },
      ],
    })
    expect(head.jsonLd?.[2]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Where should API keys live?',
          acceptedAnswer: { '@type': 'Answer', text: 'On your server.' },
        },
      ],
    })
    const noFaq = articleHead(site, post, { keywords: [], faq: [] })
    expect(noFaq.jsonLd?.map((data) => data['@type'])).toEqual(['Article', 'BreadcrumbList'])
  })

  it('leaves out the image and section an article does not give', () => {
    const bare = articleJsonLd(site, {
      title: 'T',
      description: 'D',
      path: '/blog/t',
      datePublished: '2024-01-20',
      dateModified: '2024-02-01',
      author: 'A',
    })
    expect(bare).not.toHaveProperty('image')
    expect(bare).not.toHaveProperty('articleSection')
    expect(bare).toMatchObject({ dateModified: '2024-02-01' })
    expect(faqJsonLd([])).toMatchObject({ '@type': 'FAQPage', mainEntity: [] })
  })

  it('keeps a slug with no article out of search results', () => {
    const head = postNotFoundHead()
    expect(head).toMatchObject({ title: 'Post Not Found', path: '/blog' })
    expect(headTags(head, site)).toContainEqual({
      tag: 'meta',
      attrs: { name: 'robots', content: 'noindex,nofollow' },
    })
  })
})
