import Grid from '@mui/material/Grid'
import type { ApiSummary } from '@/contract/apis'
import { ApiCard } from './ApiCard'

type Props = {
  apis: ApiSummary[]
  /** Where each card leads. */
  linkTo: (api: ApiSummary) => string
  label: string
}

/** Cards in a responsive grid, as a list so a screen reader says how many there are. */
export function ApiGrid({ apis, linkTo, label }: Props) {
  return (
    <Grid
      container
      spacing={2.5}
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {apis.map((api) => (
        <Grid key={api.id} component="li" size={{ xs: 12, sm: 6, lg: 4 }}>
          <ApiCard api={api} to={linkTo(api)} />
        </Grid>
      ))}
    </Grid>
  )
}
