import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import DownloadOutlined from '@mui/icons-material/DownloadOutlined'
import type { TestResponseData } from '@/contract/tester'
import { bodyKind, downloadName, previewDocument, type BodyKind } from '../lib/responseBody'
import { formatBytes } from '../lib/format'
import { JsonTree } from '@/components/JsonTree/JsonTree'
import { TextLines } from '@/components/WindowedList/WindowedList'

// The answer's body, read the way its type asks: JSON as a tree, pretty or raw; an image as an
// image; HTML previewed in a sandbox or as source; anything else as text or base64.

type View = 'tree' | 'pretty' | 'raw' | 'image' | 'preview' | 'source'

const VIEWS: Record<BodyKind, { value: View; label: string }[]> = {
  json: [
    { value: 'tree', label: 'Tree' },
    { value: 'pretty', label: 'Pretty' },
    { value: 'raw', label: 'Raw' },
  ],
  image: [
    { value: 'image', label: 'Image' },
    { value: 'source', label: 'Source' },
  ],
  html: [
    { value: 'preview', label: 'Preview' },
    { value: 'source', label: 'Source' },
  ],
  text: [],
  binary: [],
  none: [],
}

function bodyBytes(data: TestResponseData): Uint8Array<ArrayBuffer> {
  if (data.bodyEncoding === 'base64') {
    const binary = atob(String(data.data))
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i)
    return bytes
  }
  const text =
    data.bodyEncoding === 'json' ? JSON.stringify(data.data, null, 2) : String(data.data ?? '')
  return new TextEncoder().encode(text)
}

/** Saves the body as a file, named after the URL and typed as it came. */
function download(data: TestResponseData) {
  const blob = new Blob([bodyBytes(data)], {
    type: data.contentType ?? 'application/octet-stream',
  })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = downloadName(data.url, data.contentType, data.bodyEncoding)
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

function ImageBody({ data }: { data: TestResponseData }) {
  const [size, setSize] = useState<string | null>(null)
  const type = (data.contentType ?? 'image/png').split(';')[0]?.trim() ?? 'image/png'
  const src =
    data.bodyEncoding === 'base64'
      ? `data:${type};base64,${String(data.data)}`
      : `data:${type};charset=utf-8,${encodeURIComponent(String(data.data))}`
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        sx={{
          p: 2,
          borderRadius: 1,
          backgroundColor: 'action.hover',
          maxWidth: '100%',
          overflow: 'auto',
          maxHeight: 480,
        }}
      >
        <Box
          component="img"
          src={src}
          alt={`The response image (${type}, ${formatBytes(data.size.body)})`}
          onLoad={(event) => {
            const image = event.currentTarget as HTMLImageElement
            setSize(`${image.naturalWidth} × ${image.naturalHeight} px`)
          }}
          onError={() => setSize('The browser could not show this image')}
          sx={{ display: 'block', maxWidth: '100%', height: 'auto' }}
        />
      </Box>
      <Typography variant="body2" color="textSecondary" role="status">
        {type}
        {size ? `, ${size}` : ''}
      </Typography>
    </Stack>
  )
}

function HtmlPreview({ html }: { html: string }) {
  return (
    <Stack spacing={1}>
      <Box
        component="iframe"
        title="HTML preview"
        // No token at all: no scripts, no forms, no popups, no same origin (docs/security.md).
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={previewDocument(html)}
        sx={{
          width: '100%',
          height: 480,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
        }}
      />
      <Typography variant="body2" color="textSecondary">
        Previewed in a sandbox: its scripts do not run and nothing loads from the network, so
        styles, fonts and images from elsewhere are missing.
      </Typography>
    </Stack>
  )
}

export function ResponseBody({ data }: { data: TestResponseData }) {
  const kind = bodyKind(data)
  const views = VIEWS[kind]
  const [view, setView] = useState<View | undefined>(views[0]?.value)
  if (kind === 'none') {
    return <Typography color="textSecondary">The response has no body.</Typography>
  }
  const text = String(data.data ?? '')
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {views.length > 0 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: View | null) => next && setView(next)}
            aria-label="Body view"
          >
            {views.map((v) => (
              <ToggleButton key={v.value} value={v.value}>
                {v.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        {kind === 'binary' && (
          <Typography variant="body2" color="textSecondary">
            Binary body ({data.contentType ?? 'unknown type'}), shown as base64.
          </Typography>
        )}
        <Button
          size="small"
          startIcon={<DownloadOutlined />}
          onClick={() => download(data)}
          sx={{ ml: 'auto' }}
        >
          Download
        </Button>
      </Stack>
      {kind === 'json' && view === 'tree' && <JsonTree value={data.data} />}
      {kind === 'json' && view === 'pretty' && (
        <TextLines text={JSON.stringify(data.data, null, 2)} label="Response body" />
      )}
      {kind === 'json' && view === 'raw' && (
        <>
          <TextLines text={JSON.stringify(data.data)} label="Response body" />
          <Typography variant="body2" color="textSecondary">
            Compact JSON as the server read it: spacing may differ from the bytes sent.
          </Typography>
        </>
      )}
      {kind === 'image' && view === 'image' && <ImageBody data={data} />}
      {kind === 'html' && view === 'preview' && <HtmlPreview html={text} />}
      {(kind === 'text' ||
        kind === 'binary' ||
        ((kind === 'html' || kind === 'image') && view === 'source')) && (
        <TextLines text={text} label="Response body" />
      )}
    </Stack>
  )
}
