import { Component, createRef, type ReactNode } from 'react'
import { act, render, screen, waitFor } from '@testing-library/react'
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

  it('draws no wave, and breaks nothing, when its code cannot be downloaded', async () => {
    vi.resetModules()
    vi.doMock('@mui/material/ButtonBase/TouchRipple', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    try {
      const { default: Offline } = await import('./DeferredTouchRipple')
      const ref = createRef<Handle>()
      render(
        <Boundary>
          <button type="button">
            Send
            <Offline ref={ref} />
          </button>
        </Boundary>,
      )
      ref.current!.start({ type: 'mousedown' })
      // The same download, failed, and what React then does with the ripple, all done.
      await act(() => import('@mui/material/ButtonBase/TouchRipple').catch(() => undefined))
      // A later press is not kept for a ripple that never comes.
      ref.current!.start({ type: 'mousedown' })
      expect(screen.queryByText('The part failed')).toBeNull()
      expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument()
      expect(document.querySelector('.MuiTouchRipple-root')).toBeNull()
    } finally {
      vi.doUnmock('@mui/material/ButtonBase/TouchRipple')
    }
  })
})

/** What the page around a button would show had the button failed. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError = () => ({ failed: true })
  render = () => (this.state.failed ? <p>The part failed</p> : this.props.children)
}
