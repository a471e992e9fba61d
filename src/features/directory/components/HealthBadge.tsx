import CheckCircle from '@mui/icons-material/CheckCircleOutlined'
import ErrorOutline from '@mui/icons-material/ErrorOutlined'
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined'
import { Tag } from '@/components/Tag/Tag'
import type { ApiHealthBadge } from '@/contract/apiHealth'
import { healthLabel } from '../lib/health'

/** The last health check's outcome, as our checker measured it: Working, Down or Not checked yet. */
export function HealthBadge({ health }: { health: ApiHealthBadge | null }) {
  const status = health?.status ?? null
  return (
    <Tag
      label={healthLabel(health)}
      color={status === 'up' ? 'success' : status === 'down' ? 'error' : 'default'}
      icon={
        status === 'up' ? (
          <CheckCircle aria-hidden />
        ) : status === 'down' ? (
          <ErrorOutline aria-hidden />
        ) : (
          <HelpOutline aria-hidden />
        )
      }
    />
  )
}
