import type { Meta, StoryObj } from '@storybook/react-vite'
import Logout from '@mui/icons-material/Logout'
import { expect, fn } from 'storybook/test'
import { ConfirmButton, type Schedule } from './ConfirmButton'

/** A timer that fires only when the story says, remembering how long it was asked to wait. */
function manualTimer() {
  let pending: { ms: number; callback: () => void } | null = null
  const schedule: Schedule = (ms, callback) => {
    const timer = { ms, callback }
    pending = timer
    return () => {
      if (pending === timer) pending = null
    }
  }
  return {
    schedule,
    waiting: () => pending?.ms ?? null,
    fire: () => {
      const timer = pending
      pending = null
      timer?.callback()
    },
  }
}

const meta = {
  title: 'Components/ConfirmButton',
  component: ConfirmButton,
  parameters: { layout: 'padded' },
  args: {
    children: 'Logout',
    variant: 'outlined',
    startIcon: <Logout />,
    onConfirm: fn(),
  },
} satisfies Meta<typeof ConfirmButton>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement()
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
}

const askTimer = manualTimer()

/** The first click only asks, for 3 seconds, and says so to screen readers as well. */
export const Asking: Story = {
  args: { schedule: askTimer.schedule },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }))
    await expect(canvas.getByRole('button', { name: 'Are you sure?' })).toBeVisible()
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Click again within 3 seconds to confirm.',
    )
    await expect(askTimer.waiting()).toBe(3000)
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
}

/** A second click within the 3 seconds confirms, once; the button then starts over. */
export const Confirmed: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Are you sure?' }))
    await expect(args.onConfirm).toHaveBeenCalledOnce()
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement()
  },
}

const lapseTimer = manualTimer()

/** After 3 seconds without a second click the question lapses; the next click asks again. */
export const Lapsed: Story = {
  args: { schedule: lapseTimer.schedule },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }))
    await expect(canvas.getByRole('button', { name: 'Are you sure?' })).toBeVisible()
    lapseTimer.fire()
    await expect(await canvas.findByRole('button', { name: 'Logout' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }))
    await expect(canvas.getByRole('button', { name: 'Are you sure?' })).toBeVisible()
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
}

/** Any label and question; a contained danger button as for deleting something. */
export const CustomLabels: Story = {
  args: {
    children: 'Delete post',
    confirmLabel: 'Delete it?',
    variant: 'contained',
    color: 'error',
    startIcon: undefined,
  },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete post' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Delete it?' }))
    await expect(args.onConfirm).toHaveBeenCalledOnce()
  },
}
