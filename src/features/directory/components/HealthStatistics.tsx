import Stack from '@mui/material/Stack'
import { Note } from '@/components/Note/Note'
import Typography from '@mui/material/Typography'
import type { ApiHealth } from '@/contract/apiHealth'
import { formatMs, formatPercent, formatRelative } from '@/lib/format'
import { checkedAgo, corsSentence, healthLabel } from '../lib/health'

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
      <Typography color="textSecondary" sx={{ flexGrow: 1 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, textAlign: 'right' }}>{value}</Typography>
    </Stack>
  )
}

function httpsText(health: ApiHealth) {
  if (health.https === null) return null
  if (!health.https) return 'No'
  return health.redirectsToHttps ? 'Yes, http:// redirects' : 'Yes'
}

/**
 * What our health checker measured (server/health/): status and when, median response time and
 * availability over 30 days, HTTPS and its certificate, and CORS in plain words. Before a first
 * check it says so; a try that found no network on our side is told as ours, not the API's.
 */
export function HealthStatistics({ health }: { health: ApiHealth | null }) {
  if (!health) {
    return (
      <Stack spacing={1}>
        <Row label="Status" value="Not checked yet" />
        <Typography variant="body2" color="textSecondary">
          Not checked yet: our checker visits every API once a day, and shows its status, response
          time and availability here once it has.
        </Typography>
      </Stack>
    )
  }
  const ago = checkedAgo(health)
  const https = httpsText(health)
  // A date, the same on the server's page and in any time zone.
  const expires = health.tls.expiresAt?.slice(0, 10)
  const cors = corsSentence(health.cors.verdict)
  const unavailableAgo = health.networkUnavailableAt && formatRelative(health.networkUnavailableAt)
  return (
    <Stack spacing={1}>
      <Row label="Status" value={healthLabel(health)} />
      {ago && (
        // Relative to now: the server's page and the browser may round a minute apart.
        <Typography
          variant="body2"
          color="textSecondary"
          sx={{ textAlign: 'right' }}
          suppressHydrationWarning
        >
          {ago}
          {health.status === 'down' && health.error ? ` (${health.error})` : ''}
        </Typography>
      )}
      {health.medianLatencyMs !== null && (
        <Row label="Median response time" value={formatMs(health.medianLatencyMs)} />
      )}
      {health.availability !== null && (
        <Row
          label="Availability, 30 days"
          value={formatPercent(health.availability * 100, health.availability === 1 ? 0 : 1)}
        />
      )}
      {https && <Row label="Served over HTTPS" value={https} />}
      {expires && <Row label="Certificate expires" value={expires} />}
      {cors && (
        <Typography variant="body2" sx={{ pt: 0.5 }}>
          <strong>CORS:</strong> {cors}
        </Typography>
      )}
      {unavailableAgo && (
        <Note>
          <span suppressHydrationWarning>
            Our last try, {unavailableAgo}, found no network on our side: nothing was measured, and
            the API is not marked down.
          </span>
        </Note>
      )}
      <Typography variant="caption" color="textSecondary">
        Measured by our checker{health.checks > 0 ? ` over ${health.checks} checks` : ''}.
      </Typography>
    </Stack>
  )
}
