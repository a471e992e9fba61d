import { useState } from 'react'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import Visibility from '@mui/icons-material/VisibilityOutlined'
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined'
import { ChoiceLabel } from '@/components/ChoiceLabel/ChoiceLabel'
import { ConfirmButton } from '@/components/ConfirmButton/ConfirmButton'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import type { Variable } from '../lib/workbenchTypes'
import {
  environmentCreated,
  environmentDeleted,
  environmentRenamed,
  selectWorkbench,
  variablesChanged,
} from '../workbenchSlice'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'
import { SelectField } from '@/components/SelectField/SelectField'

type Props = {
  open: boolean
  onClose: () => void
  /** Names the request uses that are not set yet: offered as new rows. */
  wanted: string[]
  newId?: () => string
}

/** Create, rename, delete environments and edit their variables; secret values stay masked. */
export function EnvironmentsDialog({
  open,
  onClose,
  wanted,
  newId = () => crypto.randomUUID(),
}: Props) {
  const dispatch = useAppDispatch()
  const { environments, activeEnvironmentId } = useAppSelector(selectWorkbench)
  const [editingId, setEditingId] = useState<string | null>(null)
  const [shown, setShown] = useState<Record<number, boolean>>({})
  const editing =
    environments.find((e) => e.id === editingId) ??
    environments.find((e) => e.id === activeEnvironmentId) ??
    environments[0] ??
    null

  const create = () => {
    const id = newId()
    dispatch(
      environmentCreated({
        id,
        name: `Environment ${environments.length + 1}`,
        variables: wanted.map((name) => ({ name, value: '', secret: false })),
      }),
    )
    setEditingId(id)
    setShown({})
  }

  const setVariables = (variables: Variable[]) =>
    editing && dispatch(variablesChanged({ id: editing.id, variables }))
  const setRow = (index: number, patch: Partial<Variable>) =>
    editing && setVariables(editing.variables.map((v, i) => (i === index ? { ...v, ...patch } : v)))
  const missingHere = editing
    ? wanted.filter((name) => !editing.variables.some((v) => v.name === name))
    : []

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="env-title">
      <DialogTitle id="env-title">Environments</DialogTitle>
      <DialogContent dividers>
        {!editing ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>
              No environments yet. An environment holds the values of {'{{name}}'} placeholders in a
              request, such as a base URL and a token, so one request works against test and
              production.
            </Typography>
            <Button variant="contained" onClick={create}>
              New environment
            </Button>
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <SelectField
                label="Environment to edit"
                value={editing.id}
                options={environments.map((e) => ({ value: e.id, label: e.name }))}
                onChange={(id) => {
                  setEditingId(id)
                  setShown({})
                }}
                sx={{ minWidth: 220 }}
              />
              <OutlinedField
                label="Name"
                value={editing.name}
                onChange={(event) =>
                  dispatch(environmentRenamed({ id: editing.id, name: event.target.value }))
                }
                sx={{ flex: 1 }}
              />
              <Button onClick={create}>New environment</Button>
              <ConfirmButton
                color="error"
                confirmLabel={`Delete ${editing.name}?`}
                onConfirm={() => {
                  dispatch(environmentDeleted(editing.id))
                  setEditingId(null)
                }}
              >
                Delete
              </ConfirmButton>
            </Stack>
            <Typography variant="h3" sx={{ fontSize: '1rem' }} id="env-variables-heading">
              Variables of {editing.name}
            </Typography>
            {editing.variables.length === 0 && (
              <Typography color="textSecondary">
                No variables yet: add one, then use it as {'{{name}}'} in the URL, headers or body.
              </Typography>
            )}
            <Stack spacing={1} role="group" aria-labelledby="env-variables-heading">
              {editing.variables.map((variable, index) => {
                const label = variable.name || `variable ${index + 1}`
                const masked = variable.secret && !shown[index]
                return (
                  <Stack
                    key={index}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { sm: 'center' } }}
                  >
                    <OutlinedField
                      label="Variable"
                      code
                      value={variable.name}
                      onChange={(event) => setRow(index, { name: event.target.value.trim() })}
                      sx={{ flex: 2 }}
                    />
                    <OutlinedField
                      label={`Value of ${label}`}
                      code
                      type={masked ? 'password' : 'text'}
                      value={variable.value}
                      onChange={(event) => setRow(index, { value: event.target.value })}
                      sx={{ flex: 3 }}
                    />
                    <ChoiceLabel
                      control={
                        <Checkbox
                          checked={variable.secret}
                          onChange={(event) => setRow(index, { secret: event.target.checked })}
                        />
                      }
                      label="Secret"
                    />
                    {variable.secret && (
                      <IconButton
                        aria-label={`${masked ? 'Show' : 'Hide'} the value of ${label}`}
                        onClick={() => setShown({ ...shown, [index]: !shown[index] })}
                        size="small"
                      >
                        {masked ? (
                          <Visibility fontSize="small" />
                        ) : (
                          <VisibilityOff fontSize="small" />
                        )}
                      </IconButton>
                    )}
                    <IconButton
                      aria-label={`Remove ${label}`}
                      onClick={() => setVariables(editing.variables.filter((_, i) => i !== index))}
                      size="small"
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Stack>
                )
              })}
            </Stack>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                onClick={() =>
                  setVariables([...editing.variables, { name: '', value: '', secret: false }])
                }
              >
                Add variable
              </Button>
              {missingHere.length > 0 && (
                <Button
                  onClick={() =>
                    setVariables([
                      ...editing.variables,
                      ...missingHere.map((name) => ({ name, value: '', secret: false })),
                    ])
                  }
                >
                  Add what the request uses ({missingHere.join(', ')})
                </Button>
              )}
            </Stack>
            <Typography variant="body2" color="textSecondary">
              Kept in this browser. Secret values are masked here, and left out of history and
              exports unless you ask for them.
            </Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  )
}
