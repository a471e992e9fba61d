import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, spyOn, waitFor, within } from 'storybook/test'
import {
  cutShortFragment,
  secretsElsewhereFragment,
  sharedCustomerFragment,
  sharedGraphqlFragment,
} from '@mocks/data/share'
import { HISTORY_STORAGE_KEY } from '../lib/useHistoryPersistence'
import { clearWorkbench } from '../lib/workbenchStorage'
// The workbench's slice loads with its part; imported here so a story's preloaded state is kept.
import type { WorkbenchState } from '../workbenchSlice'
import '../workbenchSlice'
import { headerRowsShown } from './headerRowsShown'
import { TesterScreen } from './TesterScreen'

// Share links: making one, with and without secrets to leave out, one too large, and
// opening one, whole or damaged.
const meta = {
  title: 'Screens/Tester/Share',
  component: TesterScreen,
  parameters: { route: '/tools/tester', path: '/tools/tester' },
  beforeEach: async () => {
    localStorage.removeItem(HISTORY_STORAGE_KEY)
    await clearWorkbench()
  },
} satisfies Meta<typeof TesterScreen>

export default meta
type Story = StoryObj<typeof meta>

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas']
type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent']

/** Fills the URL and headers, then presses Share: the dialog once its link is made. */
async function share(canvas: Canvas, userEvent: UserEvent, url: string, headers?: object) {
  await userEvent.click(await canvas.findByRole('textbox', { name: 'URL' }))
  await userEvent.paste(url)
  if (headers) {
    // A whole set at once, pasted as JSON into the rows' text view.
    await userEvent.click(canvas.getByRole('button', { name: 'Bulk edit' }))
    const field = await canvas.findByRole('textbox', { name: 'Headers (bulk edit)' })
    await userEvent.clear(field)
    await userEvent.click(field)
    await userEvent.paste(JSON.stringify(headers))
    await userEvent.click(canvas.getByRole('button', { name: 'Edit as rows' }))
  }
  await userEvent.click(canvas.getByRole('button', { name: 'Share' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Share this request' }))
  // The dialog fades in: visible once it has.
  await waitFor(() => expect(dialog.getByText('Close')).toBeVisible())
  return dialog
}

/** Nothing secret in the request: the link, to copy or select, and a word that it went. */
export const ShareLink: Story = {
  play: async ({ canvas, userEvent }) => {
    const write = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const dialog = await share(canvas, userEvent, 'https://api.example.com/v1/items?page=2')
    await expect(
      await dialog.findByText(
        'No credentials were typed into this request: it is shared as it is.',
      ),
    ).toBeVisible()
    const field = dialog.getByRole('textbox', { name: 'Share link' })
    await expect(field).toHaveAttribute('readonly')
    await expect((field as HTMLInputElement).value).toMatch(/\/tools\/tester#share=1\.[\w-]+$/)
    await userEvent.click(dialog.getByRole('button', { name: 'Copy link' }))
    await expect(await dialog.findByText('Link copied to the clipboard.')).toBeVisible()
    await expect(write).toHaveBeenCalledWith((field as HTMLInputElement).value)
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible()
  },
}

/** A token and an API key typed in: replaced by placeholders, and the dialog lists them. */
export const ShareReplacedSecrets: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await share(canvas, userEvent, 'https://api.example.com/v1/items', {
      Authorization: 'Bearer sk_live_4eC39HqLyjWDarjt',
      'X-API-Key': 'key-9a8b7c',
    })
    await expect(
      await dialog.findByText('2 values replaced by placeholders: {{token}}, {{apiKey}}'),
    ).toBeVisible()
    await expect(dialog.getByText('{{token}} in the Authorization header')).toBeVisible()
    await expect(dialog.getByText('{{apiKey}} in the X-API-Key header')).toBeVisible()
    const link = (dialog.getByRole('textbox', { name: 'Share link' }) as HTMLInputElement).value
    await expect(link).not.toContain('sk_live')
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
}

const withSecretToken: { workbench: WorkbenchState } = {
  workbench: {
    loaded: true,
    environments: [
      {
        id: 'env-stripe-test',
        name: 'Stripe test',
        variables: [
          { name: 'stripeToken', value: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc', secret: true },
        ],
      },
    ],
    activeEnvironmentId: 'env-stripe-test',
    collections: [],
    openedRequest: null,
    cookieJars: {},
  },
}

/** A secret variable's value typed in by hand: shared as the variable's name. */
export const ShareTypedSecretVariable: Story = {
  parameters: { store: withSecretToken },
  play: async ({ canvas, userEvent }) => {
    const dialog = await share(canvas, userEvent, 'https://api.stripe.com/v1/charges', {
      'Stripe-Account': 'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
    })
    await expect(
      await dialog.findByText('1 value replaced by a placeholder: {{stripeToken}}'),
    ).toBeVisible()
    await expect(
      dialog.getByText('{{stripeToken}} in place of the secret variable’s value'),
    ).toBeVisible()
  },
}

// Text that does not compress: each character a fresh pick.
const NOISE = Array.from({ length: 9_000 }, (_, i) => ((i * 7919) % 9973).toString(36)).join('')

/** A body too large for a link: the size, the limit, and what to do instead. */
export const ShareTooLarge: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('textbox', { name: 'URL' }))
    await userEvent.paste('https://api.example.com/v1/import')
    await userEvent.click(canvas.getByRole('tab', { name: 'Body' }))
    await userEvent.click(await canvas.findByRole('textbox', { name: 'Body' }))
    await userEvent.paste(NOISE)
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Share this request' }))
    const alert = await dialog.findByText(/This request would make a link of/)
    await expect(alert).toHaveTextContent(/links over 8,000 are cut short or refused/)
    await expect(alert).toHaveTextContent(/export the collection/)
    // The dialog fades in: visible once it has.
    await waitFor(() => expect(dialog.getByText('Too large to share as a link')).toBeVisible())
    await expect(dialog.queryByRole('textbox', { name: 'Share link' })).toBeNull()
    await expect(dialog.queryByRole('button', { name: 'Copy link' })).toBeNull()
  },
}

/** A link opened: the form filled, nothing sent, and the placeholders to give values named. */
export const OpenedFromLink: Story = {
  parameters: { route: `/tools/tester${sharedCustomerFragment}` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Opened from a share link')).toBeVisible()
    await expect(
      canvas.getByText(/has not been sent\. Give these placeholders values .*: \{\{token\}\}\./),
    ).toBeVisible()
    await expect(canvas.getByRole('combobox', { name: 'Method' })).toHaveValue('POST')
    await expect(canvas.getByRole('textbox', { name: 'URL' })).toHaveValue(
      'https://api.stripe.com/v1/customers?expand=sources',
    )
    await expect(headerRowsShown(canvas)).toEqual({
      'Content-Type': 'application/json',
      Authorization: 'Bearer {{token}}',
    })
    await expect(canvas.getByText(/Send a request to see its status/)).toBeVisible()
  },
}

/** A GraphQL request's link: the body opens in GraphQL mode, with its query and variables. */
export const OpenedGraphqlFromLink: Story = {
  parameters: { route: `/tools/tester${sharedGraphqlFragment}` },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Opened from a share link')).toBeVisible()
    await expect(canvas.getByText(/It needs no values of yours\./)).toBeVisible()
    await userEvent.click(canvas.getByRole('tab', { name: 'Body' }))
    await expect(await canvas.findByRole('switch', { name: 'GraphQL query' })).toBeChecked()
    await expect(await canvas.findByRole('textbox', { name: 'Variables (JSON)' })).toHaveValue(
      '{\n  "code": "NO"\n}',
    )
  },
}

/** A link cut short: said plainly, and the form stays as it was. */
export const DamagedLink: Story = {
  parameters: { route: `/tools/tester${cutShortFragment}` },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This share link could not be opened')).toBeVisible()
    await expect(canvas.getByText(/damaged or cut short/)).toBeVisible()
    await expect(canvas.getByText(/The request form is as it was\./)).toBeVisible()
    await expect(canvas.getByRole('combobox', { name: 'Method' })).toHaveValue('GET')
    await expect(canvas.getByRole('textbox', { name: 'URL' })).toHaveValue('')
  },
}

/**
 * A link that would send the visitor's secret `{{stripeToken}}` to a host their environment never
 * sent to: asked first, naming the host; not sent on "Don’t send", sent on "Send to …".
 */
export const SecretsToNewHost: Story = {
  parameters: { route: `/tools/tester${secretsElsewhereFragment}`, store: withSecretToken },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Opened from a share link')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Send Request' }))
    const asked = within(
      await screen.findByRole('dialog', { name: 'Send your secrets to collector.example?' }),
    )
    await waitFor(() => expect(asked.getByText(/\{\{stripeToken\}\}/)).toBeVisible())
    await expect(asked.getByText(/“Stripe test”/)).toBeVisible()
    await userEvent.click(asked.getByRole('button', { name: 'Don’t send' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(canvas.getByText(/Send a request to see its status/)).toBeVisible()

    await userEvent.click(canvas.getByRole('button', { name: 'Send Request' }))
    const again = within(await screen.findByRole('dialog'))
    await userEvent.click(await again.findByRole('button', { name: 'Send to collector.example' }))
    const summary = await canvas.findByLabelText('Response summary')
    await expect(within(summary).getByText('200')).toBeVisible()
  },
}
