import { lazy, Suspense, useEffect, useState } from 'react'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { OperationDetail } from '@/contract/operations'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import type { Check } from '../lib/checkTypes'
import type { Draft } from '../lib/draft'
import { unsetVariables, variablesIn } from '../lib/variables'
import { workbenchLoadNeeded } from '../lib/workbenchThunks'
import { writeWorkbench } from '../lib/workbenchStorage'
import type { WorkbenchIntent } from '../lib/workbenchIntent'
import {
  environmentSelected,
  itemAt,
  requestOpened,
  requestSaved,
  selectActiveEnvironment,
  selectWorkbench,
} from '../workbenchSlice'
import { EnvironmentsDialog } from './EnvironmentsDialog'
import { SaveRequestDialog } from './SaveRequestDialog'
import { SelectField } from '@/components/SelectField/SelectField'
import { ShortcutsDialog } from './ShortcutsDialog'

// The jar's editor is a chunk of its own, loaded when first opened.
const CookiesDialog = lazy(() =>
  import('./CookiesDialog').then((m) => ({ default: m.CookiesDialog })),
)

/** Reads what the browser kept once, then keeps every change there. */
function useWorkbenchPersistence() {
  const dispatch = useAppDispatch()
  const { loaded, environments, activeEnvironmentId, collections, cookieJars } =
    useAppSelector(selectWorkbench)
  useEffect(() => {
    void dispatch(workbenchLoadNeeded())
  }, [dispatch])
  useEffect(() => {
    if (!loaded) return
    writeWorkbench({ environments, activeEnvironmentId, collections, cookieJars }).catch(() => {
      // Private mode or a full quota: they last as long as the page.
    })
  }, [loaded, environments, activeEnvironmentId, collections, cookieJars])
}

const list = (names: string[]) => names.map((n) => `{{${n}}}`).join(', ')

type Props = {
  draft: Draft
  /** The checks of the form, saved with it. */
  checks: Check[]
  operation?: OperationDetail
  /** What the visitor asked for before this part had loaded (a button, Ctrl+S, `?`). */
  intent: WorkbenchIntent | null
  onIntentDone: () => void
  onMessage: (message: string) => void
}

/**
 * Above the request: the environment in use, its unset variables, Save and the shortcuts. Loaded
 * on first use (TesterWorkspace), with the dialogs it opens.
 */
export function WorkbenchBar({ draft, checks, operation, intent, onIntentDone, onMessage }: Props) {
  useWorkbenchPersistence()
  const dispatch = useAppDispatch()
  const { loaded, environments, collections, openedRequest } = useAppSelector(selectWorkbench)
  const active = useAppSelector(selectActiveEnvironment)
  const [dialog, setDialog] = useState<'environments' | 'cookies' | 'save' | 'shortcuts' | null>(
    null,
  )
  const opened = itemAt(collections, openedRequest)
  const used = variablesIn(draft)
  const unset = unsetVariables(draft, active)

  const save = () => {
    if (opened?.kind === 'request' && openedRequest) {
      dispatch(
        requestSaved({
          collectionId: openedRequest.collectionId,
          folderId: null,
          request: { ...opened, draft, checks },
        }),
      )
      onMessage(`Saved "${opened.name}"`)
    } else setDialog('save')
  }

  useEffect(() => {
    if (!intent || !loaded || intent === 'collections' || intent === 'import') return
    // A request from outside React (a key, a button pressed before this part loaded), answered once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (intent === 'save') save()
    else setDialog(intent)
    onIntentDone()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intent, loaded])

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SelectField
          label="Environment"
          value={active?.id ?? ''}
          options={[
            { value: '', label: 'No environment' },
            ...environments.map((e) => ({ value: e.id, label: e.name })),
          ]}
          onChange={(id) => dispatch(environmentSelected(id || null))}
          sx={{ minWidth: 200 }}
        />
        <Button onClick={() => setDialog('environments')}>Environments</Button>
        <Button onClick={() => setDialog('cookies')}>Cookies</Button>
        <Button onClick={save} aria-keyshortcuts="Control+S">
          Save
        </Button>
        {opened && <Button onClick={() => setDialog('save')}>Save as new…</Button>}
        <Button onClick={() => setDialog('shortcuts')} aria-keyshortcuts="?">
          Shortcuts
        </Button>
      </Stack>
      {opened && (
        <Typography variant="body2" color="textSecondary">
          Editing “{opened.name}”: Save keeps changes there.{' '}
          <Button size="small" onClick={() => dispatch(requestOpened(null))}>
            Stop editing it
          </Button>
        </Typography>
      )}
      {loaded && unset.length > 0 && (
        <Alert
          severity="warning"
          role="status"
          action={
            <Button color="inherit" size="small" onClick={() => setDialog('environments')}>
              Set variables
            </Button>
          }
        >
          {unset.length === 1 ? 'Not set: ' : 'Not set: '}
          <strong>{list(unset)}</strong>
          {active ? ` in ${active.name}` : ' (no environment is chosen)'}. The request is not sent
          until {unset.length === 1 ? 'it is' : 'they are'}.
        </Alert>
      )}
      {loaded && used.length > 0 && unset.length === 0 && active && (
        <Typography variant="body2" color="textSecondary" role="status">
          Uses {list(used)} from {active.name}.
        </Typography>
      )}
      {dialog === 'environments' && (
        <EnvironmentsDialog open onClose={() => setDialog(null)} wanted={unset} />
      )}
      {dialog === 'save' && (
        <SaveRequestDialog
          open
          onClose={() => setDialog(null)}
          draft={draft}
          checks={checks}
          operation={operation}
          onSaved={onMessage}
        />
      )}
      {dialog === 'shortcuts' && <ShortcutsDialog open onClose={() => setDialog(null)} />}
      {dialog === 'cookies' && (
        <Suspense fallback={null}>
          <CookiesDialog open onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </Stack>
  )
}
