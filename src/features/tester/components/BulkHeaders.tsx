// The headers as text, one `Name: Value` line each: a view of the same rows, for copying or
// pasting a whole set at once. Any text reads back as rows (a pasted JSON object too), so what
// it says is always what the rows hold and what is sent.
import { useState } from 'react'
import { bulkTextOf, rowsOfBulkText, type HeaderRow } from '../lib/headerRows'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'

const sameRows = (a: HeaderRow[], b: HeaderRow[]) =>
  a.length === b.length && a.every(([n, v], i) => b[i]?.[0] === n && b[i]?.[1] === v)

export function BulkHeaders({
  rows,
  onChange,
}: {
  rows: HeaderRow[]
  onChange: (rows: HeaderRow[]) => void
}) {
  const [text, setText] = useState(() => bulkTextOf(rows))
  const [seen, setSeen] = useState(rows)
  // Changed elsewhere (the auth tab, say): the text follows the rows. Rows this text gave stay
  // with the text as typed.
  if (rows !== seen) {
    setSeen(rows)
    if (!sameRows(rowsOfBulkText(text), rows)) setText(bulkTextOf(rows))
  }
  const unnamed = rowsOfBulkText(text).flatMap(([name, value], index) =>
    name === '' && value !== '' ? [index + 1] : [],
  )
  return (
    <OutlinedField
      label="Headers (bulk edit)"
      value={text}
      onChange={(event) => {
        setText(event.target.value)
        onChange(rowsOfBulkText(event.target.value))
      }}
      multiline
      minRows={5}
      maxRows={14}
      code
      fullWidth
      error={unnamed.length > 0}
      helperText={
        unnamed.length > 0
          ? `Header ${unnamed.join(', ')} has a value but no name: name it or clear it, as it is not sent.`
          : 'One header a line, as Name: Value; a pasted JSON object is read too. The same headers as the rows.'
      }
    />
  )
}
