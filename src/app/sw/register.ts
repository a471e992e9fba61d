export const SERVICE_WORKER_URL = '/sw.js'

type Registrar = Pick<ServiceWorkerContainer, 'register'>
type Page = {
  document: { readyState: string }
  addEventListener: (type: 'load', listener: () => void, options: { once: true }) => void
}

/**
 * Registers /sw.js once the page has loaded, so the worker's precaching never competes with the
 * first load. Failing to register only costs offline reading: it is logged, never shown
 * (docs/offline.md).
 */
export function registerServiceWorker(
  container: Registrar | undefined = globalThis.navigator?.serviceWorker,
  target: Page = window,
) {
  if (!container) return
  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed; offline reading is off.', error)
    })
  }
  if (target.document.readyState === 'complete') register()
  else target.addEventListener('load', register, { once: true })
}
