import type { ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach } from 'vitest'
import { EARLY_CLICK_ATTRIBUTE } from '@/lib/earlyInput'

/**
 * For tests of what the commit that hands a part to React draws: each draw is flushed outside
 * act(), so what is there when React returns is what a visitor would see first (from a passive
 * effect, an update would come in a later task). Registers the hooks that turn React's act
 * environment off for each test and, after it, unmount what was drawn and clear the page and any
 * early press left noted.
 */
export function drawOutsideAct() {
  const roots: Root[] = []
  let actEnvironment: unknown
  beforeEach(() => {
    actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT')
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false)
  })
  afterEach(() => {
    for (const root of roots.splice(0)) root.unmount()
    document.body.innerHTML = ''
    document.documentElement.removeAttribute(EARLY_CLICK_ATTRIBUTE)
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment)
  })
  /** Draws `ui` in a new container in the page, once; the container. */
  return (ui: ReactNode) => {
    const container = document.body.appendChild(document.createElement('div'))
    const root = createRoot(container)
    roots.push(root)
    flushSync(() => root.render(ui))
    return container
  }
}
