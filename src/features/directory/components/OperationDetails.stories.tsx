import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { operationsHandlers } from '@mocks/handlers/operations'
import {
  createIssueOperation,
  deprecatedOperation,
  noParametersOperation,
  truncatedOperation,
} from '@mocks/data/operations'
import { OperationDetails } from './OperationDetails'

const meta = {
  title: 'Components/OperationDetails',
  component: OperationDetails,
  args: { apiId: createIssueOperation.apiId, operationKey: createIssueOperation.operationKey },
} satisfies Meta<typeof OperationDetails>

export default meta
type Story = StoryObj<typeof meta>

/** Asked for and not answered yet. */
export const Loading: Story = {
  parameters: { msw: { handlers: { operations: operationsHandlers.loading } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading the operation…')
  },
}

/** GitHub's create-an-issue: path parameters, a JSON body with its fields and example, responses, auth. */
export const Loaded: Story = {
  play: async ({ canvas, userEvent }) => {
    const tryIt = await canvas.findByRole('link', { name: 'Try it' })
    await expect(tryIt).toHaveAttribute(
      'href',
      '/tools/tester?api=github-com-api-github-com&op=issues%2Fcreate',
    )
    await expect(canvas.getByRole('heading', { name: 'Parameters' })).toBeVisible()
    const params = within(canvas.getByRole('table'))
    await expect(params.getByText('owner')).toBeVisible()
    await expect(params.getByText('repo')).toBeVisible()
    const body = within(canvas.getByRole('group', { name: 'Request body application/json fields' }))
    await expect(body.getByText('title')).toBeVisible()
    // The example is a tab beside the schema.
    const tabs = within(
      canvas.getByRole('tablist', { name: 'Request body application/json: schema or example' }),
    )
    await userEvent.click(tabs.getByRole('tab', { name: 'Example' }))
    await expect(
      canvas.getByRole('region', { name: 'Request body application/json example' }),
    ).toBeVisible()
    // The documented answer: in the list of responses, and picked in the side panel's example.
    await expect(canvas.getAllByText('201', { selector: 'code' })[0]).toBeVisible()
    await expect(canvas.getByRole('button', { name: '201' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(canvas.getByRole('heading', { name: 'Authentication' })).toBeVisible()
  },
}

/** An operation that takes nothing: no parameters, no body. */
export const NoParameters: Story = {
  args: { operationKey: noParametersOperation.operationKey },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This operation takes no parameters.')).toBeVisible()
    await expect(canvas.getByText('This operation takes no request body.')).toBeVisible()
    await expect(canvas.queryByRole('table')).toBeNull()
  },
}

/** The server could not answer: said plainly, with a retry. */
export const Error: Story = {
  parameters: { msw: { handlers: { operations: operationsHandlers.error } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('The database is unavailable')
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

/** A deprecated operation is marked before anything else. */
export const Deprecated: Story = {
  args: { operationKey: deprecatedOperation.operationKey },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/This operation is deprecated/)).toBeVisible()
  },
}

/** Stripe's account object is larger than the tree keeps: shown truncated, and it says so. */
export const HugeSchemaTruncated: Story = {
  args: { apiId: truncatedOperation.apiId, operationKey: truncatedOperation.operationKey },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(/shown truncated/)).toBeVisible()
    // The cut branches are below the top fields: opened with "Expand all" on each schema.
    for (const button of canvas.getAllByRole('button', { name: 'Expand all' })) {
      await userEvent.click(button)
    }
    await expect(
      canvas.getAllByText(/Truncated: further fields are left out/).length,
    ).toBeGreaterThan(0)
  },
}

/** The request as code to copy: cURL, fetch, Python requests and Go, made when asked for. */
export const CodeToCopy: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Python requests' }))
    const python = await canvas.findByRole('region', { name: 'Python requests code' })
    await expect(python).toHaveTextContent('import requests')
    await expect(python).toHaveTextContent('https://api.github.com/repos/{owner}/{repo}/issues')
    await userEvent.click(canvas.getByRole('button', { name: 'cURL' }))
    await expect(await canvas.findByRole('region', { name: 'cURL code' })).toHaveTextContent(
      'curl --request POST',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Go net/http' }))
    await expect(await canvas.findByRole('region', { name: 'Go net/http code' })).toHaveTextContent(
      'net/http',
    )
  },
}
