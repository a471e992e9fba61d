import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { githubApi } from '@mocks/data/apis'
import { ApiDetailScreen } from './ApiDetailScreen'

// An API page on a phone (390 x 844) with an operation open from its address: one column, its
// auth and code before its parameters and schemas, and no word broken inside.
const meta = {
  title: 'Screens/ApiDetail/Phone',
  component: ApiDetailScreen,
  parameters: {
    route: `/apis/${githubApi.id}#op-issues.2Fcreate`,
    path: '/apis/:id',
    phone: { width: 390, height: 844 },
  },
} satisfies Meta<typeof ApiDetailScreen>

export default meta
type Story = StoryObj<typeof meta>

export const OperationOpen: Story = {
  play: async ({ canvas }) => {
    const section = within(await canvas.findByRole('region', { name: 'Endpoints' }))
    const aside = await section.findByRole('complementary', {
      name: 'Auth and code for POST /repos/{owner}/{repo}/issues',
    })
    const parameters = section.getByRole('heading', { name: 'Parameters' })
    // Auth and code come first on a narrow screen: before the parameters and the long schemas.
    await expect(
      aside.compareDocumentPosition(parameters) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    await expect(within(aside).getByRole('heading', { name: 'Authentication' })).toBeVisible()
    await expect(aside.getBoundingClientRect().top).toBeLessThan(
      parameters.getBoundingClientRect().top,
    )
    // A parameter's name and type keep whole: their cells are as wide as their words.
    for (const word of ['owner', 'string']) {
      const cell = within(section.getByRole('table')).getAllByText(word)[0]!
      await expect(cell.scrollWidth).toBeLessThanOrEqual(cell.clientWidth + 1)
      await expect(cell.getClientRects()).toHaveLength(1)
    }
    // The navigation of every operation sits above the list, folded behind a button. It comes
    // with the list, which draws the operation afresh in its row: the panel is looked up again.
    const toggle = await section.findByRole('button', { name: /^Operations by tag \(/ })
    const panel = await section.findByRole('complementary', {
      name: 'Auth and code for POST /repos/{owner}/{repo}/issues',
    })
    await expect(toggle.getBoundingClientRect().top).toBeLessThan(panel.getBoundingClientRect().top)
    // The response example follows the code, before the parameters.
    await expect(
      await within(panel).findByRole('heading', { name: 'Response example' }),
    ).toBeVisible()
    // Nothing makes the page scroll sideways.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
}

export const OperationOpenDark: Story = { ...OperationOpen, globals: { theme: 'dark' } }

/** The narrowest phone people use: still one column, nothing wider than the screen. */
export const Narrowest: Story = {
  ...OperationOpen,
  parameters: { phone: { width: 360, height: 740 } },
}
