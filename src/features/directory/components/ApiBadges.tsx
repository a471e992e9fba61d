import Stack from '@mui/material/Stack'
import Lock from '@mui/icons-material/LockOutlined'
import { Tag } from '@/components/Tag/Tag'
import type { ApiSummary } from '@/contract/apis'
import { authLabel } from '../lib/labels'

type Props = Pick<ApiSummary, 'https' | 'cors' | 'free' | 'auth'> & { showAuth?: boolean }

/**
 * HTTPS, CORS and Free as the record says. A badge shows only when the source says true: null means
 * the source does not say, and we never claim what we do not know.
 */
export function ApiBadges({ https, cors, free, auth, showAuth = true }: Props) {
  const badges = [
    { label: 'HTTPS', on: https === true },
    { label: 'CORS', on: cors === true },
    { label: 'Free', on: free === true },
  ].filter((badge) => badge.on)
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {badges.map((badge) => (
        <Tag key={badge.label} label={badge.label} color="success" />
      ))}
      {showAuth && <Tag icon={<Lock aria-hidden />} label={authLabel(auth)} />}
    </Stack>
  )
}
