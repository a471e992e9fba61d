import { lazy, Suspense, useEffect } from 'react'
import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Container from '@mui/material/Container'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import FiberManualRecord from '@mui/icons-material/FiberManualRecord'
import Pause from '@mui/icons-material/Pause'
import PlayArrow from '@mui/icons-material/PlayArrow'
import { MockupHeader } from '@/components/MockupHeader/MockupHeader'
import { paths } from '@/lib/paths'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import {
  browserStorage,
  useDemoPersistence,
  type DemoStorage,
} from '@/lib/store/useDemoPersistence'
import { AlertsList } from '../components/AlertsList'
import { MetricCard } from '../components/MetricCard'
import { metricRules, REFRESH_MS, systemClock } from '../monitorRules'
import {
  alertAcknowledged,
  alertDismissed,
  monitorReset,
  monitorRestored,
  monitorToggled,
  selectAlerts,
  selectHistory,
  selectIsActive,
  selectMetrics,
  selectMonitorState,
  selectUnacknowledgedCount,
} from '../monitorSlice'
import { monitorStateSchema, type MonitorClock, type RandomSource } from '../types'
import { useMonitorTicker } from '../useMonitorTicker'

// The chart library is the heaviest part of the page; it loads after the figures are on screen.
const loadHistoryChart = () => import('../components/HistoryChart')
const HistoryChart = lazy(loadHistoryChart)

export const MONITOR_STORAGE_KEY = 'api-atlas.demo.monitor'

/** The demo's readings and alerts, kept in this browser across reloads. */
const persistence = {
  key: MONITOR_STORAGE_KEY,
  schema: monitorStateSchema,
  select: selectMonitorState,
  restored: monitorRestored,
}

type Props = {
  /** Where the simulated figures come from. */
  random?: RandomSource
  /** What time it is, and the 5-second timer. */
  clock?: MonitorClock
  /** Where the demo state survives a reload; `null` keeps it in memory only. */
  storage?: DemoStorage | null
}

/** The Performance monitor mock-up: simulated metrics, alerts and their history. */
export function MonitorScreen({
  random = Math.random,
  clock = systemClock,
  storage = browserStorage,
}: Props) {
  useDemoPersistence(storage, persistence)
  useMonitorTicker(random, clock)
  // Fetch the chart with the page, even before the first reading, so nothing is fetched later.
  useEffect(() => {
    void loadHistoryChart()
  }, [])
  const dispatch = useAppDispatch()
  const active = useAppSelector(selectIsActive)
  const metrics = useAppSelector(selectMetrics)
  const alerts = useAppSelector(selectAlerts)
  const unacknowledged = useAppSelector(selectUnacknowledgedCount)
  const history = useAppSelector(selectHistory)

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <MockupHeader
        title="Performance monitor"
        description="Simulated page, API and server metrics of API Atlas, with alerts and history."
        path={paths.monitor}
        subtitle={`Simulated figures, refreshed every ${REFRESH_MS / 1000} seconds while monitoring is active.`}
        onReset={() => dispatch(monitorReset())}
      >
        <Box role="status">
          <Chip
            icon={<FiberManualRecord aria-hidden />}
            label={active ? 'Monitoring Active' : 'Paused'}
            color={active ? 'success' : 'default'}
            variant="outlined"
          />
        </Box>
        <Button
          variant="contained"
          color={active ? 'secondary' : 'primary'}
          startIcon={active ? <Pause /> : <PlayArrow />}
          onClick={() => dispatch(monitorToggled())}
        >
          {active ? 'Pause' : 'Resume'}
        </Button>
      </MockupHeader>

      <Grid container spacing={2} component="section" aria-label="Metrics" sx={{ mb: 4 }}>
        {metricRules.map((rule) => (
          <Grid key={rule.key} size={{ xs: 12, sm: 6, md: 4 }}>
            <MetricCard rule={rule} value={metrics[rule.key]} />
          </Grid>
        ))}
      </Grid>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="alerts-heading"
            sx={{ p: 3, height: '100%' }}
          >
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="h2" id="alerts-heading" sx={{ fontSize: '1.25rem' }}>
                Recent Alerts
              </Typography>
              {unacknowledged > 0 && (
                <Badge
                  badgeContent={unacknowledged}
                  color="error"
                  slotProps={{ badge: { 'aria-label': `${unacknowledged} unacknowledged` } }}
                  sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                />
              )}
            </Stack>
            <AlertsList
              alerts={alerts}
              onAcknowledge={(id) => dispatch(alertAcknowledged({ id }))}
              onDismiss={(id) => dispatch(alertDismissed({ id }))}
            />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="history-heading"
            sx={{ p: 3, height: '100%' }}
          >
            <Typography variant="h2" id="history-heading" sx={{ fontSize: '1.25rem', mb: 2 }}>
              Performance History
            </Typography>
            {history.length === 0 ? (
              <Typography color="textSecondary" sx={{ py: 5, textAlign: 'center' }}>
                The chart fills in with a reading every {REFRESH_MS / 1000} seconds while monitoring
                is active.
              </Typography>
            ) : (
              <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
                <HistoryChart readings={history} />
              </Suspense>
            )}
          </Paper>
        </Grid>
      </Grid>
    </Container>
  )
}
