import Stack from '@mui/material/Stack'
import Lock from '@mui/icons-material/LockOutlined'
import { Tag } from '@/components/Tag/Tag'
import type { ApiSummary } from '@/contract/apis'
import { authLabel } from '../lib/labels'
import { HealthBadge } from './HealthBadge'

type Props = Pick<ApiSummary, 'https' | 'cors' | 'free' | 'auth' | 'health'> & {
  showAuth?: boolean
}

/**
 * The last health check's outcome, then HTTPS, CORS and Free as measured or, failing that, as a
 * source says. Those three show only when true: null means nobody knows, and we never claim what
 * we do not know.
 */
export function ApiBadges({ https, cors, free, auth, health, showAuth = true }: Props) {
  const badges = [
    { label: 'HTTPS', on: https === true },
    { label: 'CORS', on: cors === true },
    { label: 'Free', on: free === true },
  ].filter((badge) => badge.on)
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <HealthBadge health={health} />
      {badges.map((badge) => (
        <Tag key={badge.label} label={badge.label} color="success" />
      ))}
      {showAuth && <Tag icon={<Lock aria-hidden />} label={authLabel(auth)} />}
    </Stack>
  )
}
