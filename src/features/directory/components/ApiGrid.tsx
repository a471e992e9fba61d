import { memo } from 'react'
import { useLocation } from 'react-router-dom'
import Box from '@mui/material/Box'
import { columns, span } from '@/components/Columns/columns'
import { HydrateOnUse, mayHold } from '@/components/Deferred/HydrateOnUse'
import type { ApiSummary } from '@/contract/apis'
import { pickedBeforeStart } from '../lib/compareSelection'
import { ApiCard } from './ApiCard'
import { CompareTraySlot } from './CompareTraySlot'

type Props = {
  apis: ApiSummary[]
  /** Where each card leads. */
  linkTo: (api: ApiSummary) => string
  label: string
}

const cell = span({ xs: 12, sm: 6, lg: 4 })

/**
 * A card as the server drew it until it is used: a press, a key, a pointer or a focus on it
 * hydrates that card alone (HydrateOnUse). With picks kept from before, every card is taken over
 * (pickedBeforeStart). Memoized: a render of the grid with the same API leaves a waiting card
 * waiting.
 */
const Card = memo(function Card({ api, to, now }: { api: ApiSummary; to: string; now: boolean }) {
  return (
    <HydrateOnUse now={now}>
      <ApiCard api={api} to={to} />
    </HydrateOnUse>
  )
})

/** Cards in a responsive grid, as a list so a screen reader says how many there are. */
export function ApiGrid({ apis, linkTo, label }: Props) {
  const picksKept = pickedBeforeStart()
  const { key: address } = useLocation()
  return (
    <>
      <Box
        component="ul"
        // The server's cards are let go, not hydrated one by one, once the address changes.
        key={mayHold(address) ? 'drawn-by-server' : 'drawn-here'}
        aria-label={label}
        sx={{ ...columns(2.5), listStyle: 'none', p: 0, m: 0 }}
      >
        {apis.map((api) => (
          <Box key={api.id} component="li" sx={cell}>
            <Card api={api} to={linkTo(api)} now={picksKept} />
          </Box>
        ))}
      </Box>
      <CompareTraySlot />
    </>
  )
}
