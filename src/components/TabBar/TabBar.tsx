import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import type { SxProps, Theme } from '@mui/material/styles'
import { clickTakenEarly, forgetEarlyClick, takeEarlyClick } from '@/lib/earlyInput'

export type TabBarTab<V extends string> = {
  value: V
  label: ReactNode
  /** The tab's id, which its panel names with aria-labelledby. */
  id: string
  /** The id of the panel it shows. */
  controls: string
  /**
   * Its mark for a press before its part runs (data-early-click), when not its id: a part the app
   * draws afresh, rather than hydrates, has ids of its own (useId), so the mark is made from what
   * the tab shows.
   */
  earlyKey?: string
}

const earlyKeyOf = (tab: TabBarTab<string>) => tab.earlyKey ?? tab.id

type Props<V extends string> = {
  /** What the tabs choose between, for screen readers. */
  label: string
  value: V
  tabs: readonly TabBarTab<V>[]
  onChange: (value: V) => void
  /** `small`: a lower row, for tabs inside a section rather than over a page's panels. */
  size?: 'medium' | 'small'
  sx?: SxProps<Theme>
}

const KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
}

/**
 * A row of tabs as the WAI-ARIA tabs pattern has it (a tablist; the chosen tab in the tab order,
 * arrows, Home and End move and choose), looking as MUI's Tabs do, from the Button every page
 * already loads. MUI's Tabs with its scroll buttons and key handling is ~7 KB compressed on the
 * tester's first load (docs/performance.md); short tabs that never scroll need none of it.
 */
export function TabBar<V extends string>({
  label,
  value,
  tabs,
  onChange,
  size = 'medium',
  sx,
}: Props<V>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  // A tab pressed on the server's page before this ran (src/app/earlyInput.js noted it): chosen
  // now. Presses while it runs are its own; the note of them goes with it. In the commit that
  // hands the tabs to React: from a passive effect of the hydration the choice was drawn after
  // later updates (the tester's answer to a request sent before it ran came first, on Headers).
  useLayoutEffect(() => {
    const ids = tabs.map(earlyKeyOf)
    const pressed = takeEarlyClick(ids)
    const tab = tabs.find((candidate) => earlyKeyOf(candidate) === pressed)
    if (tab && tab.value !== value) onChange(tab.value)
    return () => forgetEarlyClick(ids)
    // Once, on mount: later presses go through onClick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const onKeyDown = (event: KeyboardEvent) => {
    const move = KEYS[event.key]
    if (!move) return
    event.preventDefault()
    const index = tabs.findIndex((tab) => tab.value === value)
    const next = move(Math.max(index, 0), tabs.length)
    onChange(tabs[next]!.value)
    buttons.current[next]?.focus()
  }
  return (
    <Box
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      // One row whatever the font: wrapping, a phone's row of five tabs took two lines in the
      // fallback font and one in Roboto, and the form below jumped when Roboto arrived (CLS 0.10).
      // Too narrow a screen scrolls the row; arrows bring the chosen tab into view.
      sx={[
        { display: 'flex', overflowX: 'auto', scrollbarWidth: 'thin' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {tabs.map((tab, index) => {
        const selected = tab.value === value
        return (
          <Button
            key={tab.value}
            ref={(node) => {
              buttons.current[index] = node
            }}
            role="tab"
            id={tab.id}
            data-early-click={earlyKeyOf(tab)}
            aria-selected={selected}
            aria-controls={tab.controls}
            tabIndex={selected ? 0 : -1}
            onClick={(event) => {
              // Its note is dropped, so no later part with the same mark chooses it again.
              clickTakenEarly(earlyKeyOf(tab), event.nativeEvent)
              onChange(tab.value)
            }}
            color={selected ? 'primary' : 'inherit'}
            sx={{
              minWidth: { xs: 0, sm: 90 },
              flexShrink: 0,
              whiteSpace: 'nowrap',
              minHeight: size === 'small' ? 36 : 48,
              py: size === 'small' ? 0.5 : undefined,
              px: { xs: 1.5, sm: 2 },
              borderRadius: 0,
              fontWeight: 600,
              color: selected ? 'primary.main' : 'text.secondary',
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
            }}
          >
            {tab.label}
          </Button>
        )
      })}
    </Box>
  )
}
