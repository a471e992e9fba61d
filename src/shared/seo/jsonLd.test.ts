import { describe, expect, it } from 'vitest'
import {
  apiJsonLd,
  breadcrumbJsonLd,
  organizationJsonLd,
  serializeJsonLd,
  websiteJsonLd,
} from './jsonLd'

const site = 'https://apiatlas.example'

describe('structured data', () => {
  it('gives the website a search action at /apis?search=', () => {
    expect(websiteJsonLd(site)).toMatchObject({
      '@type': 'WebSite',
      name: 'API Atlas',
      url: 'https://apiatlas.example/',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://apiatlas.example/apis?search={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    })
  })

  it('names the organization and its contact only when there is one', () => {
    expect(organizationJsonLd(site)).not.toHaveProperty('contactPoint')
    expect(organizationJsonLd(site, 'team@apiatlas.example')).toMatchObject({
      '@type': 'Organization',
      name: 'API Atlas',
      contactPoint: { email: 'team@apiatlas.example' },
    })
  })

  it('numbers breadcrumbs from one with absolute addresses', () => {
    const list = breadcrumbJsonLd(site, [
      { name: 'Home', path: '/' },
      { name: 'Blog', path: '/blog' },
    ])
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://apiatlas.example/' },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://apiatlas.example/blog' },
    ])
  })

  it('describes an API at /apis/{slug}', () => {
    expect(
      apiJsonLd(site, {
        name: 'Stripe',
        description: 'Payments',
        slug: 'stripe-com',
        provider: 'stripe.com',
        category: 'payments',
        pricing: 'Free tier',
      }),
    ).toMatchObject({
      '@type': 'WebAPI',
      url: 'https://apiatlas.example/apis/stripe-com',
      provider: { '@type': 'Organization', name: 'stripe.com' },
      offers: { description: 'Free tier' },
    })
  })

  it('cannot be closed early by text inside it', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' })
    expect(text).not.toContain('</script>')
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})
