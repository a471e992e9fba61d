import type { PayloadAction, WithSlice } from '@reduxjs/toolkit'
import type { HistoryEntry } from '@/contract/testerRequest'
import { createAppSlice } from '@/lib/store/createAppSlice'
import { rootReducer } from '@/lib/store/store'
import type { Check } from './lib/checkTypes'

export const HISTORY_LIMIT = 50

/** A sent request as history keeps it (the request model's projection): secrets masked. */
export type { HistoryEntry }

export type TesterState = {
  /** Newest first. */
  history: HistoryEntry[]
  /** The current request's checks without code (lib/checks.ts), saved with it. */
  checks?: Check[]
}

const initialState: TesterState = { history: [] }

const NO_CHECKS: Check[] = []

export const testerSlice = createAppSlice({
  name: 'tester',
  initialState,
  reducers: (create) => ({
    /** What the browser kept, read after the page opened: behind anything sent meanwhile. */
    historyLoaded: create.reducer((state, { payload }: PayloadAction<HistoryEntry[]>) => {
      const sent = new Set(state.history.map((entry) => entry.id))
      state.history = [...state.history, ...payload.filter((entry) => !sent.has(entry.id))].slice(
        0,
        HISTORY_LIMIT,
      )
    }),
    requestRecorded: create.reducer((state, { payload }: PayloadAction<HistoryEntry>) => {
      state.history = [payload, ...state.history.filter((e) => e.id !== payload.id)].slice(
        0,
        HISTORY_LIMIT,
      )
    }),
    historyCleared: create.reducer((state) => {
      state.history = []
    }),
    /** The checks edited, or a saved request's loaded with it. */
    checksChanged: create.reducer((state, { payload }: PayloadAction<Check[]>) => {
      state.checks = payload
    }),
  }),
  selectors: {
    selectHistory: (state) => state.history,
    selectChecks: (state) => state.checks ?? NO_CHECKS,
  },
})

declare module '@/lib/store/store' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof testerSlice> {}
}

const injected = testerSlice.injectInto(rootReducer)

export const { historyLoaded, requestRecorded, historyCleared, checksChanged } = testerSlice.actions
export const { selectHistory, selectChecks } = injected.selectors
