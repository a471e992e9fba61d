import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import AddOutlined from '@mui/icons-material/AddOutlined'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import { newCheck, type Check, type CheckKind, type JsonPathCheckOp } from '../lib/checkTypes'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'
import { SelectField } from '@/components/SelectField/SelectField'

// The request's checks without code: each a few fields, kept in the tester's state (testerSlice,
// through RequestPanel: this chunk imports no store code, so none is split out of the first load)
// so a saved request carries them. They run on every answer (lib/checks.ts); nothing typed here
// ever runs as script. Loaded only when the Checks tab is opened.

const KINDS: { kind: CheckKind; label: string; title: string }[] = [
  { kind: 'status', label: 'Status', title: 'Status is' },
  { kind: 'header', label: 'Header', title: 'Header contains' },
  { kind: 'jsonPath', label: 'JSON path', title: 'JSON path' },
  { kind: 'time', label: 'Response time', title: 'Response time under' },
]

const OPS: { value: JsonPathCheckOp; label: string }[] = [
  { value: 'equals', label: 'equals' },
  { value: 'exists', label: 'exists' },
  { value: 'matches', label: 'matches (regex)' },
]

function Fields({ check, onChange }: { check: Check; onChange: (check: Check) => void }) {
  switch (check.kind) {
    case 'status':
      return (
        <OutlinedField
          label="Status code"
          value={check.expected}
          onChange={(e) => onChange({ ...check, expected: e.target.value })}
          sx={{ width: 140 }}
        />
      )
    case 'header':
      return (
        <>
          <OutlinedField
            label="Header name"
            value={check.name}
            onChange={(e) => onChange({ ...check, name: e.target.value })}
            code
            sx={{ flex: 1, minWidth: 160 }}
          />
          <OutlinedField
            label="Contains"
            value={check.contains}
            placeholder="Empty: the header is present"
            onChange={(e) => onChange({ ...check, contains: e.target.value })}
            sx={{ flex: 1, minWidth: 160 }}
          />
        </>
      )
    case 'jsonPath':
      return (
        <>
          <OutlinedField
            label="JSON path"
            value={check.path}
            placeholder="$.items[0].id"
            onChange={(e) => onChange({ ...check, path: e.target.value })}
            code
            sx={{ flex: 2, minWidth: 180 }}
          />
          <SelectField
            label="Condition"
            value={check.op}
            options={OPS}
            onChange={(op) => onChange({ ...check, op })}
            sx={{ minWidth: 150 }}
          />
          {check.op !== 'exists' && (
            <OutlinedField
              label={check.op === 'matches' ? 'Pattern' : 'Expected value'}
              value={check.expected}
              placeholder={check.op === 'matches' ? '^[0-9]+$' : '"text", 42, true or JSON'}
              onChange={(e) => onChange({ ...check, expected: e.target.value })}
              code
              sx={{ flex: 2, minWidth: 160 }}
            />
          )}
        </>
      )
    case 'time':
      return (
        <OutlinedField
          label="Milliseconds"
          value={check.maxMs}
          onChange={(e) => onChange({ ...check, maxMs: e.target.value })}
          sx={{ width: 140 }}
        />
      )
  }
}

export function ChecksEditor({
  checks,
  onChange: set,
}: {
  checks: Check[]
  onChange: (checks: Check[]) => void
}) {
  return (
    <Stack spacing={2}>
      {checks.length === 0 ? (
        <Typography color="textSecondary">
          No checks yet. Add one and every answer to this request is checked for you: pass or fail,
          with the actual value.
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {checks.map((check, index) => {
            const title = KINDS.find((k) => k.kind === check.kind)?.title ?? check.kind
            return (
              <Box
                key={check.id}
                role="group"
                aria-label={`Check ${index + 1}: ${title}`}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1.5,
                  alignItems: 'center',
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                }}
              >
                <Typography sx={{ fontWeight: 500, minWidth: 150 }}>{title}</Typography>
                <Fields
                  check={check}
                  onChange={(next) => set(checks.map((c) => (c.id === next.id ? next : c)))}
                />
                <IconButton
                  aria-label={`Remove check ${index + 1}`}
                  size="small"
                  onClick={() => set(checks.filter((c) => c.id !== check.id))}
                  sx={{ ml: 'auto' }}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Box>
            )
          })}
        </Stack>
      )}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        role="group"
        aria-label="Add a check"
      >
        <Typography variant="body2" color="textSecondary">
          Add a check:
        </Typography>
        {KINDS.map(({ kind, label }) => (
          <Button
            key={kind}
            size="small"
            variant="outlined"
            startIcon={<AddOutlined />}
            onClick={() => set([...checks, newCheck(kind, crypto.randomUUID())])}
          >
            {label}
          </Button>
        ))}
      </Stack>
    </Stack>
  )
}
