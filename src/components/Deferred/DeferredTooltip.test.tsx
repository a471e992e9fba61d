import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DeferredTooltip } from './DeferredTooltip'

/** Lets the component's own import of MUI's Tooltip finish and render. */
const tooltipLoaded = () =>
  act(async () => {
    await import('@mui/material/Tooltip')
  })

describe('DeferredTooltip', () => {
  it('names its child before MUI’s tooltip arrives, and opens for a pointer that came first', async () => {
    render(
      <DeferredTooltip title="Copy base URL">
        <button type="button">copy</button>
      </DeferredTooltip>,
    )
    // The name the tooltip gives is there from the first render, and the pointer arrives at once.
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Copy base URL' }))
    await tooltipLoaded()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy base URL')
  })

  it('downloads nothing until someone points at or focuses its child', async () => {
    render(
      <DeferredTooltip title="Copy base URL">
        <button type="button">copy</button>
      </DeferredTooltip>,
    )
    await tooltipLoaded()
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    // Still the plain button: MUI's tooltip marks the child it wraps.
    expect(screen.getByRole('button', { name: 'Copy base URL' })).not.toHaveAttribute(
      'data-mui-internal-clone-element',
    )
  })

  it('once loaded, opens on hover and closes when the pointer leaves', async () => {
    const user = userEvent.setup()
    render(
      <DeferredTooltip title="Copy base URL">
        <button type="button">copy</button>
      </DeferredTooltip>,
    )
    await user.hover(screen.getByRole('button', { name: 'Copy base URL' }))
    await tooltipLoaded()
    await user.unhover(screen.getByRole('button', { name: 'Copy base URL' }))
    await user.hover(screen.getByRole('button', { name: 'Copy base URL' }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy base URL')
    await user.unhover(screen.getByRole('button', { name: 'Copy base URL' }))
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument())
  })

  it('gives the focus back to its child when the tooltip takes it over', async () => {
    render(
      <DeferredTooltip title="Projects are coming soon">
        <button type="button">Add to Project</button>
      </DeferredTooltip>,
    )
    // Focused before the tooltip has loaded: the element inside the tooltip has the focus after.
    screen.getByText('Add to Project').focus()
    await tooltipLoaded()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Projects are coming soon')
    expect(screen.getByText('Add to Project')).toHaveFocus()
  })
})
