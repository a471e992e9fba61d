import { describe, expect, it } from 'vitest'
import {
  isAnalyticsRequest,
  isBlogImage,
  isCatalogueRead,
  isHashedAsset,
  isNeverCached,
  isOfflinePage,
} from './cachePolicy'
import { smallCoverOf } from '@/shared/seo/coverImage'
import { FALLBACK_COVER } from '@/features/blog/lib/covers'
import { posts } from '@/features/blog/posts'

describe('the service worker cache policy', () => {
  it.each([
    '/bpm-login',
    '/dashboard',
    '/dashboard/posts',
    '/auth/v1/token',
    '/rest/v1/profiles',
    '/api/apis/test',
    '/api/analytics/events',
    '/api/content-marketing/stats',
  ])('never caches %s', (pathname) => {
    expect(isNeverCached(pathname)).toBe(true)
    expect(isOfflinePage(pathname)).toBe(false)
    expect(isCatalogueRead(pathname)).toBe(false)
  })

  it.each([
    '/apis',
    '/apis/stripe',
    '/apis/api-detail.html',
    '/apis/category/payments',
    '/apis/category/payments/stripe',
    '/apis/tools',
    '/tools/tester',
    '/blog',
    '/blog/how-to-choose-an-api',
  ])('keeps the public page %s for offline reading', (pathname) => {
    expect(isOfflinePage(pathname)).toBe(true)
  })

  it.each(['/', '/redirect', '/ads', '/social', '/monitor', '/apisx', '/blogger'])(
    'leaves %s to the network',
    (pathname) => {
      expect(isOfflinePage(pathname)).toBe(false)
    },
  )

  it.each([
    '/api/apis',
    '/api/apis/stripe',
    '/api/apis/category/payments',
    '/api/categories',
    '/api/config',
  ])('caches the catalogue read %s', (pathname) => {
    expect(isCatalogueRead(pathname)).toBe(true)
  })

  it.each(['/api/health', '/api/apis/test', '/api/categoriesx', '/api/analytics/events'])(
    'does not cache %s as catalogue',
    (pathname) => {
      expect(isCatalogueRead(pathname)).toBe(false)
    },
  )

  it.each(['/api/analytics/events', '/api/analytics/visits'])(
    'sends %s on from the worker itself',
    (pathname) => {
      expect(isAnalyticsRequest(pathname)).toBe(true)
    },
  )

  it.each(['/api/analyticsx', '/api/apis', '/api/content-marketing/stats'])(
    'leaves %s to the browser',
    (pathname) => {
      expect(isAnalyticsRequest(pathname)).toBe(false)
    },
  )

  it('treats only /assets as content-hashed', () => {
    expect(isHashedAsset('/assets/index-abc123.js')).toBe(true)
    expect(isHashedAsset('/icon.svg')).toBe(false)
    expect(isHashedAsset('/sw.js')).toBe(false)
  })

  it.each([
    '/blog/images/api-integration-guide-2024.webp',
    '/blog/images/api-integration-guide-2024-600.webp',
    '/blog/images/api-integration-guide-2024.jpg',
    FALLBACK_COVER,
  ])('keeps the blog image %s', (pathname) => {
    expect(isBlogImage(pathname)).toBe(true)
  })

  it("keeps every article's cover in both sizes", () => {
    expect(posts.length).toBeGreaterThan(0)
    for (const post of posts) {
      expect(isBlogImage(post.image), post.image).toBe(true)
      expect(isBlogImage(smallCoverOf(post.image)), post.image).toBe(true)
    }
  })

  it.each([
    '/blog/images',
    '/blog/images/',
    '/blog/rss.xml',
    '/blog/api-integration-guide-2024',
    '/blog/imagesx/cover.webp',
    '/og-image.jpg',
    '/assets/cover-abc123.webp',
  ])('does not keep %s as a blog image', (pathname) => {
    expect(isBlogImage(pathname)).toBe(false)
  })
})
