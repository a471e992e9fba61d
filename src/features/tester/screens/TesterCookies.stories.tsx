import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { jarCookies } from '@mocks/data/tester'
import { testerHandlers } from '@mocks/handlers/tester'
import { clearWorkbench } from '../lib/workbenchStorage'
import { HISTORY_STORAGE_KEY } from '../lib/useHistoryPersistence'
// The workbench's slice loads with its part; imported here so a story's preloaded state is kept.
import { NO_ENVIRONMENT_JAR, type WorkbenchState } from '../workbenchSlice'
import '../workbenchSlice'
import { TesterScreen } from './TesterScreen'

// The tester's cookie jar: what a visitor meets in the Cookies view.
const meta = {
  title: 'Screens/Tester/Cookies',
  component: TesterScreen,
  parameters: { route: '/tools/tester' },
  // Each story starts with nothing kept by the stories before it.
  beforeEach: async () => {
    localStorage.removeItem(HISTORY_STORAGE_KEY)
    await clearWorkbench()
  },
} satisfies Meta<typeof TesterScreen>

export default meta
type Story = StoryObj<typeof meta>

const withJar = (cookieJars: WorkbenchState['cookieJars']): { workbench: WorkbenchState } => ({
  workbench: {
    loaded: true,
    environments: [],
    activeEnvironmentId: null,
    collections: [],
    cookieJars,
    openedRequest: null,
  },
})

const openCookies = async (
  canvas: ReturnType<typeof within>,
  click: (e: Element) => Promise<void>,
) => {
  await click(await canvas.findByRole('button', { name: 'Cookies' }))
  const dialog = await screen.findByRole('dialog', { name: 'Cookies' })
  // The dialog fades in: visible once it has.
  await waitFor(() => expect(dialog).toBeVisible())
  return within(dialog)
}

/** Nothing in the jar yet: the view says what fills it. */
export const Empty: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCookies(canvas, (e) => userEvent.click(e))
    await expect(dialog.getByText(/The jar is empty/)).toBeVisible()
    await expect(dialog.getByText(/This site’s own cookies are never sent/)).toBeVisible()
    await expect(dialog.queryByRole('button', { name: 'Clear the jar' })).toBeNull()
    await expect(dialog.getByRole('button', { name: 'Add a cookie' })).toBeVisible()
  },
}

/** Cookies of two domains, each listed under its own with path, expiry and flags. */
export const SeveralDomains: Story = {
  parameters: { store: withJar({ [NO_ENVIRONMENT_JAR]: jarCookies }) },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCookies(canvas, (e) => userEvent.click(e))
    const api = within(dialog.getByRole('table', { name: 'api.example.com (2 cookies)' }))
    await expect(api.getByRole('cell', { name: 'session' })).toBeVisible()
    await expect(api.getByRole('cell', { name: 'c2Vzc2lvbi0xMjM0' })).toBeVisible()
    await expect(api.getByRole('cell', { name: 'Session' })).toBeVisible()
    await expect(api.getByRole('cell', { name: 'Secure · HttpOnly · SameSite=Lax' })).toBeVisible()
    await expect(api.getByRole('cell', { name: '/v1' })).toBeVisible()
    const shop = within(dialog.getByRole('table', { name: 'shop.example.org (1 cookie)' }))
    await expect(shop.getByRole('cell', { name: 'SameSite=Strict · subdomains too' })).toBeVisible()
    // Deleting one, then clearing the jar (asked twice).
    await userEvent.click(shop.getByRole('button', { name: 'Delete consent (shop.example.org/)' }))
    await expect(dialog.queryByRole('table', { name: /shop\.example\.org/ })).toBeNull()
    await userEvent.click(dialog.getByRole('button', { name: 'Clear the jar' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Clear all 2?' }))
    await expect(await dialog.findByText(/The jar is empty/)).toBeVisible()
  },
}

/** A value the server would refuse says why, in place; a good one is kept. Adding checks too. */
export const EditingWithError: Story = {
  parameters: { store: withJar({ [NO_ENVIRONMENT_JAR]: jarCookies }) },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openCookies(canvas, (e) => userEvent.click(e))
    await userEvent.click(
      dialog.getByRole('button', { name: 'Edit the value of region (api.example.com/v1)' }),
    )
    const value = dialog.getByRole('textbox', { name: 'Value of region' })
    await userEvent.clear(value)
    await userEvent.type(value, 'eu;north')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await expect(
      dialog.getByText('The value must not contain ; or control characters'),
    ).toBeVisible()
    await expect(value).toHaveAttribute('aria-invalid', 'true')

    await userEvent.click(dialog.getByRole('button', { name: 'Add a cookie' }))
    const form = within(dialog.getByRole('form', { name: 'Add a cookie' }))
    await userEvent.type(form.getByRole('textbox', { name: 'Domain' }), 'https://api.example.com')
    await userEvent.click(form.getByRole('button', { name: 'Add cookie' }))
    await expect(form.getByText('Enter a name')).toBeVisible()
    await expect(
      form.getByText(
        'Domain must be a host name such as api.example.com, without a scheme, port or path',
      ),
    ).toBeVisible()
  },
}

/** An answer set two cookies: the view says so, and the jar holds them for the next request. */
export const SetByAnswer: Story = {
  parameters: {
    store: withJar({}),
    msw: { handlers: { tester: testerHandlers.cookiesSet } },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('textbox', { name: 'URL' }))
    await userEvent.paste('https://api.example.com/v1/sign-in')
    await userEvent.click(canvas.getByRole('button', { name: 'Send Request' }))
    await expect(
      await canvas.findByText('2 cookies saved to the jar for api.example.com.'),
    ).toBeVisible()
    const dialog = await openCookies(canvas, (e) => userEvent.click(e))
    const api = within(dialog.getByRole('table', { name: 'api.example.com (2 cookies)' }))
    await expect(api.getByRole('cell', { name: 'session' })).toBeVisible()
    await expect(api.getByRole('cell', { name: 'region' })).toBeVisible()
    // History keeps the request, never the cookies' values.
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }))
    const history = canvas.getByRole('region', { name: 'History' })
    await expect(history).not.toHaveTextContent('c2Vzc2lvbi0xMjM0')
  },
}
