import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { createIssueOperation } from '@mocks/data/operations'
import { OperationPanel } from './OperationPanel'

const meta = {
  title: 'Components/OperationPanel',
  component: OperationPanel,
  args: {
    operation: {
      ...createIssueOperation,
      codeSamples: [
        {
          lang: 'Shell',
          label: 'GitHub CLI',
          source: 'gh issue create --repo octocat/hello-world --title "Found a bug"',
        },
        { lang: 'JavaScript', source: 'await octokit.rest.issues.create({ owner, repo, title })' },
      ],
    },
  },
} satisfies Meta<typeof OperationPanel>

export default meta
type Story = StoryObj<typeof meta>

/** The document's own x-codeSamples sit in the side panel, after the code made for every operation. */
export const DocumentCodeSamples: Story = {
  play: async ({ canvas }) => {
    const side = within(
      canvas.getByRole('complementary', {
        name: 'Auth and code for POST /repos/{owner}/{repo}/issues',
      }),
    )
    await expect(side.getByRole('heading', { name: 'Code from the document' })).toBeVisible()
    await expect(
      side.getByRole('region', { name: 'GitHub CLI code from the document' }),
    ).toHaveTextContent('gh issue create')
    await expect(
      side.getByRole('region', { name: 'JavaScript code from the document' }),
    ).toBeVisible()
    await expect(side.getByRole('button', { name: 'Copy GitHub CLI code' })).toBeVisible()
  },
}

export const DocumentCodeSamplesDark: Story = { ...DocumentCodeSamples, globals: { theme: 'dark' } }

/** The side panel ends with a response example, a button per status the document lists. */
export const SidePanelResponseExample: Story = {
  play: async ({ canvas, userEvent }) => {
    const side = within(
      canvas.getByRole('complementary', {
        name: 'Auth and code for POST /repos/{owner}/{repo}/issues',
      }),
    )
    await expect(side.getByRole('heading', { name: 'Response example' })).toBeVisible()
    const picker = within(
      side.getByRole('group', {
        name: 'Response status for POST /repos/{owner}/{repo}/issues',
      }),
    )
    await expect(picker.getByRole('button', { name: '201' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await userEvent.click(picker.getByRole('button', { name: '422' }))
    await expect(
      side.getByText('Validation failed, or the endpoint has been spammed.'),
    ).toBeVisible()
  },
}

export const SidePanelResponseExampleDark: Story = {
  ...SidePanelResponseExample,
  globals: { theme: 'dark' },
}
