import { preloadable } from '@/lib/preloadable'

/**
 * One operation's explanation, a chunk of its own: drawn by the list of every operation, and
 * loaded ahead by the page when its address names an operation (OperationsSection).
 */
export const OperationDetailsPart = preloadable(() =>
  import('./OperationDetails').then((m) => m.OperationDetails),
)
