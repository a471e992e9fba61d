import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button, { type ButtonProps } from '@mui/material/Button'

/** How long the button waits for the second click. */
export const CONFIRM_TIMEOUT_MS = 3_000

/** A one-off timer that returns its cancel function; setTimeout unless a test or story says. */
export type Schedule = (ms: number, callback: () => void) => () => void

const timeout: Schedule = (ms, callback) => {
  const id = setTimeout(callback, ms)
  return () => clearTimeout(id)
}

/**
 * The timer every ConfirmButton below uses unless given its own. Storybook holds the question
 * until the second click, so a story's two clicks never race a busy machine's clock; the lapse
 * itself has a story with a manual timer.
 */
export const ConfirmScheduleContext = createContext<Schedule>(timeout)

type Props = Omit<ButtonProps, 'onClick' | 'children'> & {
  /** The label before the first click. */
  children: ReactNode
  onConfirm: () => void
  confirmLabel?: string
  timeoutMs?: number
  schedule?: Schedule
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const

/**
 * The first click asks 'Are you sure?' for 3 seconds; a second click within that time confirms,
 * and after it the button asks again from the start.
 */
export function ConfirmButton({
  children,
  onConfirm,
  confirmLabel = 'Are you sure?',
  timeoutMs = CONFIRM_TIMEOUT_MS,
  schedule: ownSchedule,
  color,
  ...button
}: Props) {
  const inherited = useContext(ConfirmScheduleContext)
  const schedule = ownSchedule ?? inherited
  const [asking, setAsking] = useState(false)
  useEffect(() => {
    if (!asking) return
    return schedule(timeoutMs, () => setAsking(false))
  }, [asking, schedule, timeoutMs])

  return (
    <>
      <Button
        {...button}
        color={asking ? 'warning' : color}
        onClick={() => {
          if (!asking) {
            setAsking(true)
            return
          }
          setAsking(false)
          onConfirm()
        }}
      >
        {asking ? confirmLabel : children}
      </Button>
      {/* The label changes under the pointer; this says so to screen readers too. */}
      <Box component="span" role="status" sx={visuallyHidden}>
        {asking ? `Click again within ${Math.round(timeoutMs / 1000)} seconds to confirm.` : ''}
      </Box>
    </>
  )
}
