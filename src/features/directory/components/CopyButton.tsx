import { useState } from 'react'
import IconButton from '@mui/material/IconButton'
import ContentCopy from '@mui/icons-material/ContentCopyOutlined'
import { DeferredSnackbar } from '@/components/Deferred/DeferredSnackbar'
import { DeferredTooltip } from '@/components/Deferred/DeferredTooltip'

/** Copies a text to the clipboard and says whether it worked. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [message, setMessage] = useState<string | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setMessage('Copied to the clipboard')
    } catch {
      setMessage('Could not copy: select the address and copy it by hand')
    }
  }
  return (
    <>
      <DeferredTooltip title={label}>
        <IconButton aria-label={label} onClick={copy} size="small">
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
