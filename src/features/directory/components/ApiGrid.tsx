import Box from '@mui/material/Box'
import { columns, span } from '@/components/Columns/columns'
import { HydrateLater } from '@/components/Deferred/HydrateLater'
import type { ApiSummary } from '@/contract/apis'
import { ApiCard } from './ApiCard'
import { CompareTraySlot } from './CompareTraySlot'

type Props = {
  apis: ApiSummary[]
  /** Where each card leads. */
  linkTo: (api: ApiSummary) => string
  label: string
}

const cell = span({ xs: 12, sm: 6, lg: 4 })

/** Cards in a responsive grid, as a list so a screen reader says how many there are. */
export function ApiGrid({ apis, linkTo, label }: Props) {
  return (
    <>
      <Box
        component="ul"
        aria-label={label}
        sx={{ ...columns(2.5), listStyle: 'none', p: 0, m: 0 }}
      >
        {apis.map((api) => (
          <Box key={api.id} component="li" sx={cell}>
            {/* Each card on its own: a press on one hydrates that card, not the whole grid. */}
            <HydrateLater>
              <ApiCard api={api} to={linkTo(api)} />
            </HydrateLater>
          </Box>
        ))}
      </Box>
      <CompareTraySlot />
    </>
  )
}
