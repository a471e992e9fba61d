import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ResultPages } from './ResultPages'

describe('ResultPages', () => {
  it('keeps the page numbers’ place, then shows them and moves to the page chosen', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<ResultPages count={3} page={1} onChange={onChange} aria-label="Result pages" />)
    const pages = await screen.findByRole('navigation', { name: 'Result pages' })
    expect(pages).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }))
    expect(onChange).toHaveBeenCalledWith(expect.anything(), 2)
  })
})
