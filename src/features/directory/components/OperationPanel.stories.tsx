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
