import type { Conformance, MonitoringEvent, SpecChange } from '@/contract/monitoring'
import type { TagColor } from '@/components/Tag/Tag'

/**
 * A measured time as the monitoring pages print it: in UTC, to the minute, so the server's page and
 * every visitor's browser show the same text.
 */
export function measuredAt(iso: string) {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`
}

/** The date alone: `2026-11-28`. */
export const measuredOn = (iso: string) => iso.slice(0, 10)

export const CONFORMANCE_LABELS: Record<Conformance['status'], string> = {
  matches: 'Matches its document',
  drifted: 'Drifted',
  'undocumented-status': 'Undocumented status',
}

export const conformanceColor = (status: Conformance['status']): TagColor =>
  status === 'matches' ? 'success' : status === 'drifted' ? 'error' : 'warning'

export const CHANGE_LEVEL_LABELS: Record<SpecChange['level'], string> = {
  breaking: 'Breaking',
  warning: 'Warning',
  info: 'Info',
}

/** The tag of a change the server did not see happen: it lies between two directory snapshots. */
export const DIRECTORY_CHANGE_LABEL = 'Directory snapshots'

/**
 * Where a change comes from, after its versions: found by this server (and when), or between two
 * published snapshots of the APIs.guru directory, which each version's label names and dates.
 */
export const changeProvenance = (change: SpecChange) =>
  change.source === 'directory'
    ? `${change.fromVersion} → ${change.toVersion}: between two published snapshots of the APIs.guru directory, not seen by this server`
    : `${change.fromVersion} → ${change.toVersion}, found ${measuredAt(change.detectedAt)}`

export const changeLevelColor = (level: SpecChange['level']): TagColor =>
  level === 'breaking' ? 'error' : level === 'warning' ? 'warning' : 'default'

/**
 * A change of state in words. `previous` is the event before it in time for the same operation (or
 * the API itself), so a return to health reads as a recovery.
 */
export function eventSentence(event: MonitoringEvent, previous: MonitoringEvent | undefined) {
  const operation = event.operationKey ?? 'An operation'
  switch (event.kind) {
    case 'up':
      return previous?.kind === 'down' ? 'Back up: its address answers again' : 'Found up'
    case 'down':
      return `Went down${event.detail ? `: ${event.detail}` : ''}`
    case 'matches':
      return previous && previous.kind !== 'matches'
        ? `${operation} answers as its document says again`
        : `${operation} answers as its document says`
    case 'drifted':
      return `${operation} drifted from its document${event.detail ? `: ${event.detail}` : ''}`
    case 'undocumented-status':
      return `${operation} answered with a status its document does not list${event.detail ? `: ${event.detail}` : ''}`
  }
}

/** The event before each one in time, for the same operation (or the API itself), newest first. */
export function withPrevious(events: readonly MonitoringEvent[]) {
  const isApiEvent = (event: MonitoringEvent) => event.kind === 'up' || event.kind === 'down'
  return events.map((event, index) => ({
    event,
    previous: events
      .slice(index + 1)
      .find((older) =>
        isApiEvent(event) ? isApiEvent(older) : older.operationKey === event.operationKey,
      ),
  }))
}

/** A recovery: back up after being down, or matching again after drifting. */
export const isRecovery = (event: MonitoringEvent, previous: MonitoringEvent | undefined) =>
  previous !== undefined &&
  ((event.kind === 'up' && previous.kind === 'down') ||
    (event.kind === 'matches' && previous.kind !== 'matches'))
