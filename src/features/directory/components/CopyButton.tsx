import { useState } from 'react'
import IconButton from '@mui/material/IconButton'
import Snackbar from '@mui/material/Snackbar'
import Tooltip from '@mui/material/Tooltip'
import ContentCopy from '@mui/icons-material/ContentCopyOutlined'

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
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={copy} size="small">
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
      <Snackbar
        open={message !== null}
        autoHideDuration={3000}
        onClose={() => setMessage(null)}
        message={message}
      />
    </>
  )
}
