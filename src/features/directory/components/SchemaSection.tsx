import { createContext, useContext, useId, useMemo, useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import ChevronRight from '@mui/icons-material/ChevronRight'
import ExpandMore from '@mui/icons-material/ExpandMore'
import type { SchemaNode, SchemaView } from '@/contract/operations'
import { CodeBlock } from '@/components/CodeBlock/CodeBlock'
import { Note } from '@/components/Note/Note'
import { SelectField } from '@/components/SelectField/SelectField'
import { useEarlyChange, useEarlyClick, useEarlyClicks } from '@/lib/useEarlyClick'
import { TabBar } from '@/components/TabBar/TabBar'

/** Which way the schema travels: a request hides read-only fields, a response write-only ones. */
export type SchemaDirection = 'request' | 'response'

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** The levels shown at first: the top fields, their own fields folded. */
export const DEFAULT_LEVELS = 1

type Expansion = {
  /** Fields this deep (1 is the top) and shallower show their own fields unless toggled. */
  levels: number
  /** Bumped by "Expand all", "Collapse all" and the level picker: older toggles no longer count. */
  generation: number
  direction: SchemaDirection
  /** The tree's label, which the keys of its early presses start with. */
  tree: string
}
const ExpansionContext = createContext<Expansion>({
  levels: DEFAULT_LEVELS,
  generation: 0,
  direction: 'response',
  tree: '',
})

/**
 * The key of a control of a tree's field, the same on the server's page and in the app (a press
 * before the app ran is carried out with it): the tree and the names down to the field.
 */
const earlyKey = (tree: string, trail: TrailStep[], last: string) =>
  `schema:${tree}:${[...trail.slice(1).map((step) => step.name ?? ''), last].join('/')}`

/** An ancestor a loop may point back to: its element's id, name and type. */
type TrailStep = { id: string; name?: string; type: string }

/** A choice's number read from a select's value, kept within first and last. */
const numberIn = (value: string, first: number, last: number) =>
  Math.min(Math.max(first, Math.trunc(Number(value)) || first), last)

const isOption = (node: SchemaNode) => /^option \d+$/.test(node.name ?? '')
const hidden = (node: SchemaNode, direction: SchemaDirection) =>
  direction === 'request' ? node.readOnly === true : node.writeOnly === true

/** `string | null` reads as `string`, nullable. */
const typeParts = (type: string) => {
  const parts = type.split(' | ')
  const nullable = parts.length > 1 && parts.includes('null')
  return { type: nullable ? parts.filter((p) => p !== 'null').join(' | ') : type, nullable }
}

/** The value a field can only take (`enum: ["card"]`), which names the option that holds it. */
const constOf = (option: SchemaNode, key: string) => {
  const field = option.children?.find((child) => child.name === key)
  return field?.enum?.length === 1 ? show(field.enum[0]) : undefined
}

/**
 * What each option is called: the value of its discriminator (the document's, else a field every
 * option fixes to one value, as `object: "card"`), else its type, numbered when types repeat.
 */
export function optionLabels(node: SchemaNode, options: SchemaNode[]) {
  const names = options.map((o) => new Set((o.children ?? []).map((c) => c.name)))
  const shared = [...(names[0] ?? [])].filter(
    (key): key is string =>
      key !== undefined && options.every((option) => constOf(option, key) !== undefined),
  )
  const key = node.discriminator ?? shared[0]
  const base = options.map((option) => (key && constOf(option, key)) ?? typeParts(option.type).type)
  const labels = base.map((label, i) =>
    base.indexOf(label) !== base.lastIndexOf(label) ? `${label} (${i + 1})` : label,
  )
  return { labels, key }
}

function Tag({ children, color }: { children: ReactNode; color?: string }) {
  return (
    <Typography
      component="span"
      variant="caption"
      sx={{
        px: 0.5,
        border: 1,
        borderRadius: 1,
        borderColor: 'divider',
        color: color ?? 'text.secondary',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Typography>
  )
}

/** A field's facts: its values (or "any value"), default, example, and notes. */
function Facts({ node }: { node: SchemaNode }) {
  return (
    <>
      {node.description && (
        <Typography variant="body2" color="textSecondary">
          {node.description}
        </Typography>
      )}
      {node.enum && (
        <Typography variant="body2" component="div">
          {node.enum.length === 0 ? (
            'Any value'
          ) : (
            <>
              {node.enum.length === 1 ? 'Value: ' : 'Values: '}
              {node.enum.map((value, i) => (
                <Box component="code" key={i} sx={{ ...mono, mr: 1 }}>
                  {show(value)}
                </Box>
              ))}
            </>
          )}
        </Typography>
      )}
      {node.default !== undefined && (
        <Typography variant="body2">
          Default:{' '}
          <Box component="code" sx={mono}>
            {show(node.default)}
          </Box>
        </Typography>
      )}
      {node.example !== undefined && (
        <Typography variant="body2">
          Example:{' '}
          <Box component="code" sx={mono}>
            {show(node.example)}
          </Box>
        </Typography>
      )}
      {node.truncated && (
        <Typography variant="body2" color="warning">
          Truncated: further fields are left out.
        </Typography>
      )}
    </>
  )
}

/** Where a loop points back to: the document's own answer, else the one ancestor of its type. */
function loopTarget(node: SchemaNode, trail: TrailStep[]) {
  if (node.refersTo !== undefined) return trail[node.refersTo]
  const type = typeParts(node.type).type.replace(/^array<(.*)>$/, '$1')
  if (type === 'any') return undefined
  const matching = trail.filter((step) => typeParts(step.type).type === type)
  return matching.length === 1 ? matching[0] : undefined
}

function LoopLink({ node, trail }: { node: SchemaNode; trail: TrailStep[] }) {
  const target = loopTarget(node, trail)
  if (!target) {
    return (
      <Typography variant="body2" color="textSecondary">
        Refers back to a type above; not expanded again.
      </Typography>
    )
  }
  const name = target.name ? `“${target.name}”` : 'the top of this schema'
  return (
    <Typography variant="body2" color="textSecondary">
      Recursive: the same as{' '}
      <Link
        component="button"
        type="button"
        variant="body2"
        sx={{ verticalAlign: 'baseline' }}
        onClick={() => {
          const element = document.getElementById(target.id)
          element?.scrollIntoView({ block: 'center' })
          element?.focus()
        }}
      >
        {name}
      </Link>
      , not expanded again.
    </Typography>
  )
}

/** A node's options (oneOf, anyOf) as a picker, the chosen one's fields below it. */
function Options({
  node,
  options,
  depth,
  trail,
  label,
}: {
  node: SchemaNode
  options: SchemaNode[]
  depth: number
  trail: TrailStep[]
  label: string
}) {
  const [chosen, setChosen] = useState(0)
  const { labels, key } = useMemo(() => optionLabels(node, options), [node, options])
  const { tree } = useContext(ExpansionContext)
  const pick = useEarlyClicks(
    labels.map((text) => earlyKey(tree, trail, `${node.name ?? ''}|${text}`)),
    setChosen,
  )
  const option = options[chosen]!
  const any = /anyOf/.test(node.type)
  const groupId = useId()
  return (
    <Box sx={{ my: 0.5 }}>
      <Typography variant="body2">
        {any ? 'Any of' : 'One of'} these {options.length}
        {key && node.discriminator ? (
          <>
            , chosen by{' '}
            <Box component="code" sx={mono}>
              {key}
            </Box>
          </>
        ) : (
          ''
        )}
        :
      </Typography>
      {/* Buttons that say which is shown (aria-pressed), as the response's status picker: MUI's
          ToggleButtonGroup with its roving focus was two more files on an operation's first load. */}
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        role="group"
        aria-label={`${label}: ${any ? 'any of' : 'one of'}`}
        sx={{ flexWrap: 'wrap', my: 0.5 }}
      >
        {labels.map((text, i) => (
          <Button
            key={i}
            size="small"
            variant={i === chosen ? 'contained' : 'outlined'}
            aria-pressed={i === chosen}
            {...pick(i)}
            sx={{ textTransform: 'none', py: 0.25 }}
          >
            {text}
          </Button>
        ))}
      </Stack>
      <Box
        role="group"
        id={groupId}
        tabIndex={-1}
        aria-label={`${label}: ${labels[chosen]}`}
        sx={{ outline: 'none' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Box component="code" sx={{ ...mono, color: 'text.secondary' }}>
            {typeParts(option.type).type}
          </Box>
          {option.format && <Tag>{option.format}</Tag>}
          {typeParts(option.type).nullable && <Tag>nullable</Tag>}
        </Stack>
        <Facts node={option} />
        {option.circular && <LoopLink node={option} trail={trail} />}
        <Contents
          node={option}
          depth={depth}
          trail={[...trail, { id: groupId, name: labels[chosen], type: option.type }]}
          label={`${label} ${labels[chosen]}`}
        />
      </Box>
    </Box>
  )
}

/** What a node holds: its fields (those that travel this way) and its options. */
function Contents({
  node,
  depth,
  trail,
  label,
}: {
  node: SchemaNode
  depth: number
  trail: TrailStep[]
  label: string
}) {
  const { direction } = useContext(ExpansionContext)
  const children = node.children ?? []
  const options = children.filter(isOption)
  const fields = children.filter((child) => !isOption(child))
  const shown = fields.filter((child) => !hidden(child, direction))
  const left = fields.length - shown.length
  if (children.length === 0) return null
  return (
    <>
      {shown.length > 0 && (
        <Box
          component="ul"
          sx={{ m: 0, pl: 2, listStyle: 'none', borderLeft: 1, borderColor: 'divider' }}
        >
          {shown.map((child, i) => (
            <Field key={`${child.name ?? ''}:${i}`} node={child} depth={depth + 1} trail={trail} />
          ))}
        </Box>
      )}
      {left > 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ pl: 2 }}>
          {direction === 'request'
            ? `${left === 1 ? '1 read-only field is' : `${left} read-only fields are`} left out: the server sets ${left === 1 ? 'it' : 'them'}.`
            : `${left === 1 ? '1 write-only field is' : `${left} write-only fields are`} left out: ${left === 1 ? 'it is' : 'they are'} sent, never returned.`}
        </Typography>
      )}
      {options.length > 0 && (
        <Options node={node} options={options} depth={depth} trail={trail} label={label} />
      )}
    </>
  )
}

function Field({ node, depth, trail }: { node: SchemaNode; depth: number; trail: TrailStep[] }) {
  const expansion = useContext(ExpansionContext)
  const id = useId()
  const [toggled, setToggled] = useState<{ generation: number; open: boolean } | null>(null)
  const hasContents = (node.children?.length ?? 0) > 0
  const open =
    toggled && toggled.generation === expansion.generation ? toggled.open : depth < expansion.levels
  const { type, nullable } = typeParts(node.type)
  const name = node.name ?? ''
  const toggle = useEarlyClick(earlyKey(expansion.tree, trail, name), () =>
    setToggled({ generation: expansion.generation, open: !open }),
  )
  const nameText = (
    <Box component="code" sx={{ ...mono, fontWeight: 600 }}>
      {name}
    </Box>
  )
  return (
    <Box component="li" sx={{ py: 0.25 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        {hasContents ? (
          <Button
            id={id}
            size="small"
            color="inherit"
            aria-expanded={open}
            {...toggle}
            startIcon={open ? <ExpandMore /> : <ChevronRight />}
            sx={{ textTransform: 'none', p: 0, minWidth: 0, ml: -0.5, verticalAlign: 'baseline' }}
          >
            {nameText}
          </Button>
        ) : (
          <Box id={id} tabIndex={-1} component="span">
            {nameText}
          </Box>
        )}
        <Box component="code" sx={{ ...mono, color: 'text.secondary' }}>
          {type}
        </Box>
        {node.format && <Tag>{node.format}</Tag>}
        {nullable && <Tag>nullable</Tag>}
        {node.required && (
          <Typography component="span" variant="caption" color="error">
            required
          </Typography>
        )}
        {node.readOnly && <Tag>read-only</Tag>}
        {node.writeOnly && <Tag>write-only</Tag>}
        {node.deprecated && <Tag color="warning.main">deprecated</Tag>}
      </Stack>
      <Facts node={node} />
      {node.circular && <LoopLink node={node} trail={trail} />}
      {hasContents && open && (
        <Contents
          node={node}
          depth={depth}
          trail={[...trail, { id, name: node.name, type: node.type }]}
          label={name}
        />
      )}
    </Box>
  )
}

/** How deep the tree's fields go (options do not count as a level). */
const levelsOf = (node: SchemaNode): number => {
  let deepest = 0
  for (const child of node.children ?? []) {
    const below = levelsOf(child)
    deepest = Math.max(deepest, isOption(child) ? below : below + 1)
  }
  return deepest
}

/**
 * A schema's field tree as people read it: folded below the top fields, with "Expand all",
 * "Collapse all" and a level picker; options (oneOf, anyOf) as pickers, each on its own; fields
 * that do not travel this way left out; a loop as a link back to where it starts.
 */
export function SchemaTree({
  tree,
  label,
  direction,
}: {
  tree: SchemaNode
  label: string
  direction: SchemaDirection
}) {
  const rootId = useId()
  const levels = useMemo(() => levelsOf(tree), [tree])
  const [expansion, setExpansion] = useState({ levels: DEFAULT_LEVELS, generation: 0 })
  const set = (to: number) =>
    setExpansion((now) => ({ levels: to, generation: now.generation + 1 }))
  const context = useMemo(
    () => ({ ...expansion, direction, tree: label }),
    [expansion, direction, label],
  )
  const fold = useEarlyClicks([`schema:${label}:expand-all`, `schema:${label}:collapse-all`], (i) =>
    set(i === 0 ? levels : 1),
  )
  const levelsShown = useEarlyChange(`schema:${label}:levels`, (value) =>
    set(numberIn(value, 1, levels)),
  )
  const { type, nullable } = typeParts(tree.type)
  return (
    <ExpansionContext.Provider value={context}>
      <Box id={rootId} tabIndex={-1} sx={{ outline: 'none' }}>
        <Typography variant="body2" component="div">
          <Box component="code" sx={mono}>
            {type}
          </Box>
          {nullable && (
            <>
              {' '}
              <Tag>nullable</Tag>
            </>
          )}
          {tree.format && (
            <>
              {' '}
              <Tag>{tree.format}</Tag>
            </>
          )}
          {tree.description ? ` — ${tree.description}` : ''}
        </Typography>
      </Box>
      {tree.enum && <Facts node={{ ...tree, description: undefined }} />}
      {levels > 1 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ my: 1, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Button size="small" variant="outlined" {...fold(0)}>
            Expand all
          </Button>
          <Button size="small" variant="outlined" {...fold(1)}>
            Collapse all
          </Button>
          <SelectField
            label="Levels shown"
            value={String(Math.min(expansion.levels, levels))}
            options={Array.from({ length: levels }, (_, i) => ({
              value: String(i + 1),
              label: i + 1 === levels ? `${i + 1} (all)` : String(i + 1),
            }))}
            earlyKey={levelsShown.earlyKey}
            onChange={levelsShown.onChange}
            sx={{ minWidth: 120 }}
          />
        </Stack>
      )}
      {(tree.children?.length ?? 0) > 0 && (
        <Box aria-label={`${label} fields`} role="group">
          <Contents node={tree} depth={0} trail={[{ id: rootId, type: tree.type }]} label={label} />
        </Box>
      )}
    </ExpansionContext.Provider>
  )
}

/** A body's or response's schema: Schema and Example tabs, the document's named examples to pick. */
export function SchemaSection({
  view,
  label,
  direction,
  firstTab = 'schema',
}: {
  view: SchemaView
  label: string
  direction: SchemaDirection
  /** The tab shown first: a side panel leads with the example, the reading column with fields. */
  firstTab?: 'schema' | 'example'
}) {
  const [tab, setTab] = useState<'schema' | 'example'>(firstTab)
  const [pick, setPick] = useState(0)
  const id = useId()
  const named = view.examples ?? []
  const examplePick = useEarlyChange(`example:${label}`, (value) =>
    setPick(numberIn(value, 0, Math.max(0, named.length - 1))),
  )
  const example = named.length > 1 ? named[pick]?.value : view.example
  const hasExample = example !== undefined
  const schemaPanel = (
    <>
      {view.truncated && (
        <Box sx={{ my: 1 }}>
          <Note severity="warning">
            This schema is large: it is shown truncated, and branches marked so are left out.
          </Note>
        </Box>
      )}
      <SchemaTree tree={view.tree} label={label} direction={direction} />
    </>
  )
  if (!hasExample) return <Box>{schemaPanel}</Box>
  return (
    <Box>
      {/* TabBar, not MUI's Tabs: those measure themselves as they mount, and an operation
          opened on a large document mounts several at once, each reading the layout of the whole
          page. */}
      <TabBar<'schema' | 'example'>
        label={`${label}: schema or example`}
        value={tab}
        onChange={setTab}
        size="small"
        tabs={[
          {
            value: 'schema',
            label: 'Schema',
            id: `${id}-schema-tab`,
            controls: `${id}-schema`,
            earlyKey: `tab:${label}:schema`,
          },
          {
            value: 'example',
            label: 'Example',
            id: `${id}-example-tab`,
            controls: `${id}-example`,
            earlyKey: `tab:${label}:example`,
          },
        ]}
      />
      <Box
        role="tabpanel"
        id={`${id}-schema`}
        aria-labelledby={`${id}-schema-tab`}
        hidden={tab !== 'schema'}
        sx={{ pt: 1 }}
      >
        {tab === 'schema' && schemaPanel}
      </Box>
      <Box
        role="tabpanel"
        id={`${id}-example`}
        aria-labelledby={`${id}-example-tab`}
        hidden={tab !== 'example'}
        sx={{ pt: 1 }}
      >
        {tab === 'example' && (
          <>
            {named.length > 1 ? (
              <SelectField
                label="Example"
                value={String(pick)}
                options={named.map((entry, i) => ({
                  value: String(i),
                  label: entry.summary ? `${entry.name}: ${entry.summary}` : entry.name,
                }))}
                earlyKey={examplePick.earlyKey}
                onChange={examplePick.onChange}
                sx={{ my: 1, minWidth: 200 }}
              />
            ) : (
              view.exampleSource === 'generated' && (
                <Typography variant="body2" color="textSecondary">
                  Generated from the schema.
                </Typography>
              )
            )}
            <CodeBlock label={`${label} example`}>{JSON.stringify(example, null, 2)}</CodeBlock>
          </>
        )}
      </Box>
    </Box>
  )
}
