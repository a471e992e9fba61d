import { useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import { makeTick, REFRESH_MS } from './monitorRules'
import { monitorTicked, selectIsActive } from './monitorSlice'
import type { MonitorClock, RandomSource } from './types'

/** Refreshes the metrics every 5 s while monitoring is active, from the given chance and clock. */
export function useMonitorTicker(random: RandomSource, clock: MonitorClock) {
  const dispatch = useAppDispatch()
  const active = useAppSelector(selectIsActive)
  useEffect(() => {
    if (!active) return
    return clock.every(REFRESH_MS, () => dispatch(monitorTicked(makeTick(random, clock.now()))))
  }, [active, clock, random, dispatch])
}
