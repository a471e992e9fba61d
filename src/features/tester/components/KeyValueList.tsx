import { memo, useState, type ReactNode } from 'react'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'

type Row = [string, string]

type RowsProps = {
  /** Every row, unnamed ones included: the owner keeps them. */
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
  /** The fields' form names, for a form the server draws and reads before the app runs. */
  fieldName?: (index: number, part: 'name' | 'value') => string
}

const same = (a: Row[], b: Row[]) =>
  a.length === b.length && a.every(([n, v], i) => b[i]?.[0] === n && b[i]?.[1] === v)

/**
 * Name/value rows with a blank row at the end to add one, as their owner keeps them. A value with
 * no name is marked on its row as an error, as it would never be sent.
 */
export const KeyValueRows = memo(function KeyValueRows({
  rows,
  onChange,
  nameLabel,
  valueLabel,
  disabled,
  lockedBy,
  fieldName,
}: RowsProps) {
  const shown: Row[] = [...rows, ['', '']]
  return (
    <Stack spacing={1}>
      {shown.map(([name, value], index) => {
        const isNew = index === rows.length
        const set = (row: Row) =>
          onChange(isNew ? [...rows, row] : rows.map((r, i) => (i === index ? row : r)))
        const lock = isNew || name === '' ? undefined : lockedBy?.(name)
        const missingName = !isNew && name.trim() === '' && value !== ''
        return (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <OutlinedField
              label={isNew ? `New ${nameLabel.toLowerCase()}` : nameLabel}
              name={fieldName?.(index, 'name')}
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
              name={fieldName?.(index, 'value')}
              value={value}
              disabled={disabled || lock !== undefined}
              onChange={(event) => set([name, event.target.value])}
              sx={{ flex: 3 }}
            />
            {lock ?? (
              <IconButton
                aria-label={isNew ? `Nothing to remove` : `Remove ${name || 'row'}`}
                disabled={disabled || isNew}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
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
})

type ListProps = Omit<RowsProps, 'rows' | 'onChange' | 'fieldName'> & {
  /** What the named rows say, as their owner keeps it (a URL's query, a form body). */
  rows: Row[]
  /** The named rows, as edited. */
  onChange: (rows: Row[]) => void
}

/**
 * Rows whose owner keeps only the named ones: rows with no name yet stay here while they are
 * typed and reach the owner once named.
 */
export function KeyValueList({ rows, onChange, ...props }: ListProps) {
  const ownerRows = rows.filter(([name]) => name.trim() !== '')
  const [local, setLocal] = useState<Row[]>(ownerRows)
  const named = local.filter(([name]) => name.trim() !== '')
  // The owner changed them (edited the URL, say): start again from theirs.
  if (!same(named, ownerRows)) setLocal(ownerRows)

  const update = (next: Row[]) => {
    setLocal(next)
    onChange(next.filter(([name]) => name.trim() !== ''))
  }
  return <KeyValueRows {...props} rows={local} onChange={update} />
}
