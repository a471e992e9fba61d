import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { blogHandlers } from '@mocks/handlers/blog'
import { BlogListScreen } from './BlogListScreen'

const meta = {
  title: 'Screens/BlogList',
  component: BlogListScreen,
  parameters: { route: '/blog' },
} satisfies Meta<typeof BlogListScreen>

export default meta
type Story = StoryObj<typeof meta>

const loaded = (image: HTMLImageElement) => image.complete && image.naturalWidth > 0

/**
 * Every cover fails to load and the fallback image takes its place. First in the file: a page
 * reuses images it has already shown, so after Default the covers would never be requested.
 */
export const ImageFallback: Story = {
  parameters: { msw: { handlers: { blog: blogHandlers.brokenCovers } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'API Atlas Blog' }),
    ).toBeVisible()
    const covers = [...canvasElement.querySelectorAll<HTMLImageElement>('article img')]
    await expect(covers).toHaveLength(5)
    for (const cover of covers) {
      cover.scrollIntoView()
      await waitFor(() => expect(cover).toHaveAttribute('src', '/blog/images/fallback.webp'), {
        timeout: 30_000,
      })
      await waitFor(() => expect(loaded(cover)).toBe(true), { timeout: 30_000 })
      await expect(cover).toBeVisible()
    }
    // Nothing else changes: every article is still listed with its title and link.
    await expect(canvas.getAllByRole('article')).toHaveLength(5)
    await expect(
      canvas.getByRole('link', { name: 'How to Integrate APIs in 2024' }),
    ).toHaveAttribute('href', '/blog/api-integration-guide-2024')
  },
}

export const Default: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'API Atlas Blog' }),
    ).toBeVisible()
    const crumbs = within(canvas.getByRole('navigation', { name: 'Breadcrumb' }))
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    await expect(crumbs.getByText('Blog')).toHaveAttribute('aria-current', 'page')
    await expect(canvas.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      '/blog/rss.xml',
    )
    await expect(canvas.getByRole('link', { name: 'Back to API Directory' })).toHaveAttribute(
      'href',
      '/apis',
    )

    // The featured article leads, with everything a reader weighs before opening it.
    const [featuredCard] = canvas.getAllByRole('article')
    const featured = within(featuredCard!)
    const title = featured.getByRole('link', { name: 'How to Integrate APIs in 2024' })
    await expect(title).toHaveAttribute('href', '/blog/api-integration-guide-2024')
    await expect(featured.getByRole('heading', { level: 2 })).toHaveTextContent(
      'How to Integrate APIs in 2024',
    )
    for (const text of ['Featured', 'Tutorial', '12 min read', 'January 20, 2024']) {
      await expect(featured.getByText(text)).toBeVisible()
    }
    await expect(featured.getByText(/^A step-by-step tutorial/)).toBeVisible()
    const cover = featuredCard!.querySelector('img')!
    await expect(cover).toHaveAttribute('width', '1200')
    await expect(cover).toHaveAttribute('height', '630')
    await waitFor(() => expect(loaded(cover)).toBe(true), { timeout: 30_000 })

    // The others in a grid, newest first.
    const more = within(canvas.getByRole('region', { name: 'More articles' }))
    const items = more.getAllByRole('listitem')
    await expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'How to Test APIs Effectively',
      'Top 10 APIs Every Startup Should Know',
      'API Security Best Practices for Startups',
      "The Entrepreneur's Guide to API Integration",
    ])
    const security = within(items[2]!)
    await expect(security.getByText('Security')).toBeVisible()
    await expect(security.getByText('9 min read')).toBeVisible()
    await expect(security.getByText('January 8, 2024')).toBeVisible()
    await expect(security.getByRole('link')).toHaveAttribute(
      'href',
      '/blog/api-security-best-practices',
    )
    await expect(canvasElement.querySelectorAll('article img')).toHaveLength(5)

    await userEvent.click(title)
    await expect(
      await canvas.findByText('Navigated to /blog/api-integration-guide-2024'),
    ).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'API Atlas Blog' }),
    ).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
    await expect(canvas.getAllByRole('article')).toHaveLength(5)
  },
}
