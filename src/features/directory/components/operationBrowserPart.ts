import { preloadable } from '@/lib/preloadable'
import { OperationDetailsPart } from './operationDetailsPart'

// Every operation, grouped and explained, is a part of its own: it downloads when a visitor asks
// for it (a row, Explain all, the search, or an operation's link), never with the page
// (docs/performance.md), and the page's HTML keeps only the compact list.
export const OperationBrowserPart = preloadable(() =>
  import('./OperationBrowser').then((m) => m.OperationBrowser),
)

/**
 * Both parts loaded, for a page the server drew with an operation open: hydrated with them there,
 * React takes the server's operation over as it is. Hydrated before they had loaded, their
 * boundary waited for them, and an update of the page meanwhile had React draw the whole operation
 * again, in one task (synchronous, as the store's updates are): half a second on a slow phone.
 */
export const operationPartsLoaded = () =>
  Promise.allSettled([OperationBrowserPart.preload(), OperationDetailsPart.preload()])
