import { createRef } from 'react'
import { render, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import DeferredTouchRipple from './DeferredTouchRipple'

type Handle = Record<'start' | 'stop' | 'pulsate', (...args: unknown[]) => void>

describe('DeferredTouchRipple', () => {
  it("makes the calls ButtonBase made before MUI's ripple arrived, in order, once it has", async () => {
    const ref = createRef<Handle>()
    const { container } = render(
      <span style={{ position: 'relative' }}>
        <DeferredTouchRipple ref={ref} center />
      </span>,
    )
    // A press, at once, as ButtonBase makes it the moment it mounts its ripple.
    const stopped = vi.fn()
    ref.current!.start({ type: 'mousedown', clientX: 4, clientY: 4 })
    // The wave is drawn once the ripple's code is here.
    await waitFor(() => expect(container.querySelector('.MuiTouchRipple-root')).not.toBeNull())
    await waitFor(() =>
      expect(container.querySelectorAll('.MuiTouchRipple-ripple')).toHaveLength(1),
    )
    ref.current!.stop({ type: 'mouseup' }, stopped)
    await waitFor(() => expect(stopped).toHaveBeenCalledOnce())
  })

  it('makes a stop made before the code arrived call back, as Space on a focused button does', async () => {
    // A fresh copy, whose ripple has not arrived yet.
    vi.resetModules()
    const { default: Fresh } = await import('./DeferredTouchRipple')
    const ref = createRef<Handle>()
    const { container } = render(<Fresh ref={ref} />)
    const order: string[] = []
    ref.current!.pulsate()
    ref.current!.stop({ type: 'keydown' }, () => {
      order.push('stopped')
      ref.current!.start({ type: 'keydown' })
    })
    expect(order).toEqual([])
    await waitFor(() => expect(order).toEqual(['stopped']))
    await waitFor(() =>
      expect(container.querySelectorAll('.MuiTouchRipple-ripple').length).toBeGreaterThan(0),
    )
  })
})
