import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerServiceWorker, SERVICE_WORKER_URL } from './register'

const page = (readyState: DocumentReadyState) => {
  const listeners: (() => void)[] = []
  return {
    document: { readyState },
    addEventListener: (_type: string, listener: () => void) => {
      listeners.push(listener)
    },
    load: () => listeners.forEach((listener) => listener()),
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site once the page has loaded', async () => {
    const register = vi.fn().mockResolvedValue({})
    const target = page('loading')
    registerServiceWorker({ register }, target)
    expect(register).not.toHaveBeenCalled()
    target.load()
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' })
  })

  it('registers at once on a page that has already loaded', () => {
    const register = vi.fn().mockResolvedValue({})
    registerServiceWorker({ register }, page('complete'))
    expect(register).toHaveBeenCalledOnce()
  })

  it('only logs a failed registration', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const error = vi.spyOn(console, 'error')
    const failure = new Error('The script has an unsupported MIME type')
    registerServiceWorker({ register: vi.fn().mockRejectedValue(failure) }, page('complete'))
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce())
    expect(warn).toHaveBeenCalledWith(
      'Service worker registration failed; offline reading is off.',
      failure,
    )
    expect(error).not.toHaveBeenCalled()
  })

  it('does nothing where browsers have no service workers', () => {
    expect(() => registerServiceWorker(undefined, page('complete'))).not.toThrow()
  })
})
