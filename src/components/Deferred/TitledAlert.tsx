import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import type { DeferredAlertProps } from './DeferredAlert'

/** An alert with its title, the chunk DeferredAlert loads. */
export default function TitledAlert({ title, children, ...props }: DeferredAlertProps) {
  return (
    <Alert {...props}>
      {title !== undefined && <AlertTitle>{title}</AlertTitle>}
      {children}
    </Alert>
  )
}
