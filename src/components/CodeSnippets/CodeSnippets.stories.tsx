import type { Meta, StoryObj } from '@storybook/react-vite'
import Button from '@mui/material/Button'
import { expect, waitFor } from 'storybook/test'
import { CodeSnippets } from './CodeSnippets'

const meta = {
  title: 'Components/CodeSnippets',
  component: CodeSnippets,
  parameters: { layout: 'padded' },
  args: {
    request: {
      method: 'POST',
      url: 'https://api.example.com/v1/customers',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"jenny@example.com"}',
    },
    initial: 'cURL',
    renderCopy: ({ label }) => <Button size="small">{label}</Button>,
  },
} satisfies Meta<typeof CodeSnippets>

export default meta
type Story = StoryObj<typeof meta>

/** Opens on cURL; another language is one press away, with its own copy control. */
export const Languages: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'cURL' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const curl = await canvas.findByRole('region', { name: 'cURL code' })
    await expect(curl).toHaveTextContent('--request POST')
    await expect(curl).toHaveTextContent('jenny@example.com')
    await userEvent.click(canvas.getByRole('button', { name: 'Python requests' }))
    const python = await canvas.findByRole('region', { name: 'Python requests code' })
    await expect(python).toHaveTextContent('import requests')
    await expect(canvas.getByRole('button', { name: 'Copy Python requests code' })).toBeVisible()
  },
}

/** No language picked yet: only the choices, and no code is made until one is. */
export const NothingPicked: Story = {
  args: { initial: undefined },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'Go net/http' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect(canvas.queryByRole('region')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Go net/http' }))
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: 'Go net/http code' })).toHaveTextContent(
        'http.NewRequest',
      ),
    )
  },
}

/** A request whose address is not a full one: the code cannot be made, and it says why. */
export const CannotBeMade: Story = {
  args: { request: { method: 'GET', url: 'api.example.com/items', headers: {}, body: '' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'The code could not be made: the URL is not a full address (https://…)',
    )
  },
}

export const LanguagesDark: Story = { ...Languages, globals: { theme: 'dark' } }
