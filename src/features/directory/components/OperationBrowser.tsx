import {
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useLocation } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTheme } from '@mui/material/styles'
import { skipToken } from '@reduxjs/toolkit/query'
import type { Endpoint } from '@/contract/apis'
import type { OperationMethod, OperationSummary } from '@/contract/operations'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'
import { PathText } from '@/components/PathText/PathText'
import { errorMessage } from '@/lib/store/errors'
import { namedOperationKey, operationAnchor, operationKeyOfAnchor } from '@/shared/operationLinks'
import { directoryApi, useListOperationsQuery, useSearchOperationsQuery } from '../api/directoryApi'
import { useSettled } from '../lib/useSettled'
import { MethodChip } from './EndpointList'
import { OperationNav } from './OperationNav'
// An operation's explanation arrives with the first one a visitor opens.
import { OperationDetailsPart as OperationDetails } from './operationDetailsPart'
import {
  BELOW_HEADER_PX,
  KeepInView,
  ROW_HEIGHT,
  WindowedGroup,
  useDrawnGroups,
  useCurrent,
  useCurrentOperation,
  type CurrentOperation,
} from './WindowedRows'

const UNTAGGED = 'Other operations'

const summaryRow = {
  display: 'flex',
  alignItems: 'flex-start',
  gap: 1.5,
  py: 1,
  cursor: 'pointer',
  listStyle: 'none',
  '&::-webkit-details-marker': { display: 'none' },
  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
} as const

type Props = {
  apiId: string
  /** A row of the compact list pressed before this part came: opened once the list is here. */
  pressed?: Endpoint
  /** An operation opened: the page gives it its address (a new history entry). */
  onOpen: (operationKey: string) => void
}

const groupOf = (op: OperationSummary) => op.tags[0] ?? UNTAGGED

/** A group's height before it is first drawn: its heading and its closed rows. */
const groupHeight = (rows: number) => 32 + rows * ROW_HEIGHT
/** The space above each group: its section's top margin, also counted in the space kept. */
const GROUP_GAP = 16

/**
 * Operations by their group, groups in the order they first appear. Each group's list grows in
 * place: the largest API has thousands of operations under one tag.
 */
const byGroup = (operations: readonly OperationSummary[]) => {
  const out = new Map<string, OperationSummary[]>()
  for (const op of operations) {
    const group = groupOf(op)
    const list = out.get(group)
    if (list) list.push(op)
    else out.set(group, [op])
  }
  return [...out]
}

/**
 * Every operation of an API, grouped by its first tag, filtered by method and by words (the
 * server's search over the whole document, best first); each opens in place (a disclosure) and
 * loads its explanation then. `/apis/{id}#op-…` or `?op=` opens one, before the list has come; back and
 * forward move between them. The rows are drawn as they near the screen (the largest API has
 * 22,361), and on a wide screen a navigation of every operation, by tag, follows the scrolling.
 */
export function OperationBrowser({ apiId, pressed, onOpen }: Props) {
  const { hash, search } = useLocation()
  const linkedKey = namedOperationKey(search, hash)
  // The operation an address names comes first: the whole list of a large API is many requests
  // and a large drawing, so it is asked for once that operation has its answer (or has failed).
  const linked = directoryApi.endpoints.getOperation.useQueryState(
    linkedKey === undefined ? skipToken : { apiId, operationKey: linkedKey },
  )
  const [listWanted, setListWanted] = useState(linkedKey === undefined)
  if (!listWanted && (linkedKey === undefined || linked.isSuccess || linked.isError)) {
    setListWanted(true)
  }
  const listed = useListOperationsQuery(apiId, { skip: !listWanted })
  const { error, isFetching, refetch } = listed
  // The list is drawn in the background, in slices that leave the page answering; the operation
  // shown alone stays until it is.
  const currentData = useDeferredValue(listed.currentData)
  // Until then the operation the address names is the list's one row, drawn as it will be in the
  // list: when the list comes, React keeps that row, and what the reader has opened and chosen in
  // it (folds, levels, tabs, examples), rather than drawing it afresh.
  const alone = currentData ? undefined : linked.currentData
  const filterId = useId()
  const [text, setText] = useState('')
  const [methods, setMethods] = useState<OperationMethod[]>([])
  const [open, setOpen] = useState<Set<string>>(() => {
    return new Set(linkedKey ? [linkedKey] : [])
  })
  // A new #op-… while the list is open (a link followed on the page) opens that operation too.
  const [seenHash, setSeenHash] = useState(hash)
  if (hash !== seenHash) {
    setSeenHash(hash)
    const key = operationKeyOfAnchor(hash)
    if (key && !open.has(key)) setOpen(new Set(open).add(key))
  }

  const operations = useMemo(
    () => currentData?.operations ?? (alone ? [alone] : []),
    [currentData, alone],
  )
  const listedOperations = useMemo(() => currentData?.operations ?? [], [currentData])
  // The pressed row's operation gets its address once the list says which it is; the address
  // then opens it, as any #op-… does.
  const pressedDone = useRef(false)
  useEffect(() => {
    if (!pressed || pressedDone.current || !currentData) return
    pressedDone.current = true
    const op = currentData.operations.find(
      (o) => o.method === pressed.method && o.path === pressed.path,
    )
    if (op) onOpen(op.operationKey)
  }, [pressed, currentData, onOpen])
  const wanted = useSettled(text.trim(), 200)
  const searched = useSearchOperationsQuery({ apiId, search: wanted }, { skip: wanted === '' })
  // The methods and navigation are the whole list's, so they wait for it.
  const present = useMemo(
    () => [...new Set(listedOperations.map((op) => op.method))] as OperationMethod[],
    [listedOperations],
  )
  const searching = text.trim() !== ''
  const found = searching && wanted === text.trim() ? searched.currentData : undefined
  const matching = useMemo(() => {
    const byMethod = (op: OperationSummary) => methods.length === 0 || methods.includes(op.method)
    return searching ? (found?.operations ?? []).filter(byMethod) : operations.filter(byMethod)
  }, [searching, found, operations, methods])
  // A search's matches stay in their order, best first; the list is grouped by tag.
  const groups = useMemo(
    () => (searching ? [['Best matches first', matching] as const] : byGroup(matching)),
    [searching, matching],
  )
  const navGroups = useMemo(() => byGroup(listedOperations), [listedOperations])
  // A long list of groups is drawn a few dozen at a time from the one the address names, the
  // space of those not yet drawn kept by their rows' height.
  const wantedGroup = useMemo(
    () => groups.findIndex(([, ops]) => ops.some((op) => op.operationKey === linkedKey)),
    [groups, linkedKey],
  )
  const drawn = useDrawnGroups(groups.length, wantedGroup)
  const spaceOf = (first: number, end: number) =>
    groups.slice(first, end).reduce((sum, [, ops]) => sum + GROUP_GAP + groupHeight(ops.length), 0)
  const { current, observe } = useCurrentOperation()
  const theme = useTheme()

  const toggle = useCallback(
    (key: string, isOpen: boolean) => {
      setOpen((before) => {
        if (before.has(key) === isOpen) return before
        const next = new Set(before)
        if (isOpen) next.add(key)
        else next.delete(key)
        return next
      })
      // The address names the operation last opened, so it can be copied and shared.
      if (isOpen) onOpen(key)
    },
    [onOpen],
  )

  const openFromNav = useCallback((key: string) => toggle(key, true), [toggle])
  // One function for as long as the same operations are open, so that each group of rows is
  // drawn again only when its own rows change.
  const row = useCallback(
    (op: OperationSummary) => {
      const isOpen = open.has(op.operationKey)
      return (
        <Box component="li" key={op.operationKey} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <details
            id={operationAnchor(op.operationKey)}
            ref={observe}
            data-operation={op.operationKey}
            open={isOpen}
            onToggle={(event) => toggle(op.operationKey, event.currentTarget.open)}
          >
            <Box component="summary" sx={summaryRow}>
              <MethodChip method={op.method} />
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  component="code"
                  sx={{
                    fontFamily: 'monospace',
                    overflowWrap: 'anywhere',
                    textDecoration: op.deprecated ? 'line-through' : undefined,
                  }}
                >
                  <PathText path={op.path} />
                </Typography>
                {op.deprecated && (
                  <Typography component="span" variant="caption" sx={{ ml: 1 }}>
                    deprecated
                  </Typography>
                )}
                {op.summary && (
                  <Typography variant="body2" color="textSecondary">
                    {op.summary}
                  </Typography>
                )}
              </Box>
            </Box>
            {isOpen && (
              <Box sx={{ pb: 2, pl: { sm: 2 } }}>
                <Suspense fallback={<Typography role="status">Loading the operation…</Typography>}>
                  <OperationDetails apiId={apiId} operationKey={op.operationKey} />
                </Suspense>
              </Box>
            )}
          </details>
        </Box>
      )
    },
    [apiId, open, observe, toggle],
  )

  const failed = !currentData && !isFetching && error
  const failure = failed && (
    <Box role="alert">
      <Typography sx={{ mb: 1 }}>
        The operations could not be loaded: {errorMessage(error, 'no answer')}.
      </Typography>
      <Button variant="outlined" size="small" onClick={() => void refetch()}>
        Try again
      </Button>
    </Box>
  )

  if (!currentData && !alone) {
    // The operation the address names is shown at once, still loading or failed, as it says: the
    // list of a large API takes a while.
    return (
      <Box>
        {linkedKey && (
          <Box id={operationAnchor(linkedKey)} sx={{ pb: 2, scrollMarginTop: BELOW_HEADER_PX }}>
            <Suspense fallback={<Typography role="status">Loading the operation…</Typography>}>
              <OperationDetails apiId={apiId} operationKey={linkedKey} />
            </Suspense>
          </Box>
        )}
        {failure || (
          <Typography role="status" color="textSecondary">
            Loading every operation…
          </Typography>
        )}
      </Box>
    )
  }

  return (
    <KeepInView
      anchor={linkedKey && operationAnchor(linkedKey)}
      // Only as the list arrives: the groups drawn later, step by step, take the place their
      // rows' height kept for them.
      drawn={currentData ? 'list' : 'alone'}
    >
      <Box
        sx={{
          display: 'grid',
          columnGap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '240px minmax(0, 1fr)' },
        }}
      >
        {currentData && (
          <CurrentOperationNav
            groups={navGroups}
            current={current}
            linked={linkedKey}
            onOpen={openFromNav}
          />
        )}
        {/* In the second column on a wide screen from the start: the navigation comes with the
          list, and the operation shown alone does not move sideways then. */}
        <Box sx={{ minWidth: 0, gridColumn: { lg: 2 } }}>
          <Stack spacing={1} sx={{ mb: 1 }}>
            <OutlinedField
              id={filterId}
              label="Filter operations"
              placeholder="Words from a path, summary, description or parameter"
              value={text}
              onChange={(event) => setText(event.target.value)}
              sx={{ width: { xs: '100%', sm: 360 } }}
            />
            {present.length > 0 && (
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ flexWrap: 'wrap' }}
                role="group"
                aria-label="Filter by method"
              >
                {present.map((method) => {
                  const pressed = methods.includes(method)
                  return (
                    <Button
                      key={method}
                      size="small"
                      variant={pressed ? 'contained' : 'outlined'}
                      aria-pressed={pressed}
                      onClick={() =>
                        setMethods(
                          pressed ? methods.filter((m) => m !== method) : [...methods, method],
                        )
                      }
                      sx={{ fontFamily: 'monospace', minWidth: 0 }}
                    >
                      {method}
                    </Button>
                  )
                })}
              </Stack>
            )}
          </Stack>
          {(!searching && failure) || (
            <Typography variant="body2" color="textSecondary" role="status">
              {searching && searched.error && !searched.isFetching
                ? `The search failed: ${errorMessage(searched.error, 'no answer')}`
                : searching && !found
                  ? 'Searching every operation…'
                  : found && methods.length === 0
                    ? `${found.total} ${currentData ? `of ${currentData.total} ` : ''}operations match`
                    : !currentData
                      ? 'Loading every operation…'
                      : searching || methods.length > 0
                        ? `${matching.length} of ${currentData.total} operations match`
                        : `${operations.length} ${operations.length === 1 ? 'operation' : 'operations'}`}
            </Typography>
          )}
          {/* Plain sections and headings, styled here once: an API may have over a thousand tags.
            A group off the screen is neither styled, laid out nor painted (content-visibility):
            the largest API's list is thousands of elements, and each change to it (rows drawn as
            the reader scrolls, the list's arrival) otherwise restyled and laid out all of them.
            Its place keeps its last drawn height, or its rows' until it has been drawn. */}
          <Box
            sx={{
              '& > section': { mt: `${GROUP_GAP}px`, contentVisibility: 'auto' },
              '& details': { scrollMarginTop: BELOW_HEADER_PX },
              '& > section > h3': { ...theme.typography.h6, m: 0 },
            }}
          >
            {drawn.from > 0 && <div aria-hidden style={{ height: spaceOf(0, drawn.from) }} />}
            {groups.slice(drawn.from, drawn.to).map(([group, ops]) => (
              <section
                key={group}
                aria-label={group}
                // None for the operation shown alone, which the server draws: the page's policy
                // blocks a style attribute in its HTML.
                style={
                  currentData
                    ? { containIntrinsicSize: `auto ${groupHeight(ops.length)}px` }
                    : undefined
                }
              >
                {groups.length > 1 || group !== UNTAGGED ? <h3>{group}</h3> : null}
                <WindowedGroup ops={ops} wanted={linkedKey} render={row} />
              </section>
            ))}
            {drawn.to < groups.length && (
              <div aria-hidden style={{ height: spaceOf(drawn.to, groups.length) }} />
            )}
          </Box>
        </Box>
      </Box>
    </KeepInView>
  )
}

type NavProps = {
  groups: [string, OperationSummary[]][]
  current: CurrentOperation
  /** The operation the address names, marked until the reader scrolls to another. */
  linked: string | undefined
  onOpen: (operationKey: string) => void
}

/** The navigation, the one part drawn again as the operation being read changes. */
function CurrentOperationNav({ groups, current, linked, onOpen }: NavProps) {
  return <OperationNav groups={groups} current={useCurrent(current) ?? linked} onOpen={onOpen} />
}
