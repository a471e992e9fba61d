import { useId } from 'react'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { LatencyDay } from '@/contract/monitoring'
import { formatMs } from '@/lib/format'

const WIDTH = 600
const HEIGHT = 160
const PAD = { top: 12, right: 8, bottom: 22, left: 8 }
const DAYS = 30
const DAY_MS = 86_400_000

/** A round ceiling for the latency axis: 100, 200, 500, 1,000 ms and so on. */
function ceiling(ms: number) {
  for (let step = 100; ; step *= 10) {
    for (const factor of [1, 2, 5]) if (ms <= step * factor) return step * factor
  }
}

/** A point per day that answered, on the day's slot of the 30 that end with the last one. */
function line(
  days: LatencyDay[],
  pick: (day: LatencyDay) => number | null,
  x: (d: LatencyDay) => number,
  y: (ms: number) => number,
) {
  return days
    .flatMap((day) => {
      const ms = pick(day)
      return ms === null ? [] : [`${x(day).toFixed(1)},${y(ms).toFixed(1)}`]
    })
    .join(' ')
}

/**
 * Latency per day over 30 days, p50 and p95, drawn in SVG with theme colours (no chart library),
 * with a mark under each day that had a failed check. The figures themselves follow in a table a
 * person can open, which is also what a screen reader reads.
 */
export function LatencyChart({ days }: { days: LatencyDay[] }) {
  const titleId = useId()
  const last = days.at(-1)
  if (!last) return null
  // Anchored on the last measured day, not on today: the server's page and the browser agree.
  const end = Date.parse(`${last.day}T00:00:00Z`)
  const slot = (day: LatencyDay) =>
    DAYS - 1 - Math.round((end - Date.parse(`${day.day}T00:00:00Z`)) / DAY_MS)
  const shown = days.filter((day) => slot(day) >= 0)
  const top = ceiling(Math.max(1, ...shown.map((day) => day.p95Ms ?? day.p50Ms ?? 0)))
  const innerWidth = WIDTH - PAD.left - PAD.right
  const innerHeight = HEIGHT - PAD.top - PAD.bottom
  const x = (day: LatencyDay) => PAD.left + (slot(day) / (DAYS - 1)) * innerWidth
  const y = (ms: number) => PAD.top + innerHeight - (ms / top) * innerHeight
  const failed = shown.filter((day) => day.up < day.checks)
  const first = new Date(end - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10)
  const summary = `Latency per day from ${first} to ${last.day}: axis up to ${formatMs(top)}; ${failed.length === 0 ? 'no day had a failed check' : `${failed.length} ${failed.length === 1 ? 'day' : 'days'} with a failed check`}.`

  return (
    <Stack spacing={1}>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        sx={(theme) => {
          const palette = (theme.vars ?? theme).palette
          return {
            width: '100%',
            height: 'auto',
            display: 'block',
            '& .grid': { stroke: palette.divider, strokeWidth: 1 },
            '& .p50': { stroke: palette.primary.main, strokeWidth: 2.5, fill: 'none' },
            '& .p95': {
              stroke: palette.secondary.main,
              strokeWidth: 1.5,
              strokeDasharray: '5 4',
              fill: 'none',
            },
            '& .failed': { fill: palette.error.main },
            '& text': {
              fill: palette.text.secondary,
              fontSize: 12,
              fontFamily: theme.typography.fontFamily,
            },
          }
        }}
      >
        <title id={titleId}>{summary}</title>
        <line className="grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} />
        <line className="grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top)} y2={y(top)} />
        <text x={WIDTH - PAD.right} y={y(top) - 2} textAnchor="end">
          {formatMs(top)}
        </text>
        <polyline className="p95" points={line(shown, (day) => day.p95Ms, x, y)} />
        <polyline className="p50" points={line(shown, (day) => day.p50Ms, x, y)} />
        {failed.map((day) => (
          <rect
            key={day.day}
            className="failed"
            x={x(day) - 3}
            y={HEIGHT - PAD.bottom + 3}
            width={6}
            height={6}
          />
        ))}
        <text x={PAD.left} y={HEIGHT - 2}>
          {first}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 2} textAnchor="end">
          {last.day}
        </text>
      </Box>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} aria-hidden>
        <Typography variant="caption" sx={{ color: 'primary.main', fontWeight: 700 }}>
          ━ p50 (median)
        </Typography>
        <Typography variant="caption" sx={{ color: 'secondary.main', fontWeight: 700 }}>
          ┅ p95
        </Typography>
        <Typography variant="caption" sx={{ color: 'error.main', fontWeight: 700 }}>
          ■ a failed check that day
        </Typography>
      </Stack>
    </Stack>
  )
}
