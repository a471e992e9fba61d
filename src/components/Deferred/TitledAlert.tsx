import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import type { DeferredAlertProps } from './DeferredAlert'
import { FLAT_ALERT_ROOT } from './flatAlertRoot'

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
      slotProps={{ ...slotProps, root: { ...FLAT_ALERT_ROOT, ...slotProps?.root } }}
      sx={[props.variant === 'outlined' ? {} : { border: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {title !== undefined && <AlertTitle>{title}</AlertTitle>}
      {children}
    </Alert>
  )
}
