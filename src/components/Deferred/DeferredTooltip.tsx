import { cloneElement, useEffect, useState, type ReactElement, type Ref } from 'react'
import type MuiTooltip from '@mui/material/Tooltip'

type ChildProps = { ref?: Ref<HTMLElement> }

const loadTooltip = () => import('@mui/material/Tooltip')

/**
 * MUI's Tooltip, downloaded when someone first points at or focuses its child: with its Popper it
 * is about 12 KB compressed that most visits never use, so it is no part of any page's first load
 * (docs/performance.md). Until it arrives the child already has the accessible name the tooltip
 * gives it, and the pointer or focus that asked for it opens the tooltip as soon as it is there.
 */
export function DeferredTooltip({
  title,
  children,
}: {
  title: string
  children: ReactElement<ChildProps>
}) {
  const [Tooltip, setTooltip] = useState<typeof MuiTooltip | null>(null)
  const [open, setOpen] = useState(false)
  const [focused, setFocused] = useState(false)
  const [node, setNode] = useState<HTMLElement | null>(null)
  const wanted = open || focused

  useEffect(() => {
    if (!wanted || Tooltip) return
    let live = true
    void loadTooltip().then((module) => {
      if (live) setTooltip(() => module.default)
    })
    return () => {
      live = false
    }
  }, [wanted, Tooltip])

  // Inside the tooltip the child is a new element: it gets back the focus the first one had.
  useEffect(() => {
    if (Tooltip && focused) node?.focus()
  }, [Tooltip, focused, node])

  if (!Tooltip) {
    return cloneElement(children as ReactElement<Record<string, unknown>>, {
      'aria-label': title,
      onMouseOver: () => setOpen(true),
      onMouseLeave: () => setOpen(false),
      onFocus: () => {
        setFocused(true)
        setOpen(true)
      },
      onBlur: () => {
        setFocused(false)
        setOpen(false)
      },
    })
  }
  return (
    <Tooltip title={title} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
      {cloneElement(children, { ref: setNode })}
    </Tooltip>
  )
}
