import { useLayoutEffect, useState } from 'react'
import IconButton from '@mui/material/IconButton'
import ContentCopy from '@mui/icons-material/ContentCopyOutlined'
import { DeferredSnackbar } from '@/components/Deferred/DeferredSnackbar'
import { DeferredTooltip } from '@/components/Deferred/DeferredTooltip'
import { forgetEarlyClick, takeEarlyClick } from '@/lib/earlyInput'

const COPIED = 'Copied to the clipboard'
const NOT_COPIED = 'Could not copy: select the address and copy it by hand'

/** Copies a text to the clipboard and says whether it worked. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [message, setMessage] = useState<string | null>(null)
  // Pressed on the server's page before this ran: the early-input script (src/app/earlyInput.js)
  // copied at once, while the press allowed it; this says how that went, in the commit that hands
  // the button to React (as TabBar does): from a passive effect of the hydration, the message was
  // drawn after updates that came later.
  const early = `copy:${label}`
  useLayoutEffect(() => {
    const outcomes = [early, `${early}:failed`]
    const pressed = takeEarlyClick(outcomes)
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (pressed) setMessage(pressed === early ? COPIED : NOT_COPIED)
    return () => forgetEarlyClick(outcomes)
  }, [early])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setMessage(COPIED)
    } catch {
      setMessage(NOT_COPIED)
    }
  }
  return (
    <>
      <DeferredTooltip title={label}>
        <IconButton
          aria-label={label}
          onClick={copy}
          size="small"
          data-early-click={early}
          data-early-copy={text}
        >
          <ContentCopy fontSize="small" />
        </IconButton>
      </DeferredTooltip>
      <DeferredSnackbar
        open={message !== null}
        autoHideDuration={3000}
        onClose={() => setMessage(null)}
        message={message}
      />
    </>
  )
}
