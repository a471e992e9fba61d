import type { PayloadAction, WithSlice } from '@reduxjs/toolkit'
import { createAppSlice } from '@/lib/store/createAppSlice'
import { rootReducer } from '@/lib/store/store'
import { HISTORY_LENGTH, MAX_ALERTS } from './monitorRules'
import type { MonitorState, Tick } from './types'

/** Where the demo starts: healthy figures, monitoring on, no alerts yet, no history yet. */
export const initialMonitorState: MonitorState = {
  active: true,
  metrics: {
    pageLoadTime: 1245,
    apiResponseTime: 320,
    errorRate: 0.8,
    uptime: 99.92,
    memoryUsage: 54.3,
    cpuUsage: 27.6,
  },
  alerts: [],
  history: [],
}

export const monitorSlice = createAppSlice({
  name: 'monitor',
  initialState: initialMonitorState,
  reducers: (create) => ({
    monitorToggled: create.reducer((state) => {
      state.active = !state.active
    }),
    /** All six metrics replaced; a new alert goes first; at most 10 are kept. */
    monitorTicked: create.reducer((state, { payload }: PayloadAction<Tick>) => {
      if (!state.active) return
      state.metrics = payload.metrics
      state.history.push({ at: payload.at, metrics: payload.metrics })
      if (state.history.length > HISTORY_LENGTH)
        state.history.splice(0, state.history.length - HISTORY_LENGTH)
      if (payload.alert) {
        state.alerts.unshift(payload.alert)
        state.alerts.splice(MAX_ALERTS)
      }
    }),
    alertAcknowledged: create.reducer((state, { payload }: PayloadAction<{ id: string }>) => {
      const alert = state.alerts.find((item) => item.id === payload.id)
      if (alert) alert.acknowledged = true
    }),
    alertDismissed: create.reducer((state, { payload }: PayloadAction<{ id: string }>) => {
      state.alerts = state.alerts.filter((item) => item.id !== payload.id)
    }),
    monitorRestored: create.reducer((_state, { payload }: PayloadAction<MonitorState>) => payload),
    monitorReset: create.reducer(() => initialMonitorState),
  }),
  selectors: {
    selectMonitorState: (state) => state,
    selectIsActive: (state) => state.active,
    selectMetrics: (state) => state.metrics,
    selectAlerts: (state) => state.alerts,
    selectHistory: (state) => state.history,
    selectUnacknowledgedCount: (state) =>
      state.alerts.filter((alert) => !alert.acknowledged).length,
  },
})

declare module '@/lib/store/store' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof monitorSlice> {}
}

const injected = monitorSlice.injectInto(rootReducer)

export const {
  monitorToggled,
  monitorTicked,
  alertAcknowledged,
  alertDismissed,
  monitorRestored,
  monitorReset,
} = monitorSlice.actions

export const {
  selectMonitorState,
  selectIsActive,
  selectMetrics,
  selectAlerts,
  selectHistory,
  selectUnacknowledgedCount,
} = injected.selectors
