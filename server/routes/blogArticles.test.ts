// The blog's content checks: what the build compiles must hold together, link only to pages that
// exist, read in the time it says, and stay readable in both colour schemes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { JSDOM } from 'jsdom'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { compileArticle, loadArticles } from '../../scripts/blogMarkdown'
import { readSeed } from '../catalog/seed'
import { ARTICLES_DIR, problemsOf, readArticles, readTimeOf } from './blogArticles'

const PUBLIC_DIR = path.resolve(ARTICLES_DIR, '../../../../public')

const articles = readArticles()
type ArticleBody = Awaited<ReturnType<typeof compileArticle>>

const compiled = new Map<string, { body: ArticleBody; document: Document }>()
let apiIds: Set<string>
let apiBaseUrls: Map<string, string | null>
let categorySlugs: Set<string>

beforeAll(async () => {
  const { seed } = await readSeed()
  apiIds = new Set(seed.apis.map((api) => api.id))
  apiBaseUrls = new Map(seed.apis.map((api) => [api.id, api.baseUrl]))
  categorySlugs = new Set(seed.categories.map((category) => category.slug))
  for (const article of loadArticles()) {
    const body = await compileArticle(article)
    compiled.set(article.slug, {
      body,
      document: new JSDOM(`<body>${body.html}</body>`).window.document,
    })
  }
})

const linksOf = (slug: string) =>
  [...compiled.get(slug)!.document.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '')

describe('the blog articles', () => {
  it('are the five expected, with the tutorial featured', () => {
    expect(articles.map((article) => article.slug).sort()).toEqual([
      'api-integration-guide-2024',
      'api-security-best-practices',
      'complete-guide-api-integration-entrepreneurs',
      'how-to-test-apis-effectively',
      'top-10-apis-startup-should-know',
    ])
    const tutorial = articles.find((article) => article.slug === 'api-integration-guide-2024')!
    expect(tutorial).toMatchObject({
      title: 'How to Integrate APIs in 2024',
      category: 'Tutorial',
      date: '2024-01-20',
      readTime: 12,
      featured: true,
    })
    expect(articles.find((a) => a.slug === 'top-10-apis-startup-should-know')?.category).toBe(
      'List',
    )
    expect(articles.find((a) => a.slug === 'api-security-best-practices')?.category).toBe(
      'Security',
    )
    expect(compiled.get('api-integration-guide-2024')!.body.toc.map((entry) => entry.id)).toEqual(
      expect.arrayContaining([
        'choosing-an-api',
        'authentication',
        'making-calls',
        'error-handling',
        'testing',
        'best-practices',
      ]),
    )
  })

  it('hold together: unique slugs named after their files, related articles that exist, one featured, read times as declared', () => {
    expect(problemsOf(articles)).toEqual([])
    for (const article of articles) expect(readTimeOf(article)).toBe(article.readTime)
  })

  it('read in 6 to 10 minutes, the tutorial in 12, and the guide for founders is the shortest', () => {
    for (const article of articles) {
      if (article.slug === 'api-integration-guide-2024') continue
      expect(article.readTime, article.slug).toBeGreaterThanOrEqual(6)
      expect(article.readTime, article.slug).toBeLessThanOrEqual(10)
    }
    const shortest = [...articles].sort((a, b) => a.readTime - b.readTime)[0]
    expect(shortest?.slug).toBe('complete-guide-api-integration-entrepreneurs')
  })

  it('relate to how-to-test-apis-effectively as the spec has it', () => {
    const relatedToTesting = articles.filter((article) =>
      article.related.includes('how-to-test-apis-effectively'),
    )
    expect(relatedToTesting.length).toBeGreaterThanOrEqual(2)
  })

  it.each(articles.map((article) => article.slug))(
    '%s links only to directory pages of the catalogue, and to at least one',
    (slug) => {
      const directoryLinks = linksOf(slug).filter((href) => href.startsWith('/apis'))
      expect(directoryLinks.length).toBeGreaterThan(0)
      for (const href of directoryLinks) {
        const api = /^\/apis\/([^/?#]+)$/.exec(href)?.[1]
        const category = /^\/apis\/category\/([^/?#]+)$/.exec(href)?.[1]
        if (api && api !== 'tools') expect(apiIds.has(api), href).toBe(true)
        else if (category) expect(categorySlugs.has(category), href).toBe(true)
        else expect(['/apis', '/apis/tools'], href).toContain(href)
      }
      for (const api of compiled.get(slug)!.body.apis) expect(apiIds.has(api.id)).toBe(true)
    },
  )

  it.each(articles.map((article) => article.slug))(
    '%s opens the tester on catalogue APIs whose address its requests use',
    (slug) => {
      const article = articles.find((candidate) => candidate.slug === slug)!
      for (const href of linksOf(slug).filter((link) => link.startsWith('/tools/tester'))) {
        const api = new URL(href, 'https://site').searchParams.get('api')
        expect(api && apiIds.has(api), href).toBe(true)
        // The tester fills in this API's base address: the article shows a request to it.
        expect(article.body).toContain(apiBaseUrls.get(api!))
      }
    },
  )

  it.each(articles.map((article) => article.slug))(
    '%s links to articles and sections that exist, and elsewhere only over HTTPS',
    (slug) => {
      const slugs = new Set(articles.map((article) => article.slug))
      const { document } = compiled.get(slug)!
      for (const href of linksOf(slug)) {
        if (href.startsWith('/blog/'))
          expect(slugs.has(href.slice('/blog/'.length)), href).toBe(true)
        else if (href.startsWith('#')) {
          expect(document.getElementById(href.slice(1)), href).not.toBeNull()
        } else if (!href.startsWith('/apis') && !href.startsWith('/tools/tester')) {
          expect(href, `${slug}: ${href}`).toMatch(/^https:\/\//)
        }
      }
    },
  )

  it.each(articles.map((article) => article.slug))(
    '%s compiles to safe HTML: no scripts, styles, forms or h1, headings with anchors',
    (slug) => {
      const { body, document } = compiled.get(slug)!
      expect(body.html).not.toMatch(/<(script|style|form|iframe|h1)\b/i)
      expect(body.html).not.toMatch(/\sstyle=|\son\w+=/i)
      for (const heading of document.querySelectorAll('h2, h3')) {
        expect(heading.id).toMatch(/^[a-z][a-z0-9-]*$/)
      }
      expect(body.toc.length).toBeGreaterThan(1)
    },
  )

  const hex = (value: string) => {
    const digits = value.replace('#', '')
    return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16) / 255)
  }
  const luminance = (colour: string) => {
    const [r, g, b] = hex(colour).map((c) =>
      c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
    )
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
    return (light! + 0.05) / (dark! + 0.05)
  }

  it.each(articles.map((article) => article.slug))(
    '%s keeps every code colour at 4.5:1 or more on its background, in light and dark',
    (slug) => {
      const colours = Object.values(compiled.get(slug)!.body.codeColors)
      if (colours.length === 0) return // no code in this article
      const background = colours.find((variables) => variables['--shiki-light-bg'])
      expect(background).toBeDefined()
      for (const variables of colours) {
        for (const scheme of ['light', 'dark'] as const) {
          const colour = variables[`--shiki-${scheme}`]
          if (!colour) continue
          expect(
            contrast(colour, background![`--shiki-${scheme}-bg`]!),
            `${scheme} ${colour}`,
          ).toBeGreaterThanOrEqual(4.5)
        }
      }
    },
  )

  /** Width and height from a WebP's VP8X header or a JPEG's start-of-frame segment. */
  const dimensions = (file: string) => {
    const bytes = readFileSync(file)
    if (bytes.toString('ascii', 8, 16) === 'WEBPVP8X') {
      return [bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1]
    }
    for (let offset = 2; offset < bytes.length;) {
      const marker = bytes[offset + 1]!
      if (marker >= 0xc0 && marker <= 0xc2) {
        return [bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5)]
      }
      offset += 2 + bytes.readUInt16BE(offset + 2)
    }
    throw new Error(`${file}: no size found`)
  }

  it.each(articles.map((article) => article.slug))(
    '%s has its cover in three sizes and formats, and small enough',
    (slug) => {
      const article = articles.find((candidate) => candidate.slug === slug)!
      const base = path.join(PUBLIC_DIR, article.image.replace(/\.webp$/, ''))
      expect(dimensions(`${base}.webp`)).toEqual([1200, 630])
      expect(dimensions(`${base}-600.webp`)).toEqual([600, 315])
      expect(dimensions(`${base}.jpg`)).toEqual([1200, 630])
      expect(readFileSync(`${base}.webp`).length).toBeLessThan(60 * 1024)
    },
  )

  it('has a fallback cover of the same size', () => {
    expect(dimensions(path.join(PUBLIC_DIR, 'blog/images/fallback.webp'))).toEqual([1200, 630])
  })
})

describe('the checks themselves', () => {
  let dir: string
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const write = (name: string, frontMatter: Record<string, string>, body = 'Some words.') => {
    const lines = Object.entries(frontMatter).map(([key, value]) => `${key}: ${value}`)
    writeFileSync(path.join(dir, `${name}.md`), `---\n${lines.join('\n')}\n---\n\n${body}\n`)
  }
  const valid = (slug: string, extra: Record<string, string> = {}) => ({
    title: `About ${slug}`,
    slug,
    date: '2024-01-01',
    category: 'Guide',
    author: 'API Atlas Team',
    excerpt: 'An excerpt long enough to describe the article in a list and in search results.',
    image: `/blog/images/${slug}.webp`,
    readTime: '1',
    related: '[one, two]',
    ...extra,
  })

  it('name every problem across the set at once', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'atlas-blog-checks-'))
    write('one', valid('one', { featured: 'true', related: '[two, one]' }))
    write('two', valid('two', { featured: 'true', readTime: '9', related: '[one, gone]' }))
    write('three', valid('one', { related: '[one, two]' }))
    expect(problemsOf(readArticles(dir))).toEqual([
      "three.md: slug 'one' is not its name",
      "slug 'one' is used twice",
      'one: related to itself',
      'one: related to itself',
      "two: related 'gone' is no article",
      'two: declares 9 min, the text reads in 1',
      '2 featured articles; exactly one leads the list',
    ])
  })

  it('refuse front matter that is incomplete, naming the field', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'atlas-blog-checks-'))
    const { excerpt: _excerpt, ...withoutExcerpt } = valid('one')
    write('one', { ...withoutExcerpt, category: 'Opinion' })
    expect(() => readArticles(dir)).toThrow(/one\.md: invalid front matter \(category: .*excerpt: /)
  })
})
