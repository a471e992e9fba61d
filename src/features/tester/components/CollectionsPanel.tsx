import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import FolderOutlined from '@mui/icons-material/FolderOutlined'
import MoreVert from '@mui/icons-material/MoreVert'
import { isNotFound } from '@/lib/store/errors'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import { useGetTesterOperationQuery } from '../api/testerApi'
import type { Check } from '../lib/checkTypes'
import type { Draft } from '../lib/draft'
import { describeChanges, digestOf, shapeOf, sourceOf, updatedDraft } from '../lib/operationSync'
import type { WorkbenchIntent } from '../lib/workbenchIntent'
import type { Collection, CollectionItem, SavedRequest } from '../lib/workbenchTypes'
import {
  collectionDeleted,
  collectionRenamed,
  copyItem,
  folderCreated,
  itemAt,
  itemDeleted,
  itemDuplicated,
  itemMoved,
  itemRenamed,
  requestOpened,
  requestSaved,
  selectWorkbench,
} from '../workbenchSlice'
import { ExportDialog } from './ExportDialog'
import { ImportDialog } from './ImportDialog'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'
import { SavedRequestChanges } from './SavedRequestChanges'

// The runner loads when a run is asked for, not with the collections (docs/performance.md).
const CollectionRunner = lazy(() =>
  import('./CollectionRunner').then((m) => ({ default: m.CollectionRunner })),
)

/** What a run runs: a whole collection, or one of its folders. */
type RunTarget = { collectionId: string; folderId: string | null }

type Target =
  | { kind: 'collection'; collection: Collection }
  | { kind: 'item'; collection: Collection; item: CollectionItem; first: boolean; last: boolean }

type Props = {
  /** Opens a saved request: its form, and its checks. */
  /** `imported`: the request comes from a collection someone else wrote. */
  onOpen: (draft: Draft, checks: Check[], imported: boolean) => void
  intent: WorkbenchIntent | null
  onIntentDone: () => void
  onMessage: (message: string) => void
  newId?: () => string
}

/** A request saved from a catalogue operation: what changed there since, and an update. */
function SourceStatus({ collectionId, request }: { collectionId: string; request: SavedRequest }) {
  const dispatch = useAppDispatch()
  const source = request.source as NonNullable<SavedRequest['source']>
  const { data, error } = useGetTesterOperationQuery({
    apiId: source.apiId,
    operationKey: source.operationKey,
  })
  if (error && isNotFound(error)) {
    return (
      <Typography variant="body2" color="warning" sx={{ pl: 1 }}>
        No longer in the directory.
      </Typography>
    )
  }
  if (!data) return null
  const shape = shapeOf(data)
  if (digestOf(shape) === source.digest) return null
  const changes = describeChanges(source.shape, shape)
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ ml: 1 }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() =>
            dispatch(
              requestSaved({
                collectionId,
                folderId: null,
                request: {
                  ...request,
                  draft: updatedDraft(request.draft, source.shape, data),
                  source: sourceOf(data),
                },
              }),
            )
          }
        >
          Update
        </Button>
      }
    >
      Changed in the directory
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {(changes.length > 0 ? changes : ['Its details changed']).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
    </Alert>
  )
}

/** The collections kept in this browser: open, rename, reorder, duplicate, delete, export. */
export function CollectionsPanel({
  onOpen,
  intent,
  onIntentDone,
  onMessage,
  newId = () => crypto.randomUUID(),
}: Props) {
  const dispatch = useAppDispatch()
  const { loaded, collections, openedRequest } = useAppSelector(selectWorkbench)
  const [menu, setMenu] = useState<{ anchor: HTMLElement; target: Target } | null>(null)
  const [renaming, setRenaming] = useState<{ target: Target; name: string } | null>(null)
  const [addingFolder, setAddingFolder] = useState<{ collection: Collection; name: string } | null>(
    null,
  )
  const [deleting, setDeleting] = useState<Target | null>(null)
  const [exporting, setExporting] = useState<Collection | null>(null)
  const [importing, setImporting] = useState(false)
  const [running, setRunning] = useState<RunTarget | null>(null)

  useEffect(() => {
    if (intent === 'import' || intent === 'collections') {
      // A press from before this part loaded, answered once.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (intent === 'import') setImporting(true)
      else document.getElementById('tester-collections-heading')?.focus()
      onIntentDone()
    }
  }, [intent, onIntentDone])

  const nameOf = (target: Target) =>
    target.kind === 'collection' ? target.collection.name : target.item.name
  const close = () => setMenu(null)
  const act = (run: () => void) => () => {
    close()
    run()
  }

  /** Its form and checks, and Ctrl+S then saves over it. */
  const open = (
    collectionId: string,
    request: Pick<SavedRequest, 'id' | 'name' | 'draft' | 'checks'>,
  ) => {
    dispatch(requestOpened({ collectionId, id: request.id }))
    const imported = collections.find((c) => c.id === collectionId)?.imported === true
    onOpen(request.draft, request.checks ?? [], imported)
    onMessage(`Opened “${request.name}”`)
  }

  const rename = (target: Target, name: string) => {
    if (target.kind === 'collection') {
      dispatch(collectionRenamed({ id: target.collection.id, name }))
    } else {
      dispatch(itemRenamed({ collectionId: target.collection.id, id: target.item.id, name }))
    }
  }

  const renderItems = (collection: Collection, items: CollectionItem[]): ReactNode => (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, pl: 1 }}>
      {items.map((item, index) => {
        const target: Target = {
          kind: 'item',
          collection,
          item,
          first: index === 0,
          last: index === items.length - 1,
        }
        const actions = (
          <IconButton
            size="small"
            aria-label={`Actions for ${item.name}`}
            aria-haspopup="menu"
            onClick={(event) => setMenu({ anchor: event.currentTarget, target })}
          >
            <MoreVert fontSize="small" />
          </IconButton>
        )
        return (
          <li key={item.id}>
            {item.kind === 'folder' ? (
              <>
                <Stack direction="row" sx={{ alignItems: 'center' }}>
                  <FolderOutlined fontSize="small" sx={{ mr: 0.5, color: 'text.secondary' }} />
                  <Typography variant="body2" sx={{ flex: 1, fontWeight: 500 }}>
                    {item.name}
                  </Typography>
                  {actions}
                </Stack>
                {item.items.length === 0 ? (
                  <Typography variant="body2" color="textSecondary" sx={{ pl: 3 }}>
                    Empty folder
                  </Typography>
                ) : (
                  renderItems(collection, item.items)
                )}
              </>
            ) : (
              <>
                <Stack direction="row" sx={{ alignItems: 'center' }}>
                  <Button
                    size="small"
                    color="inherit"
                    aria-current={openedRequest?.id === item.id ? 'true' : undefined}
                    onClick={() => open(collection.id, item)}
                    sx={{
                      flex: 1,
                      justifyContent: 'flex-start',
                      textTransform: 'none',
                      textAlign: 'left',
                      minWidth: 0,
                      fontWeight: openedRequest?.id === item.id ? 700 : 400,
                    }}
                  >
                    <Box
                      component="span"
                      sx={{ fontFamily: 'monospace', mr: 1, color: 'text.secondary' }}
                    >
                      {item.draft.method}
                    </Box>
                    {item.name}
                  </Button>
                  {actions}
                </Stack>
                {item.source && <SourceStatus collectionId={collection.id} request={item} />}
                {item.source && <SavedRequestChanges source={item.source} />}
              </>
            )}
          </li>
        )
      })}
    </Box>
  )

  const target = menu?.target
  const run = running && runOf(collections, running)
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="tester-collections-heading"
      sx={{ p: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography
          id="tester-collections-heading"
          variant="h2"
          tabIndex={-1}
          sx={{ fontSize: '1.125rem' }}
        >
          Collections
        </Typography>
        <Button size="small" onClick={() => setImporting(true)}>
          Import
        </Button>
      </Stack>
      {!loaded ? (
        <Typography variant="body2" color="textSecondary">
          Reading your collections…
        </Typography>
      ) : collections.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          Save a request (Ctrl+S) to start a collection, or import one from Postman, a HAR file or a
          cURL command.
        </Typography>
      ) : (
        <Stack spacing={2}>
          {collections.map((collection) => (
            <Box
              key={collection.id}
              component="section"
              aria-label={`Collection ${collection.name}`}
            >
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <Typography variant="h3" sx={{ fontSize: '1rem', flex: 1 }}>
                  {collection.name}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={`Actions for collection ${collection.name}`}
                  aria-haspopup="menu"
                  onClick={(event) =>
                    setMenu({
                      anchor: event.currentTarget,
                      target: { kind: 'collection', collection },
                    })
                  }
                >
                  <MoreVert fontSize="small" />
                </IconButton>
              </Stack>
              {collection.items.length === 0 ? (
                <Typography variant="body2" color="textSecondary">
                  No requests yet.
                </Typography>
              ) : (
                renderItems(collection, collection.items)
              )}
            </Box>
          ))}
        </Stack>
      )}

      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={close}>
        {target && (
          <MenuItem onClick={act(() => setRenaming({ target, name: nameOf(target) }))}>
            Rename
          </MenuItem>
        )}
        {target?.kind === 'collection' && [
          <MenuItem
            key="folder"
            onClick={act(() => setAddingFolder({ collection: target.collection, name: '' }))}
          >
            Add folder
          </MenuItem>,
          <MenuItem
            key="run"
            onClick={act(() => setRunning({ collectionId: target.collection.id, folderId: null }))}
          >
            Run collection
          </MenuItem>,
          <MenuItem key="export" onClick={act(() => setExporting(target.collection))}>
            Export
          </MenuItem>,
        ]}
        {target?.kind === 'item' && target.item.kind === 'folder' && (
          <MenuItem
            onClick={act(() =>
              setRunning({ collectionId: target.collection.id, folderId: target.item.id }),
            )}
          >
            Run folder
          </MenuItem>
        )}
        {target?.kind === 'item' && [
          <MenuItem
            key="up"
            disabled={target.first}
            onClick={act(() =>
              dispatch(
                itemMoved({ collectionId: target.collection.id, id: target.item.id, by: -1 }),
              ),
            )}
          >
            Move up
          </MenuItem>,
          <MenuItem
            key="down"
            disabled={target.last}
            onClick={act(() =>
              dispatch(
                itemMoved({ collectionId: target.collection.id, id: target.item.id, by: 1 }),
              ),
            )}
          >
            Move down
          </MenuItem>,
          <MenuItem
            key="duplicate"
            onClick={act(() =>
              dispatch(
                itemDuplicated({
                  collectionId: target.collection.id,
                  id: target.item.id,
                  copy: copyItem(target.item, newId),
                }),
              ),
            )}
          >
            Duplicate
          </MenuItem>,
        ]}
        {target && (
          <MenuItem onClick={act(() => setDeleting(target))} sx={{ color: 'error.main' }}>
            Delete
          </MenuItem>
        )}
      </Menu>

      {renaming && (
        <Dialog open onClose={() => setRenaming(null)} aria-labelledby="rename-title">
          <form
            onSubmit={(event) => {
              event.preventDefault()
              if (renaming.name.trim() === '') return
              rename(renaming.target, renaming.name.trim())
              setRenaming(null)
            }}
          >
            <DialogTitle id="rename-title">Rename “{nameOf(renaming.target)}”</DialogTitle>
            <DialogContent dividers>
              <OutlinedField
                label="New name"
                value={renaming.name}
                onChange={(event) => setRenaming({ ...renaming, name: event.target.value })}
                error={renaming.name.trim() === ''}
                helperText={renaming.name.trim() === '' ? 'Enter a name.' : undefined}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setRenaming(null)}>Cancel</Button>
              <Button type="submit" variant="contained">
                Rename
              </Button>
            </DialogActions>
          </form>
        </Dialog>
      )}

      {addingFolder && (
        <Dialog open onClose={() => setAddingFolder(null)} aria-labelledby="folder-title">
          <form
            onSubmit={(event) => {
              event.preventDefault()
              if (addingFolder.name.trim() === '') return
              dispatch(
                folderCreated({
                  collectionId: addingFolder.collection.id,
                  id: newId(),
                  name: addingFolder.name.trim(),
                }),
              )
              setAddingFolder(null)
            }}
          >
            <DialogTitle id="folder-title">
              New folder in {addingFolder.collection.name}
            </DialogTitle>
            <DialogContent dividers>
              <OutlinedField
                label="Folder name"
                value={addingFolder.name}
                onChange={(event) => setAddingFolder({ ...addingFolder, name: event.target.value })}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setAddingFolder(null)}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={addingFolder.name.trim() === ''}>
                Add folder
              </Button>
            </DialogActions>
          </form>
        </Dialog>
      )}

      {deleting && (
        <Dialog open onClose={() => setDeleting(null)} aria-labelledby="delete-title">
          <DialogTitle id="delete-title">Delete “{nameOf(deleting)}”?</DialogTitle>
          <DialogContent dividers>
            <Typography>
              {deleting.kind === 'collection'
                ? 'The collection and every request in it are deleted from this browser.'
                : deleting.item.kind === 'folder'
                  ? 'The folder and every request in it are deleted from this browser.'
                  : 'The request is deleted from this browser.'}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)}>Cancel</Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => {
                if (deleting.kind === 'collection') {
                  dispatch(collectionDeleted(deleting.collection.id))
                } else {
                  dispatch(
                    itemDeleted({ collectionId: deleting.collection.id, id: deleting.item.id }),
                  )
                }
                onMessage(`Deleted “${nameOf(deleting)}”`)
                setDeleting(null)
              }}
            >
              Delete
            </Button>
          </DialogActions>
        </Dialog>
      )}

      {exporting && (
        <ExportDialog
          collection={exporting}
          onClose={() => setExporting(null)}
          onMessage={onMessage}
        />
      )}
      {importing && <ImportDialog open onClose={() => setImporting(false)} newId={newId} />}
      {run && (
        <Suspense fallback={null}>
          <CollectionRunner
            title={run.title}
            items={run.items}
            folders={run.folders}
            onClose={() => setRunning(null)}
            onOpen={(request) => open(running.collectionId, request)}
            imported={collections.find((c) => c.id === running.collectionId)?.imported === true}
          />
        </Suspense>
      )}
    </Paper>
  )
}

/** The title and requests of what `target` names, as the collections are now; null once it is gone. */
function runOf(collections: Collection[], target: RunTarget) {
  const collection = collections.find((c) => c.id === target.collectionId)
  if (!collection) return null
  if (target.folderId === null) {
    return { title: collection.name, items: collection.items, folders: [] }
  }
  const folder = itemAt(collections, { collectionId: collection.id, id: target.folderId })
  if (folder?.kind !== 'folder') return null
  return {
    title: `${collection.name} / ${folder.name}`,
    items: folder.items,
    folders: [folder.name],
  }
}
