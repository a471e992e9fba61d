import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import type { DeferredAlertProps } from './DeferredAlert'

/**
 * MUI's Paper puts an elevated surface's shadow in a style attribute, which the CSP of a page the
 * server draws blocks, so such a page would be left for the browser to draw (src/app/ssr). An alert
 * has no shadow: its root is an outlined Paper instead, with the outline only where the alert's own
 * variant draws one.
 */
const FLAT_ROOT = { variant: 'outlined' } as object

/** An alert with its title, the chunk DeferredAlert loads. */
export default function TitledAlert({
  title,
  children,
  sx,
  slotProps,
  ...props
}: DeferredAlertProps) {
  return (
    <Alert
      {...props}
      slotProps={{ ...slotProps, root: { ...FLAT_ROOT, ...slotProps?.root } }}
      sx={[props.variant === 'outlined' ? {} : { border: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {title !== undefined && <AlertTitle>{title}</AlertTitle>}
      {children}
    </Alert>
  )
}
