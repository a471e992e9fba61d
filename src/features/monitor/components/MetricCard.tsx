import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import {
  barValue,
  formatMetric,
  metricLevel,
  type MetricLevel,
  type MetricRule,
} from '../monitorRules'

const levelColour = { good: 'success', warning: 'warning', critical: 'error' } as const
/** Colour is never the only sign: the level is also written. */
const levelLabel: Record<MetricLevel, string> = {
  good: 'Good',
  warning: 'Warning',
  critical: 'Critical',
}

/** One of the six metrics: value, level, a bar on the metric's scale and its target. */
export function MetricCard({ rule, value }: { rule: MetricRule; value: number }) {
  const level = metricLevel(rule, value)
  const titleId = `metric-${rule.key}`
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="body2" color="textSecondary" component="h2" id={titleId}>
            {rule.label}
          </Typography>
          <Chip size="small" label={levelLabel[level]} color={levelColour[level]} />
        </Stack>
        <Typography
          variant="h2"
          component="p"
          sx={{ mt: 1, mb: 1.5, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatMetric(rule, value)}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={barValue(rule, value)}
          color={levelColour[level]}
          aria-label={`${rule.label} on a scale up to ${formatMetric(rule, rule.scale)}`}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
          {rule.target}
        </Typography>
      </CardContent>
    </Card>
  )
}
