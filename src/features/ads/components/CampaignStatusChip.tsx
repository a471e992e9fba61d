import Chip, { type ChipProps } from '@mui/material/Chip'
import type { CampaignStatus } from '../types'

/** The status badge: green Active, yellow Paused, grey otherwise. */
const colours: Record<CampaignStatus, ChipProps['color']> = {
  Active: 'success',
  Paused: 'warning',
  Draft: 'default',
}

export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  return <Chip size="small" label={status} color={colours[status]} />
}
