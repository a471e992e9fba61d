import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { createManualMonitorClock, sequenceRandom } from '../manualClock'
import { makeTick, REFRESH_MS } from '../monitorRules'
import { initialMonitorState } from '../monitorSlice'
import type { Alert, MonitorState, Reading } from '../types'
import { MonitorScreen } from './MonitorScreen'

/** 2026-01-01T09:00:00Z, where every story's clock starts. */
const START = Date.UTC(2026, 0, 1, 9, 0, 0)

/** A seeded generator, so the sample history is the same on every run. */
function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return state / 2 ** 32
  }
}

const random = seeded(7)
/** Eleven simulated refreshes, then the current figures: a minute of history. */
const history: Reading[] = [
  ...Array.from({ length: 11 }, (_, index) => {
    const { at, metrics } = makeTick(random, START + index * REFRESH_MS)
    return { at, metrics }
  }),
  { at: START + 11 * REFRESH_MS, metrics: initialMonitorState.metrics },
]
const withHistory: MonitorState = { ...initialMonitorState, history }

const alert = (
  index: number,
  fields: Pick<Alert, 'type' | 'message' | 'severity'>,
  acknowledged = false,
): Alert => ({
  ...fields,
  id: `alert-${index}`,
  timestamp: new Date(START + index * REFRESH_MS).toISOString(),
  acknowledged,
})

const sampleAlerts: Alert[] = [
  alert(9, { type: 'error', message: 'High error rate detected', severity: 'high' }),
  alert(6, { type: 'memory', message: 'Memory usage above 80%', severity: 'medium' }, true),
  alert(2, { type: 'api', message: 'API response time degraded', severity: 'low' }),
]

const meta = {
  title: 'Screens/Monitor',
  component: MonitorScreen,
  // A clock that only moves when a story says so, a fixed chance, and no local storage.
  args: { clock: createManualMonitorClock(START), random: () => 0.5, storage: null },
  parameters: { route: '/monitor', store: { monitor: withHistory } },
} satisfies Meta<typeof MonitorScreen>

export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

/** The value, level and target a person reads on one metric card. */
const card = (canvas: Canvas, label: string) => {
  const section = within(canvas.getByRole('region', { name: label }))
  const texts = section.getAllByText(/./).map((element) => element.textContent)
  return {
    value: texts[2],
    level: texts[1],
    target: texts.at(-1),
    bar: section.getByRole('progressbar'),
  }
}

const levels = (canvas: Canvas) =>
  ['Page Load Time', 'API Response Time', 'Error Rate', 'Uptime', 'Memory Usage', 'CPU Usage'].map(
    (label) => card(canvas, label).level,
  )

export const Active: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Performance monitor' }),
    ).toBeVisible()
    await expect(canvas.getByRole('status')).toHaveTextContent('Monitoring Active')
    await expect(canvas.getByRole('button', { name: 'Pause' })).toBeVisible()

    await expect(card(canvas, 'Page Load Time')).toMatchObject({
      value: '1,245 ms',
      level: 'Good',
      target: 'Target: under 1500 ms',
    })
    await expect(card(canvas, 'API Response Time')).toMatchObject({
      value: '320 ms',
      target: 'Target: under 500 ms',
    })
    await expect(card(canvas, 'Error Rate')).toMatchObject({
      value: '0.8%',
      target: 'Target: under 2%',
    })
    await expect(card(canvas, 'Uptime')).toMatchObject({
      value: '99.9%',
      target: 'Target: over 99.5%',
    })
    await expect(card(canvas, 'Memory Usage')).toMatchObject({
      value: '54.3%',
      target: 'Target: under 70%',
    })
    await expect(card(canvas, 'CPU Usage')).toMatchObject({
      value: '27.6%',
      target: 'Target: under 60%',
    })
    await expect(levels(canvas)).toEqual(Array(6).fill('Good'))
    // Bars on their scales: 1245 of 3000 ms, 320 of 1500 ms, 0.8 of 10%.
    await expect(card(canvas, 'Page Load Time').bar).toHaveAttribute('aria-valuenow', '41.5')
    await expect(card(canvas, 'API Response Time').bar).toHaveAttribute('aria-valuenow', '21.3')
    await expect(card(canvas, 'Error Rate').bar).toHaveAttribute('aria-valuenow', '8')

    await expect(canvas.getByText('No alerts in the last 24 hours')).toBeVisible()
    const chart = await canvas.findByRole(
      'figure',
      { name: 'Response times (ms)' },
      { timeout: 30_000 },
    )
    await expect(chart).toBeVisible()
    await expect(canvas.getByRole('figure', { name: 'Rates and usage (%)' })).toBeVisible()
  },
}

const tickClock = createManualMonitorClock(START + 11 * REFRESH_MS)

/** One refresh with a fixed chance: every metric at its mid-range, and an alert at the top. */
export const Tick: Story = {
  args: { clock: tickClock, random: sequenceRandom([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.05, 0]) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No alerts in the last 24 hours')).toBeVisible()
    await waitFor(() => expect(tickClock.timers).toBe(1))
    tickClock.tick()
    await waitFor(() => expect(card(canvas, 'Page Load Time').value).toBe('1,500 ms'))
    await expect(card(canvas, 'API Response Time').value).toBe('600 ms')
    await expect(card(canvas, 'Error Rate').value).toBe('2.5%')
    await expect(card(canvas, 'Uptime').value).toBe('99.8%')
    await expect(card(canvas, 'Memory Usage').value).toBe('55.0%')
    await expect(card(canvas, 'CPU Usage').value).toBe('30.0%')
    await expect(levels(canvas)).toEqual(['Warning', 'Warning', 'Warning', 'Good', 'Good', 'Good'])
    await expect(card(canvas, 'Page Load Time').bar).toHaveAttribute('aria-valuenow', '50')

    const alerts = within(canvas.getByRole('list', { name: 'Recent alerts' }))
    await expect(alerts.getAllByRole('listitem')).toHaveLength(1)
    await expect(alerts.getByText('High error rate detected')).toBeVisible()
    await expect(alerts.getByText('HIGH')).toBeVisible()
  },
}

const pauseClock = createManualMonitorClock(START + 11 * REFRESH_MS)

/** Pause stops the refreshes, Resume starts them again. */
export const PauseAndResume: Story = {
  args: { clock: pauseClock, random: () => 0.9 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }))
    await expect(canvas.getByRole('status')).toHaveTextContent('Paused')
    await expect(pauseClock.timers).toBe(0)
    pauseClock.tick()
    await expect(card(canvas, 'Page Load Time').value).toBe('1,245 ms')

    await userEvent.click(canvas.getByRole('button', { name: 'Resume' }))
    await expect(canvas.getByRole('status')).toHaveTextContent('Monitoring Active')
    await waitFor(() => expect(pauseClock.timers).toBe(1))
    pauseClock.tick()
    // 500 + 0.9 × 2000 ms: over 2000, so red.
    await waitFor(() => expect(card(canvas, 'Page Load Time').value).toBe('2,300 ms'))
    await expect(card(canvas, 'Page Load Time').level).toBe('Critical')
  },
}

export const Paused: Story = {
  args: { clock: createManualMonitorClock(START) },
  parameters: { store: { monitor: { ...withHistory, active: false } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Paused')
    await expect(canvas.getByRole('button', { name: 'Resume' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument()
    await expect(card(canvas, 'Page Load Time').value).toBe('1,245 ms')
  },
}

export const WithAlerts: Story = {
  parameters: { store: { monitor: { ...withHistory, alerts: sampleAlerts } } },
  play: async ({ canvas }) => {
    const list = within(canvas.getByRole('list', { name: 'Recent alerts' }))
    const items = list.getAllByRole('listitem')
    await expect(items.map((item) => within(item).getAllByText(/./)[0]?.textContent)).toEqual([
      'HIGH',
      'MEDIUM',
      'LOW',
    ])
    await expect(within(items[0]!).getByText('High error rate detected')).toBeVisible()
    await expect(items[0]!.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-01-01T09:00:45.000Z',
    )
    await expect(within(items[1]!).getByText('Acknowledged')).toBeVisible()
    await expect(list.getAllByRole('button', { name: /^Acknowledge:/ })).toHaveLength(2)
    await expect(list.getAllByRole('button', { name: /^Dismiss:/ })).toHaveLength(3)
    await expect(canvas.getByLabelText('2 unacknowledged')).toBeVisible()
  },
}

/** Acknowledge marks an alert as seen; the cross removes it; the last one leaves the empty text. */
export const AcknowledgeAndDismiss: Story = {
  parameters: { store: { monitor: { ...withHistory, alerts: sampleAlerts } } },
  play: async ({ canvas, userEvent }) => {
    const list = within(canvas.getByRole('list', { name: 'Recent alerts' }))
    await userEvent.click(
      list.getByRole('button', { name: 'Acknowledge: High error rate detected' }),
    )
    await expect(list.getAllByText('Acknowledged')).toHaveLength(2)
    await expect(canvas.getByLabelText('1 unacknowledged')).toBeVisible()

    await userEvent.click(list.getByRole('button', { name: 'Dismiss: Memory usage above 80%' }))
    await expect(list.queryByText('Memory usage above 80%')).not.toBeInTheDocument()
    await expect(list.getAllByRole('listitem')).toHaveLength(2)

    await userEvent.click(list.getByRole('button', { name: 'Dismiss: High error rate detected' }))
    await userEvent.click(list.getByRole('button', { name: 'Dismiss: API response time degraded' }))
    await expect(canvas.getByText('No alerts in the last 24 hours')).toBeVisible()
    await expect(canvas.queryByLabelText(/unacknowledged/)).not.toBeInTheDocument()
  },
}

export const NoAlerts: Story = {
  parameters: { store: { monitor: { ...withHistory, alerts: [] } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No alerts in the last 24 hours')).toBeVisible()
    await expect(canvas.queryByRole('list', { name: 'Recent alerts' })).not.toBeInTheDocument()
  },
}

const highMetrics = {
  pageLoadTime: 2450,
  apiResponseTime: 1080,
  errorRate: 6.4,
  uptime: 98.6,
  memoryUsage: 91.2,
  cpuUsage: 86.5,
}

/** Every metric in its red band, with full or nearly full bars; the chart ends on the same reading. */
export const HighValues: Story = {
  parameters: {
    store: {
      monitor: {
        ...withHistory,
        metrics: highMetrics,
        history: [...history.slice(1), { at: START + 12 * REFRESH_MS, metrics: highMetrics }],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(levels(canvas)).toEqual(Array(6).fill('Critical'))
    await expect(card(canvas, 'Page Load Time').value).toBe('2,450 ms')
    await expect(card(canvas, 'API Response Time').value).toBe('1,080 ms')
    await expect(card(canvas, 'Error Rate').value).toBe('6.4%')
    await expect(card(canvas, 'Uptime').value).toBe('98.6%')
    await expect(card(canvas, 'Memory Usage').value).toBe('91.2%')
    await expect(card(canvas, 'CPU Usage').value).toBe('86.5%')
    await expect(card(canvas, 'Page Load Time').bar).toHaveAttribute('aria-valuenow', '81.7')
    await expect(card(canvas, 'API Response Time').bar).toHaveAttribute('aria-valuenow', '72')
    await expect(card(canvas, 'Error Rate').bar).toHaveAttribute('aria-valuenow', '64')
    await expect(card(canvas, 'CPU Usage').bar).toHaveAttribute('aria-valuenow', '86.5')
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  parameters: { store: { monitor: { ...withHistory, alerts: sampleAlerts } } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Performance monitor' }),
    ).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Switch to light mode' })).toBeVisible()
    await expect(
      await canvas.findByRole('figure', { name: 'Response times (ms)' }, { timeout: 30_000 }),
    ).toBeVisible()
  },
}
