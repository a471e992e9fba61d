// What a feature tells the first-party analytics (src/app/lib/analytics.ts) without importing the
// app: a search settled on, an operation sent from the tester. Kept until the tracker, which
// starts once the page is idle, listens; dropped if it never does (Do-Not-Track).

export type AnalyticsSignal =
  | { type: 'search'; query: string; results: number }
  | { type: 'operation_tried'; apiId: string; operationKey: string; status: number | null }

type Listener = (signal: AnalyticsSignal) => void

/** Signals kept before the tracker listens; a page makes only a few. */
const MAX_WAITING = 20

let listener: Listener | null = null
const waiting: AnalyticsSignal[] = []

export const reportToAnalytics = (signal: AnalyticsSignal) => {
  if (listener) listener(signal)
  else if (waiting.length < MAX_WAITING) waiting.push(signal)
}

/** The tracker's ear: gets what waited, then each signal as it comes. Returns a stop. */
export const listenToAnalytics = (next: Listener) => {
  listener = next
  for (const signal of waiting.splice(0)) next(signal)
  return () => {
    if (listener === next) listener = null
  }
}
