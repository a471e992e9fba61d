import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PageMeta } from './PageMeta'
import { SiteUrlContext } from './SiteUrl'
import { websiteJsonLd } from '@/shared/seo/jsonLd'

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
})
