import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { useColorScheme, useTheme, type Palette, type Theme } from '@mui/material/styles'
import { LineChart } from '@mui/x-charts/LineChart'
import { formatMs, formatPercent, formatTime } from '@/lib/format'
import { metricRules } from '../monitorRules'
import type { MetricKey, Reading } from '../types'

/** Read by assistive technology, not shown (the chart is the visual form of the same figures). */
const hidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const

const label = (key: MetricKey) => metricRules.find((rule) => rule.key === key)?.label ?? key

/** The theme's colours of the scheme on screen; the chart draws with plain colour values. */
function usePalette() {
  // The theme is built with colour schemes (src/app/theme); its type does not say so.
  const theme = useTheme<
    Theme & {
      colorSchemes?: Partial<Record<'light' | 'dark', { palette: Palette }>>
    }
  >()
  const { mode, systemMode } = useColorScheme()
  const scheme = (mode === 'system' ? systemMode : mode) ?? 'light'
  return theme.colorSchemes?.[scheme]?.palette ?? theme.palette
}

type PanelProps = {
  title: string
  readings: Reading[]
  keys: MetricKey[]
  colours: string[]
  format: (value: number) => string
  yMax?: number
}

function Panel({ title, readings, keys, colours, format, yMax }: PanelProps) {
  const id = `history-${keys[0]}`
  return (
    <Box component="figure" aria-labelledby={id} sx={{ m: 0 }}>
      <Typography component="figcaption" variant="body2" color="textSecondary" id={id}>
        {title}
      </Typography>
      <Box aria-hidden>
        <LineChart
          height={260}
          // The hidden table below gives the same figures to keyboard and screen-reader users.
          disableKeyboardNavigation
          margin={{ left: 8, right: 40, top: 16, bottom: 8 }}
          xAxis={[
            {
              data: readings.map((reading) => reading.at),
              scaleType: 'point',
              valueFormatter: (value: number) => formatTime(value) ?? '',
            },
          ]}
          yAxis={[
            { min: 0, max: yMax, width: 64, valueFormatter: (value: number) => format(value) },
          ]}
          series={keys.map((key, index) => ({
            data: readings.map((reading) => reading.metrics[key]),
            label: label(key),
            color: colours[index],
            showMark: readings.length < 2,
            // Straight segments: a smoothed curve would draw values that were never measured.
            curve: 'linear' as const,
            valueFormatter: (value: number | null) => (value === null ? '' : format(value)),
          }))}
          grid={{ horizontal: true }}
        />
      </Box>
      <Box sx={hidden}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              {keys.map((key) => (
                <th scope="col" key={key}>
                  {label(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {readings.map((reading) => (
              <tr key={reading.at}>
                <th scope="row">{formatTime(reading.at)}</th>
                {keys.map((key) => (
                  <td key={key}>{format(reading.metrics[key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  )
}

/** A line chart of the recent refreshes: durations in one panel, percentages in the other. */
export default function HistoryChart({ readings }: { readings: Reading[] }) {
  const palette = usePalette()
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel
          title="Response times (ms)"
          readings={readings}
          keys={['pageLoadTime', 'apiResponseTime']}
          colours={[palette.primary.main, palette.warning.main]}
          format={formatMs}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel
          title="Rates and usage (%)"
          readings={readings}
          keys={['uptime', 'memoryUsage', 'cpuUsage', 'errorRate']}
          colours={[
            palette.success.main,
            palette.info.main,
            palette.secondary.main,
            palette.error.main,
          ]}
          format={(value) => formatPercent(value, 1)}
          yMax={100}
        />
      </Grid>
    </Grid>
  )
}
