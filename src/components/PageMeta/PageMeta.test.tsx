import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PageMeta } from './PageMeta'
import { SiteUrlContext } from './SiteUrl'
import { websiteJsonLd } from '@/shared/seo/jsonLd'
import { headTags, type PageHead } from '@/shared/seo/heads'
import { renderTag } from '@/shared/seo/headMarkup'

const SITE = 'https://apiatlas.example'
const directory: PageHead = {
  title: 'API Directory',
  description: 'Find an API & try it.',
  path: '/apis',
  keywords: ['api', 'directory'],
  jsonLd: [websiteJsonLd(SITE)],
}

/** The head as the server writes it for `page` (server/spa.ts), before the app runs. */
const served = (page: PageHead) => {
  document.head.innerHTML = headTags(page, SITE).map(renderTag).join('\n')
  return [...document.head.querySelectorAll('[data-prerendered]:not(title)')]
}

const drawn = (page: PageHead) =>
  render(
    <SiteUrlContext value={SITE}>
      <PageMeta {...page} />
    </SiteUrlContext>,
  )

function head(selector: string) {
  return document.head.querySelector(selector)
}

describe('PageMeta', () => {
  it('puts title, description, canonical, social tags and robots into the head', () => {
    render(
      <SiteUrlContext value="https://apiatlas.example">
        <PageMeta
          title="API Directory"
          description="Find an API."
          path="/apis"
          keywords={['api', 'directory']}
          jsonLd={[websiteJsonLd('https://apiatlas.example')]}
        />
      </SiteUrlContext>,
    )
    expect(document.title).toBe('API Directory | API Atlas')
    expect(head('meta[name="description"]')).toHaveAttribute('content', 'Find an API.')
    expect(head('meta[name="keywords"]')).toHaveAttribute('content', 'api, directory')
    expect(head('meta[name="robots"]')).toHaveAttribute('content', 'index,follow')
    expect(head('meta[name="revisit-after"]')).toHaveAttribute('content', '7 days')
    expect(head('link[rel="canonical"]')).toHaveAttribute('href', 'https://apiatlas.example/apis')
    expect(head('meta[property="og:url"]')).toHaveAttribute(
      'content',
      'https://apiatlas.example/apis',
    )
    expect(head('meta[property="og:image"]')).toHaveAttribute(
      'content',
      'https://apiatlas.example/og-image.jpg',
    )
    expect(head('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    const data = document.querySelector('script[type="application/ld+json"]')
    expect(JSON.parse(data?.textContent ?? '{}')).toMatchObject({ '@type': 'WebSite' })
  })

  it('asks not to be indexed when told', () => {
    render(<PageMeta title="Staff dashboard" description="Staff only." path="/dashboard" noindex />)
    expect(head('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow')
    expect(head('meta[name="keywords"]')).toBeNull()
    expect(head('meta[name="revisit-after"]')).toBeNull()
  })

  describe('on the page the server drew', () => {
    it("keeps the server's tags when they are the page's own, and takes them out as it leaves", () => {
      const tags = served(directory)
      expect(tags.length).toBeGreaterThan(10)
      const { unmount } = drawn(directory)
      const now = [...document.head.children].filter((node) => node.tagName !== 'TITLE')
      // The very elements, not their like written again, and none more.
      expect(now).toHaveLength(tags.length)
      now.forEach((node, index) => expect(node).toBe(tags[index]))
      expect(document.title).toBe('API Directory | API Atlas')
      unmount()
      expect(document.head.querySelectorAll('meta, link, script')).toHaveLength(0)
    })

    it("writes its own when the server's differ", () => {
      const tags = served({ ...directory, description: 'An older description.' })
      drawn(directory)
      for (const tag of tags) expect(tag.isConnected).toBe(false)
      expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
      expect(head('meta[name="description"]')).toHaveAttribute('content', 'Find an API & try it.')
      expect(head('meta[name="description"]')).toHaveAttribute('data-page-meta')
    })

    it("writes its own for another page's", () => {
      served(directory)
      drawn({ ...directory, title: 'Stripe API', path: '/apis/stripe-com' })
      expect(document.title).toBe('Stripe API | API Atlas')
      expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
      expect(head('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}/apis/stripe-com`)
      expect(document.head.querySelectorAll('[data-prerendered]:not(title)')).toHaveLength(0)
    })
  })
})
