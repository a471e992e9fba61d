import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { BlogArticleScreen } from './BlogArticleScreen'

const meta = {
  title: 'Screens/BlogArticle',
  component: BlogArticleScreen,
  parameters: { route: '/blog/api-integration-guide-2024', path: '/blog/:slug' },
} satisfies Meta<typeof BlogArticleScreen>

export default meta
type Story = StoryObj<typeof meta>

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas']

/** The body arrives in its own chunk; its first section heading says it is there. */
const bodyShown = async (canvas: Canvas, firstSection: string) =>
  expect(
    await canvas.findByRole('heading', { level: 2, name: firstSection }, { timeout: 30_000 }),
  ).toBeVisible()

const headerShows = async (canvas: Canvas, title: string, facts: string[]) => {
  await expect(await canvas.findByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(canvas.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog')
  for (const fact of facts) await expect(canvas.getAllByText(fact)[0]).toBeVisible()
  await expect(canvas.getByText('API Atlas Team', { selector: 'span' })).toBeVisible()
}

const relatedAre = async (canvas: Canvas, links: [string, string][]) => {
  const related = within(canvas.getByRole('region', { name: 'Related articles' }))
  await expect(related.getAllByRole('link')).toHaveLength(2)
  for (const [name, href] of links) {
    await expect(related.getByRole('link', { name })).toHaveAttribute('href', href)
  }
}

const structuredDataTypes = () =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => (JSON.parse(script.textContent ?? '{}') as { '@type': string })['@type'],
  )

/** The long tutorial: table of contents, highlighted code, FAQ, directory and tester links. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await headerShows(canvas, 'How to Integrate APIs in 2024', [
      'Tutorial',
      '12 min read',
      'January 20, 2024',
    ])
    await bodyShown(canvas, 'Choosing an API')

    const contents = within(canvas.getByRole('navigation', { name: 'Table of contents' }))
    for (const [name, id] of [
      ['Choosing an API', 'choosing-an-api'],
      ['Authentication', 'authentication'],
      ['Making calls', 'making-calls'],
      ['Error handling', 'error-handling'],
      ['Testing', 'testing'],
      ['Best practices', 'best-practices'],
    ]) {
      await expect(contents.getByRole('link', { name })).toHaveAttribute('href', `#${id}`)
      await expect(canvasElement.querySelector(`h2#${id}`)).toHaveTextContent(name!)
    }

    // Code is coloured at build time: a keyword is drawn in another colour than plain text.
    const code = canvasElement.querySelector('pre.shiki')!
    await expect(code).toBeVisible()
    const colours = new Set(
      [...code.querySelectorAll('span span')].map((span) => getComputedStyle(span).color),
    )
    await expect(colours.size).toBeGreaterThan(1)

    for (const tester of canvas.getAllByRole('link', { name: 'API tester' })) {
      await expect(tester).toHaveAttribute('href', '/tools/tester?api=exchangerate-api-com')
    }
    const faq = within(canvas.getByRole('region', { name: 'Frequently asked questions' }))
    await expect(
      faq.getByRole('heading', { level: 3, name: 'Where should API keys live?' }),
    ).toBeVisible()
    const author = within(canvas.getByRole('region', { name: 'About the author' }))
    await expect(author.getByText('API Atlas Team')).toBeVisible()
    await relatedAre(canvas, [
      ['How to Test APIs Effectively', '/blog/how-to-test-apis-effectively'],
      ['API Security Best Practices for Startups', '/blog/api-security-best-practices'],
    ])
    const apis = within(canvas.getByRole('region', { name: 'APIs in this article' }))
    await expect(apis.getByRole('link', { name: 'Stripe' })).toHaveAttribute(
      'href',
      '/apis/stripe-com',
    )
    await expect(
      apis.getByRole('link', { name: 'Browse all APIs in the directory' }),
    ).toHaveAttribute('href', '/apis')
    await waitFor(() =>
      expect(structuredDataTypes()).toEqual(['Article', 'BreadcrumbList', 'FAQPage']),
    )

    // A directory link inside the text opens within the app.
    const [inText] = canvas.getAllByRole('link', { name: 'ExchangeRate-API' })
    await userEvent.click(inText!)
    await expect(await canvas.findByText('Navigated to /apis/exchangerate-api-com')).toBeVisible()
  },
}

export const TopTenApis: Story = {
  parameters: { route: '/blog/top-10-apis-startup-should-know' },
  play: async ({ canvas }) => {
    await headerShows(canvas, 'Top 10 APIs Every Startup Should Know', [
      'List',
      '8 min read',
      'January 14, 2024',
    ])
    await bodyShown(canvas, '1. Stripe: payments')
    const contents = within(canvas.getByRole('navigation', { name: 'Table of contents' }))
    await expect(contents.getAllByRole('link')).toHaveLength(11)
    await expect(
      canvas.getByRole('heading', { level: 2, name: '10. Xero: accounting' }),
    ).toBeVisible()
    for (const twilio of canvas.getAllByRole('link', { name: 'Twilio' })) {
      await expect(twilio).toHaveAttribute('href', '/apis/twilio-com-api')
    }
    await expect(
      canvas.queryByRole('region', { name: 'Frequently asked questions' }),
    ).not.toBeInTheDocument()
    await relatedAre(canvas, [
      ['How to Integrate APIs in 2024', '/blog/api-integration-guide-2024'],
      [
        "The Entrepreneur's Guide to API Integration",
        '/blog/complete-guide-api-integration-entrepreneurs',
      ],
    ])
  },
}

export const SecurityBestPractices: Story = {
  parameters: { route: '/blog/api-security-best-practices' },
  play: async ({ canvas }) => {
    await headerShows(canvas, 'API Security Best Practices for Startups', [
      'Security',
      '9 min read',
      'January 8, 2024',
    ])
    await bodyShown(canvas, 'Keep secrets out of code and clients')
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'The OWASP API Security Top 10 (2023)' }),
    ).toBeVisible()
    await expect(canvas.getByRole('table')).toBeVisible()
    await expect(
      canvas.getByRole('cell', { name: 'API1 Broken object level authorisation' }),
    ).toBeVisible()
    await expect(canvas.getByRole('region', { name: 'Frequently asked questions' })).toBeVisible()
    await relatedAre(canvas, [
      ['How to Integrate APIs in 2024', '/blog/api-integration-guide-2024'],
      ['How to Test APIs Effectively', '/blog/how-to-test-apis-effectively'],
    ])
  },
}

/** The short guide: no table of contents. */
export const EntrepreneursGuide: Story = {
  parameters: { route: '/blog/complete-guide-api-integration-entrepreneurs' },
  play: async ({ canvas }) => {
    await headerShows(canvas, "The Entrepreneur's Guide to API Integration", [
      'Guide',
      '6 min read',
      'December 12, 2023',
    ])
    await bodyShown(canvas, 'What an API is, in one paragraph')
    await expect(
      canvas.queryByRole('navigation', { name: 'Table of contents' }),
    ).not.toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: 'payments' })).toHaveAttribute(
      'href',
      '/apis/category/payments',
    )
    await relatedAre(canvas, [
      ['Top 10 APIs Every Startup Should Know', '/blog/top-10-apis-startup-should-know'],
      ['How to Integrate APIs in 2024', '/blog/api-integration-guide-2024'],
    ])
  },
}

export const TestingApis: Story = {
  parameters: { route: '/blog/how-to-test-apis-effectively' },
  play: async ({ canvas }) => {
    await headerShows(canvas, 'How to Test APIs Effectively', [
      'Testing',
      '7 min read',
      'February 5, 2024',
    ])
    await bodyShown(canvas, 'Start by exploring')
    // Each request it shows opens the tester on that API.
    await expect(
      canvas.getAllByRole('link', { name: 'API tester' }).map((link) => link.getAttribute('href')),
    ).toEqual([
      '/tools/tester?api=github-com-api-github-com',
      '/tools/tester?api=exchangerate-api-com',
    ])
    await relatedAre(canvas, [
      ['How to Integrate APIs in 2024', '/blog/api-integration-guide-2024'],
      ['API Security Best Practices for Startups', '/blog/api-security-best-practices'],
    ])
  },
}

/** Highlighted code in the dark scheme, with the accessibility check on its colours. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await bodyShown(canvas, 'Choosing an API')
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
    await expect(canvasElement.querySelector('pre.shiki')).toBeVisible()
  },
}

export const NotFound: Story = {
  parameters: { route: '/blog/no-such-post' },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { name: 'Post Not Found' })).toBeVisible()
    await expect(canvas.getByText(/The post you are looking for does not exist/)).toBeVisible()
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
        'content',
        'noindex,nofollow',
      ),
    )
    await userEvent.click(canvas.getByRole('link', { name: 'Back to Blog' }))
    await expect(await canvas.findByText('Navigated to /blog')).toBeVisible()
  },
}
