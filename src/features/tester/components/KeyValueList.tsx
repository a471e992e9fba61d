import { useState, type ReactNode } from 'react'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import { OutlinedField } from './OutlinedField'

type Row = [string, string]

type Props = {
  /** What the rows say, as their owner keeps it (headers JSON, a URL's query). */
  rows: Row[]
  onChange: (rows: Row[]) => void
  nameLabel: string
  valueLabel: string
  disabled?: boolean
  /**
   * Rows another part of the form writes (the auth tab's header): shown read-only, with what
   * this returns (a link to where they are set) in place of the remove button.
   */
  lockedBy?: (name: string) => ReactNode | undefined
  /** Told whether a row has a value but no name (never sent, so the form can refuse to send). */
  onUnnamedChange?: (unnamed: boolean) => void
}

const same = (a: Row[], b: Row[]) =>
  a.length === b.length && a.every(([n, v], i) => b[i]?.[0] === n && b[i]?.[1] === v)

const unnamed = (rows: Row[]) => rows.some(([name, value]) => name.trim() === '' && value !== '')

/**
 * Name/value rows with a blank row at the end to add one. Rows with no name yet stay here while
 * they are typed and reach the owner once named; a value with no name is marked as an error, as
 * it would never be sent.
 */
export function KeyValueList({
  rows,
  onChange,
  nameLabel,
  valueLabel,
  disabled,
  lockedBy,
  onUnnamedChange,
}: Props) {
  const ownerRows = rows.filter(([name]) => name.trim() !== '')
  const [local, setLocal] = useState<Row[]>(ownerRows)
  const named = local.filter(([name]) => name.trim() !== '')
  // The owner changed them (typed JSON, edited the URL): start again from theirs.
  if (!same(named, ownerRows)) setLocal(ownerRows)

  const update = (next: Row[]) => {
    setLocal(next)
    if (unnamed(next) !== unnamed(local)) onUnnamedChange?.(unnamed(next))
    onChange(next.filter(([name]) => name.trim() !== ''))
  }
  const shown: Row[] = [...local, ['', '']]

  return (
    <Stack spacing={1}>
      {shown.map(([name, value], index) => {
        const isNew = index === local.length
        const set = (row: Row) =>
          update(isNew ? [...local, row] : local.map((r, i) => (i === index ? row : r)))
        const lock = isNew || name === '' ? undefined : lockedBy?.(name)
        const missingName = !isNew && name.trim() === '' && value !== ''
        return (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <OutlinedField
              label={isNew ? `New ${nameLabel.toLowerCase()}` : nameLabel}
              value={name}
              disabled={disabled || lock !== undefined}
              error={missingName}
              helperText={
                missingName
                  ? `Name this ${nameLabel.toLowerCase()}: without a name it is not sent.`
                  : undefined
              }
              onChange={(event) => set([event.target.value, value])}
              sx={{ flex: 2 }}
            />
            <OutlinedField
              label={valueLabel}
              value={value}
              disabled={disabled || lock !== undefined}
              onChange={(event) => set([name, event.target.value])}
              sx={{ flex: 3 }}
            />
            {lock ?? (
              <IconButton
                aria-label={isNew ? `Nothing to remove` : `Remove ${name || 'row'}`}
                disabled={disabled || isNew}
                onClick={() => update(local.filter((_, i) => i !== index))}
                size="small"
                sx={{ mt: 1 }}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            )}
          </Stack>
        )
      })}
    </Stack>
  )
}
