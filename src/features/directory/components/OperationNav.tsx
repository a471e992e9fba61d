import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import type { OperationSummary } from '@/contract/operations'
import { operationAnchor } from '@/shared/operationLinks'
import { useDrawnGroups } from './WindowedRows'

/** Operations a group lists before "Show all": the first, or those around the one being read. */
export const NAV_SHOWN = 100

/** A closed tag's height in the navigation. */
const TAG_HEIGHT = 30

type Props = {
  groups: [string, OperationSummary[]][]
  /** The operation being read: marked, its group open, kept in view. */
  current: string | undefined
  onOpen: (operationKey: string) => void
}

const item = {
  display: 'flex',
  gap: 0.75,
  alignItems: 'baseline',
  px: 1,
  py: 0.25,
  borderRadius: 1,
  color: 'text.primary',
  textDecoration: 'none',
  fontSize: '0.8125rem',
  '&:hover': { bgcolor: 'action.hover' },
  '&[aria-current]': { bgcolor: 'action.selected', fontWeight: 700 },
} as const

/**
 * Every operation by tag: a group opens to list its operations, the one being read is marked and
 * its group opened as the page scrolls, and a press opens one. On a wide screen it stands beside
 * the list as it scrolls; on a narrow one it sits above the list behind an "Operations by tag"
 * button, and closes again once an operation is picked so the reader sees it. The choice is made
 * in CSS, not by measuring the screen, so the server's page and the first render agree.
 */
export function OperationNav({ groups, current, onOpen }: Props) {
  const navId = useId()
  // Only a narrow screen folds the navigation away; a wide one always shows it.
  const [unfolded, setUnfolded] = useState(false)
  const [opened, setOpened] = useState<Set<string>>(new Set())
  const [whole, setWhole] = useState<Set<string>>(new Set())
  const groupOfKey = useMemo(() => {
    const out = new Map<string, string>()
    for (const [group, ops] of groups) for (const op of ops) out.set(op.operationKey, group)
    return out
  }, [groups])
  const currentGroup = current ? groupOfKey.get(current) : undefined
  // Tags are drawn a few dozen at a time from the one being read (useDrawnGroups).
  const drawn = useDrawnGroups(
    groups.length,
    groups.findIndex(([group]) => group === currentGroup),
  )
  const nav = useRef<HTMLElement>(null)
  const toggleGroup = useCallback((group: string, open: boolean) => {
    setOpened((before) => {
      const next = new Set(before)
      if (open) next.delete(group)
      else next.add(group)
      return next
    })
  }, [])
  const showAll = useCallback(
    (group: string) => setWhole((before) => new Set(before).add(group)),
    [],
  )
  const pick = useCallback(
    (operationKey: string) => {
      setUnfolded(false)
      onOpen(operationKey)
    },
    [onOpen],
  )

  // The marked operation stays in view inside the navigation, which scrolls on its own. Where it
  // is comes from an observer, after the browser has laid the page out for its next frame: asking
  // the element (offsetTop) laid out the whole page a second time at every step of a reader's
  // scrolling.
  useEffect(() => {
    const box = nav.current
    if (!box || !current || typeof IntersectionObserver === 'undefined') return
    const marked = box.querySelector<HTMLElement>('[aria-current]')
    if (!marked) return
    const observer = new IntersectionObserver(
      ([entry]) => {
        observer.disconnect()
        const view = entry?.rootBounds
        if (!entry || !view || view.height === 0 || entry.intersectionRatio >= 1) return
        const below = entry.boundingClientRect.top - view.top
        box.scrollTop = Math.max(0, box.scrollTop + below - view.height / 2)
      },
      { root: box, threshold: 1 },
    )
    observer.observe(marked)
    return () => observer.disconnect()
  }, [current])

  const total = groups.reduce((sum, [, ops]) => sum + ops.length, 0)
  return (
    <Box sx={{ position: { lg: 'sticky' }, top: { lg: 16 }, alignSelf: 'start', minWidth: 0 }}>
      <Button
        variant="outlined"
        aria-expanded={unfolded}
        aria-controls={navId}
        onClick={() => setUnfolded(!unfolded)}
        sx={{
          display: { xs: 'flex', lg: 'none' },
          width: '100%',
          justifyContent: 'flex-start',
          textAlign: 'left',
          mb: 1,
        }}
      >
        <Box component="span" aria-hidden sx={{ width: '1.25em', textAlign: 'left' }}>
          {unfolded ? '▾' : '▸'}
        </Box>
        Operations by tag ({groups.length} {groups.length === 1 ? 'tag' : 'tags'}, {total}{' '}
        {total === 1 ? 'operation' : 'operations'})
      </Button>
      <Box
        component="nav"
        id={navId}
        ref={nav}
        aria-label="Operations by tag"
        sx={{
          display: { xs: unfolded ? 'block' : 'none', lg: 'block' },
          maxHeight: { xs: '60vh', lg: 'calc(100vh - 32px)' },
          overflowY: 'auto',
          mb: { xs: 2, lg: 0 },
          // Widths, not the border shorthand: by breakpoint it would come after the colour and
          // reset it to the text's.
          borderStyle: 'solid',
          borderWidth: { xs: '1px', lg: '0 1px 0 0' },
          borderRadius: { xs: 1, lg: 0 },
          borderColor: 'divider',
          p: { xs: 1, lg: 0 },
          pr: 1,
          // Plain elements styled here once: an API may have over a thousand tags.
          '& ul': { listStyle: 'none', m: 0, p: 0 },
          // A tag scrolled out of the navigation's view is neither styled nor laid out: the
          // largest API has 829. Its place keeps its last height, a closed tag's until drawn.
          '& > ul > li': {
            contentVisibility: 'auto',
            containIntrinsicSize: `auto ${TAG_HEIGHT}px`,
          },
          '& ul ul': { pl: 2 },
          '& button.tag': {
            display: 'block',
            width: '100%',
            textAlign: 'left',
            font: 'inherit',
            fontSize: '0.875rem',
            fontWeight: 500,
            color: 'text.primary',
            bgcolor: 'transparent',
            border: 0,
            borderRadius: 1,
            px: 1,
            py: 0.5,
            cursor: 'pointer',
            overflowWrap: 'anywhere',
            '&:hover': { bgcolor: 'action.hover' },
            '&::before': { content: '"▸"', display: 'inline-block', width: '1.25em' },
            '&[aria-expanded="true"]::before': { content: '"▾"' },
            '& span': { color: 'text.secondary', fontSize: '0.75rem', ml: 0.5 },
          },
          '& a': item,
          '& a span:first-of-type': {
            fontFamily: 'monospace',
            fontSize: '0.6875rem',
            flex: 'none',
          },
          '& a span + span': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
          '& button:focus-visible, & a:focus-visible': {
            outline: 2,
            outlineColor: 'primary.main',
          },
        }}
      >
        <ul>
          {drawn.from > 0 && <li aria-hidden style={{ height: drawn.from * TAG_HEIGHT }} />}
          {groups.slice(drawn.from, drawn.to).map(([group, ops]) => (
            <NavGroup
              key={group}
              group={group}
              ops={ops}
              open={opened.has(group) || group === currentGroup}
              current={group === currentGroup ? current : undefined}
              whole={whole.has(group)}
              onToggle={toggleGroup}
              onShowAll={showAll}
              onPick={pick}
            />
          ))}
          {drawn.to < groups.length && (
            <li aria-hidden style={{ height: (groups.length - drawn.to) * TAG_HEIGHT }} />
          )}
        </ul>
      </Box>
    </Box>
  )
}

type GroupProps = {
  group: string
  ops: OperationSummary[]
  open: boolean
  /** The operation being read, when it is in this group. */
  current: string | undefined
  /** "Show all" was pressed: every operation listed. */
  whole: boolean
  onToggle: (group: string, open: boolean) => void
  onShowAll: (group: string) => void
  onPick: (operationKey: string) => void
}

/**
 * A tag and, open, its operations. Drawn again only when it changes: as the reader scrolls, the
 * group they leave and the one they enter, not every tag of a large API.
 */
const NavGroup = memo(function NavGroup({
  group,
  ops,
  open,
  current,
  whole,
  onToggle,
  onShowAll,
  onPick,
}: GroupProps) {
  const at = current ? ops.findIndex((op) => op.operationKey === current) : -1
  // The first hundred, or a hundred around the one being read: listing every operation up to it
  // made a group of thousands (the largest API's untagged operations) tens of thousands of
  // elements, laid out again each time the reader moved on.
  const from = whole || at < NAV_SHOWN ? 0 : Math.min(at - NAV_SHOWN / 2, ops.length - NAV_SHOWN)
  const to = whole ? ops.length : from + NAV_SHOWN
  const showAll = (label: string) => (
    <li>
      <Button size="small" onClick={() => onShowAll(group)}>
        {label}
      </Button>
    </li>
  )
  return (
    <li>
      <button
        type="button"
        className="tag"
        aria-expanded={open}
        onClick={() => onToggle(group, open)}
      >
        {group}
        <span>{ops.length}</span>
      </button>
      {open && (
        <ul>
          {from > 0 && showAll(`Show all ${ops.length}, from the first`)}
          {ops.slice(from, to).map((op) => (
            <li key={op.operationKey}>
              <a
                href={`#${operationAnchor(op.operationKey)}`}
                aria-current={op.operationKey === current ? 'location' : undefined}
                title={`${op.method} ${op.path}`}
                onClick={(event) => {
                  event.preventDefault()
                  onPick(op.operationKey)
                }}
              >
                <span>{op.method}</span>
                <span>{op.summary || op.path}</span>
              </a>
            </li>
          ))}
          {to < ops.length && showAll(`Show all ${ops.length}`)}
        </ul>
      )}
    </li>
  )
})
