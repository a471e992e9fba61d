import Typography from '@mui/material/Typography'
import { formBodyRows, formText } from '../lib/formEncoding'
import type { Draft } from '../lib/draft'
import { KeyValueList } from './KeyValueList'

/**
 * A form body (`application/x-www-form-urlencoded`) as name and value rows. Nested fields are
 * written in brackets, `metadata[order_id]`, as Stripe and most form APIs read them.
 */
export function FormBody({ draft, onChange }: { draft: Draft; onChange: (draft: Draft) => void }) {
  const rows = formBodyRows(draft.bodyText)
  return (
    <>
      <KeyValueList
        rows={rows}
        nameLabel="Field"
        valueLabel="Value"
        onChange={(next) => onChange({ ...draft, bodyText: formText(next) })}
      />
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        {rows.length === 0
          ? 'Empty: the request is sent without a body.'
          : `Sent as application/x-www-form-urlencoded: ${rows.length} field${rows.length === 1 ? '' : 's'} joined as name=value&…, each URL-encoded. Name a nested field with brackets, metadata[order_id].`}
      </Typography>
    </>
  )
}
