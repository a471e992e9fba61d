import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { checkNowHandlers } from '@mocks/handlers/monitoring'
import { CheckNowButton } from './CheckNowButton'

const meta = {
  title: 'Directory/CheckNowButton',
  component: CheckNowButton,
  parameters: { layout: 'padded' },
  args: { apiId: 'fixture-match-list' },
} satisfies Meta<typeof CheckNowButton>

export default meta
type Story = StoryObj<typeof meta>

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas']

const press = async (canvas: Canvas) =>
  userEvent.click(await canvas.findByRole('button', { name: 'Check now' }))

/** Before a press: the button alone, nothing announced. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Check now' })).toBeEnabled()
    await expect(canvas.getByRole('status')).toHaveTextContent('')
  },
}

/** While the server checks: the button waits, and says what is being done. */
export const Checking: Story = {
  parameters: { msw: { handlers: { checkNow: checkNowHandlers.checking } } },
  play: async ({ canvas }) => {
    await press(canvas)
    await expect(await canvas.findByRole('button', { name: 'Checking…' })).toBeDisabled()
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Checking its address, then its safe operations. This can take up to a minute.',
    )
  },
}

/** Checked: when, and that the page now shows the fresh figures; it can be pressed again. */
export const Done: Story = {
  play: async ({ canvas }) => {
    await press(canvas)
    await expect(
      await canvas.findByText(
        'Checked at 2026-11-27 08:00 UTC: the figures on this page are fresh.',
      ),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Check now' })).toBeEnabled()
  },
}

/** Checked, but the server had no network: nothing measured, and it says so. */
export const DoneWithoutNetwork: Story = {
  parameters: { msw: { handlers: { checkNow: checkNowHandlers.noNetwork } } },
  play: async ({ canvas }) => {
    await press(canvas)
    await expect(
      await canvas.findByText(
        'The check at 2026-11-27 07:00 UTC found no network on this server: nothing was measured.',
      ),
    ).toBeVisible()
  },
}

/** Past a limit (per API or per account): the server's words, with when to try again. */
export const RateLimited: Story = {
  parameters: { msw: { handlers: { checkNow: checkNowHandlers.rateLimited } } },
  play: async ({ canvas }) => {
    await press(canvas)
    await expect(
      await canvas.findByText(
        'This API was just checked: at most 2 checks of one API a minute, whoever asks. Try again in 41 s.',
      ),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Check now' })).toBeEnabled()
  },
}

/** The server refused or could not check: its reason. */
export const Failed: Story = {
  parameters: { msw: { handlers: { checkNow: checkNowHandlers.unreachable } } },
  play: async ({ canvas }) => {
    await press(canvas)
    await expect(
      await canvas.findByText('This API has no address the checker could call'),
    ).toBeVisible()
  },
}

/** The server could not be reached at all. */
export const FailedOffline: Story = {
  parameters: { msw: { handlers: { checkNow: checkNowHandlers.networkError } } },
  play: async ({ canvas }) => {
    await press(canvas)
    await expect(
      await canvas.findByText('Could not reach the server to check this API. Try again.'),
    ).toBeVisible()
  },
}
