import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { HISTORY_STORAGE_KEY } from '../lib/useHistoryPersistence'
import { headerRowsShown } from './headerRowsShown'
import { TesterScreen } from './TesterScreen'

const route = (api: string, op: string) => `/tools/tester?api=${api}&op=${encodeURIComponent(op)}`
const STRIPE = route('stripe-com', 'PostCustomers')
const UPLOAD = route('files-example', 'uploadFile')
const COOKIE = route('cookie-example', 'getProfile')
const GITHUB = route('github-com-api-github-com', 'issues/create')

const meta = {
  title: 'Screens/Tester/Bodies and auth',
  component: TesterScreen,
  parameters: { route: STRIPE },
  beforeEach: () => {
    localStorage.removeItem(HISTORY_STORAGE_KEY)
  },
} satisfies Meta<typeof TesterScreen>

export default meta
type Story = StoryObj<typeof meta>
type Context = Parameters<NonNullable<Story['play']>>[0]

/** Waits until the operation filled the form (its URL), then opens a tab. */
async function openTab({ canvas, userEvent }: Context, url: RegExp, tab: string) {
  const field = await canvas.findByRole('textbox', { name: 'URL' })
  await waitFor(() => expect((field as HTMLInputElement).value).toMatch(url))
  await userEvent.click(canvas.getByRole('tab', { name: tab }))
}

const headersJson = (canvas: Context['canvas']) => headerRowsShown(canvas)

/** Stripe's create-a-customer: a form body, nested metadata added as Stripe reads it. */
export const FormBody: Story = {
  play: async (context) => {
    const { canvas, userEvent } = context
    await openTab(context, /\/v1\/customers$/, 'Body')
    await expect(await canvas.findByRole('combobox', { name: 'Body type' })).toHaveValue('form')
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Add an optional field' }),
      'metadata',
    )
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Add an optional field' }),
      'email',
    )
    const fields = await canvas.findAllByRole('textbox', { name: 'Field' })
    await expect(fields.map((f) => (f as HTMLInputElement).value)).toEqual([
      'metadata[order_id]',
      'email',
    ])
    await expect(
      canvas.getByText(/Sent as application\/x-www-form-urlencoded: 2 fields/),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole('tab', { name: 'Headers' }))
    await expect(headersJson(canvas)['Content-Type']).toBe('application/x-www-form-urlencoded')
  },
}

export const FormBodyDark: Story = { ...FormBody, globals: { theme: 'dark' } }

/** Switching type converts what it can and says what it left out. */
export const SwitchingType: Story = {
  play: async (context) => {
    const { canvas, userEvent } = context
    await openTab(context, /\/v1\/customers$/, 'Body')
    await userEvent.selectOptions(
      await canvas.findByRole('combobox', { name: 'Add an optional field' }),
      'email',
    )
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Body type' }), 'json')
    await expect(
      await canvas.findByText(/Now application\/json; the fields carried over/),
    ).toBeVisible()
    const body = (await canvas.findByRole('textbox', { name: 'Body' })) as HTMLTextAreaElement
    await expect(JSON.parse(body.value)).toEqual({ email: 'jenny.rosen@example.com' })
    await expect(canvas.getByText('Valid JSON: sent as application/json.')).toBeVisible()
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Body type' }), 'xml')
    await expect(await canvas.findByText(/Sent as typed, as application\/xml/)).toBeVisible()
  },
}

/** GitHub's create-an-issue: a JSON body with the document's own title. */
export const JsonBody: Story = {
  parameters: { route: GITHUB },
  play: async (context) => {
    const { canvas } = context
    await openTab(context, /\/issues$/, 'Body')
    await expect(await canvas.findByRole('combobox', { name: 'Body type' })).toHaveValue('json')
    const body = (await canvas.findByRole('textbox', { name: 'Body' })) as HTMLTextAreaElement
    await expect(JSON.parse(body.value)).toEqual({ title: 'Found a bug' })
    await expect(canvas.getByText('Valid JSON: sent as application/json.')).toBeVisible()
  },
}

export const JsonBodyDark: Story = { ...JsonBody, globals: { theme: 'dark' } }

/** An upload: a multipart body with a file part to choose and a documented purpose. */
export const MultipartBody: Story = {
  parameters: { route: UPLOAD },
  play: async (context) => {
    const { canvas, userEvent } = context
    await openTab(context, /\/v1\/files$/, 'Body')
    await expect(await canvas.findByRole('combobox', { name: 'Body type' })).toHaveValue(
      'multipart',
    )
    const names = await canvas.findAllByRole('textbox', { name: 'Part name' })
    await expect(names.map((n) => (n as HTMLInputElement).value)).toEqual(['file', 'purpose'])
    await expect(canvas.getByRole('textbox', { name: 'Value' })).toHaveValue('dispute_evidence')
    await expect(
      canvas.getByText('No file chosen: this part is left out.', { exact: false }),
    ).toBeVisible()
    const file = new File(['Paid in full'], 'receipt.txt', { type: 'text/plain' })
    await userEvent.upload(canvas.getByLabelText('File for file'), file)
    await expect(await canvas.findByText('File: receipt.txt')).toBeVisible()
    await expect(canvas.getByText(/1 of them a file sent as its bytes/)).toBeVisible()
  },
}

export const MultipartBodyDark: Story = { ...MultipartBody, globals: { theme: 'dark' } }

/** Basic, as Stripe's operation asks first: written to the header, read-only in the list. */
export const AuthBasic: Story = {
  play: async (context) => {
    const { canvas, userEvent } = context
    await openTab(context, /\/v1\/customers$/, 'Auth')
    await expect(await canvas.findByRole('combobox', { name: 'Authentication' })).toHaveValue(
      'basic',
    )
    await expect(
      canvas.getByText(/This operation asks for Basic auth \(basicAuth\), or Bearer token/),
    ).toBeVisible()
    await userEvent.type(canvas.getByRole('textbox', { name: 'User name' }), 'sk_test_1')
    await userEvent.click(canvas.getByRole('tab', { name: 'Headers' }))
    await expect(headersJson(canvas).Authorization).toBe(`Basic ${btoa('sk_test_1:')}`)
    const header = canvas
      .getAllByRole('textbox', { name: 'Header' })
      .find((field) => (field as HTMLInputElement).value === 'Authorization')!
    await expect(header).toBeDisabled()
    await userEvent.click(canvas.getByRole('button', { name: 'Set in Auth' }))
    await expect(await canvas.findByRole('combobox', { name: 'Authentication' })).toBeVisible()
  },
}

export const AuthBasicDark: Story = { ...AuthBasic, globals: { theme: 'dark' } }

/** Bearer, the operation's other choice. */
export const AuthBearer: Story = {
  play: async (context) => {
    const { canvas, userEvent } = context
    await openTab(context, /\/v1\/customers$/, 'Auth')
    await userEvent.selectOptions(
      await canvas.findByRole('combobox', { name: 'Authentication' }),
      'bearer',
    )
    await userEvent.type(canvas.getByRole('textbox', { name: 'Token' }), 'tok_123')
    await expect(canvas.getByText(/Written to the Authorization header as you type/)).toBeVisible()
    await userEvent.click(canvas.getByRole('tab', { name: 'Headers' }))
    await expect(headersJson(canvas).Authorization).toBe('Bearer tok_123')
  },
}

export const AuthBearerDark: Story = { ...AuthBearer, globals: { theme: 'dark' } }

/** An API key in a header under the document's name; then moved to the query. */
export const AuthApiKey: Story = {
  parameters: { route: UPLOAD },
  play: async (context) => {
    const { canvas, userEvent } = context
    await openTab(context, /\/v1\/files$/, 'Auth')
    await expect(await canvas.findByRole('combobox', { name: 'Authentication' })).toHaveValue(
      'apiKeyHeader',
    )
    await expect(canvas.getByRole('textbox', { name: 'Header name' })).toHaveValue('X-Api-Key')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Key' }), 'k_live')
    await userEvent.click(canvas.getByRole('tab', { name: 'Headers' }))
    await expect(headersJson(canvas)['X-Api-Key']).toBe('k_live')
    await userEvent.click(canvas.getByRole('tab', { name: 'Auth' }))
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Authentication' }),
      'apiKeyQuery',
    )
    const url = canvas.getByRole('textbox', { name: 'URL' }) as HTMLInputElement
    await waitFor(() => expect(url.value).toBe('https://files.example.com/v1/files?api_key=k_live'))
  },
}

export const AuthApiKeyDark: Story = { ...AuthApiKey, globals: { theme: 'dark' } }

/** A key in a cookie, as the document names it: the Cookie header. */
export const AuthApiKeyCookie: Story = {
  parameters: { route: COOKIE },
  play: async (context) => {
    const { canvas, userEvent } = context
    await openTab(context, /\/v1\/profile$/, 'Auth')
    await expect(await canvas.findByRole('combobox', { name: 'Authentication' })).toHaveValue(
      'apiKeyCookie',
    )
    await expect(canvas.getByRole('textbox', { name: 'Cookie name' })).toHaveValue('SESSIONID')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Key' }), 's3ss10n')
    await userEvent.click(canvas.getByRole('tab', { name: 'Headers' }))
    await expect(headersJson(canvas).Cookie).toBe('SESSIONID=s3ss10n')
  },
}

export const AuthApiKeyCookieDark: Story = { ...AuthApiKeyCookie, globals: { theme: 'dark' } }

/** A header value with no name is an error on the row, and Send says so rather than sending. */
export const UnnamedHeader: Story = {
  parameters: { route: '/tools/tester' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('textbox', { name: 'URL' }))
    await userEvent.paste('https://api.example.com/items')
    const values = canvas.getAllByRole('textbox', { name: 'Value' })
    await userEvent.type(values.at(-1)!, 'Bearer abc')
    const name = canvas.getAllByRole('textbox', { name: 'Header' }).at(-1)!
    await expect(name).toHaveAccessibleDescription(
      'Name this header: without a name it is not sent.',
    )
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(headersJson(canvas)).not.toHaveProperty('Authorization')
    await userEvent.click(canvas.getByRole('button', { name: 'Send Request' }))
    const message = await within(document.body).findByText(/A header has a value but no name/)
    // The message slides in.
    await waitFor(() => expect(message).toBeVisible())
  },
}

/** The documented answer instead of a request: labelled as not from the API, valid. */
export const ExampleAnswer: Story = {
  play: async (context) => {
    const { canvas, userEvent } = context
    await openTab(context, /\/v1\/customers$/, 'Headers')
    await userEvent.click(canvas.getByLabelText('Answer from the documentation (sends nothing)'))
    await userEvent.click(canvas.getByRole('button', { name: 'Show example answer' }))
    await expect(
      await canvas.findByText('Answer from the documentation, not from the API'),
    ).toBeVisible()
    await expect(canvas.getByLabelText('Example answer summary')).toHaveTextContent('200')
    await expect(canvas.getByText('Generated from the response schema')).toBeVisible()
    await expect(canvas.getByText('Valid against the documented response schema.')).toBeVisible()
    const body = JSON.parse(
      canvas.getByLabelText('Example answer body').textContent ?? '',
    ) as Record<string, unknown>
    await expect(body.object).toBe('customer')
    await expect(body.id).not.toBe('string')
  },
}

export const ExampleAnswerDark: Story = { ...ExampleAnswer, globals: { theme: 'dark' } }

/** An entry the public-apis list alone knows: the tester says it loaded only its documentation link. */
export const ListOnlyEntry: Story = {
  parameters: { route: '/tools/tester?api=dogs-dog-ceo' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        /has no machine-readable operations in the directory, only a documentation link/,
      ),
    ).toBeVisible()
    const url = canvas.getByRole('textbox', { name: 'URL' })
    await waitFor(() => expect(url).toHaveValue('https://dog.ceo/dog-api'))
  },
}
