import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { apisHandlers } from '@mocks/handlers/apis'
import { ProviderScreen } from './ProviderScreen'

const meta = {
  title: 'Screens/Provider',
  component: ProviderScreen,
  parameters: { route: '/apis/provider/googleapis-com', path: '/apis/provider/:provider' },
} satisfies Meta<typeof ProviderScreen>

export default meta
type Story = StoryObj<typeof meta>

/** A provider's family: every API it publishes, each card leading to its own page. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'googleapis.com APIs' }),
    ).toBeVisible()
    const crumbs = within(canvas.getByRole('navigation', { name: 'Breadcrumb' }))
    await expect(crumbs.getByRole('link', { name: 'API Directory' })).toHaveAttribute(
      'href',
      '/apis',
    )
    await expect(canvas.getByText(/^3 APIs from googleapis\.com/)).toBeVisible()
    const parts = within(canvas.getByRole('list', { name: 'googleapis.com APIs' }))
    await expect(parts.getAllByRole('listitem')).toHaveLength(3)
    // On its own page a family does not link every card back to itself.
    await expect(canvas.queryByRole('link', { name: /^All \d+ APIs from/ })).toBeNull()
    await expect(
      canvas.getByRole('searchbox', { name: 'Search the APIs of googleapis.com' }),
    ).toBeVisible()
  },
}

/** Searching within the family: the parts that match, and how many of all. */
export const Searched: Story = {
  parameters: { route: '/apis/provider/googleapis-com?search=youtube' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('1 API of 3 APIs match “youtube”')).toHaveAttribute(
      'role',
      'status',
    )
    const parts = within(canvas.getByRole('list', { name: 'googleapis.com APIs' }))
    await expect(parts.getAllByRole('listitem')).toHaveLength(1)
    await expect(canvas.getByRole('searchbox')).toHaveValue('youtube')
  },
}

/** A search within the family that nothing matches: the way back to all its APIs. */
export const Empty: Story = {
  parameters: { route: '/apis/provider/googleapis-com?search=zzzz' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No APIs found' })).toBeVisible()
    await expect(
      canvas.getByRole('link', { name: "Show all of this provider's APIs" }),
    ).toHaveAttribute('href', '/apis/provider/googleapis-com')
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.loading } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: "Loading the provider's APIs" }),
    ).toBeVisible()
  },
}

/** No provider has this address. */
export const NotFound: Story = {
  parameters: { route: '/apis/provider/nobody-example' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Provider not found' })).toBeVisible()
    await expect(
      canvas.getByText('No provider “nobody-example” publishes APIs in the directory.'),
    ).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Try Again' })).toBeNull()
  },
}

export const Error: Story = {
  parameters: { msw: { handlers: { apis: apisHandlers.error } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: "Failed to load the provider's APIs" }),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible()
  },
}
