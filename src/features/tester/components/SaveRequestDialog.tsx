import { useState, type FormEvent } from 'react'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import type { OperationDetail } from '@/contract/operations'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import type { Check } from '../lib/checkTypes'
import type { Draft } from '../lib/draft'
import { sourceOf } from '../lib/operationSync'
import type { Folder } from '../lib/workbenchTypes'
import {
  collectionCreated,
  folderCreated,
  requestOpened,
  requestSaved,
  selectWorkbench,
} from '../workbenchSlice'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'
import { SelectField } from '@/components/SelectField/SelectField'

const NEW = '__new'

/** A name for a request: its method and its path, without the query. */
export function requestName(draft: Draft) {
  const url = draft.url.trim()
  try {
    return `${draft.method} ${new URL(url).pathname}`
  } catch {
    return url ? `${draft.method} ${url.split('?')[0]}` : 'Untitled request'
  }
}

type Props = {
  open: boolean
  onClose: () => void
  draft: Draft
  /** The checks of the form, saved with it. */
  checks?: Check[]
  /** The catalogue operation the form was filled from, remembered with the request. */
  operation?: OperationDetail
  onSaved: (message: string) => void
  newId?: () => string
}

/** Save the form as a new request, into a collection and, if chosen, a folder (new ones too). */
export function SaveRequestDialog({
  open,
  onClose,
  draft,
  checks,
  operation,
  onSaved,
  newId = () => crypto.randomUUID(),
}: Props) {
  const dispatch = useAppDispatch()
  const { collections } = useAppSelector(selectWorkbench)
  const [name, setName] = useState(() => requestName(draft))
  const [collectionId, setCollectionId] = useState(collections[0]?.id ?? NEW)
  const [collectionName, setCollectionName] = useState('My requests')
  const [folderId, setFolderId] = useState('')
  const [folderName, setFolderName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const collection = collections.find((c) => c.id === collectionId)
  const folders = (collection?.items ?? []).filter((i): i is Folder => i.kind === 'folder')

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') return setProblem('name')
    if (!collection && collectionName.trim() === '') return setProblem('collection')
    if (folderId === NEW && folderName.trim() === '') return setProblem('folder')
    let targetCollection = collection?.id
    if (!targetCollection) {
      targetCollection = newId()
      dispatch(collectionCreated({ id: targetCollection, name: collectionName.trim(), items: [] }))
    }
    let targetFolder: string | null = folderId || null
    if (folderId === NEW) {
      targetFolder = newId()
      dispatch(
        folderCreated({
          collectionId: targetCollection,
          id: targetFolder,
          name: folderName.trim(),
        }),
      )
    }
    const id = newId()
    dispatch(
      requestSaved({
        collectionId: targetCollection,
        folderId: targetFolder,
        request: {
          kind: 'request',
          id,
          name: name.trim(),
          // A multipart body's files are never kept: their parts stay, to choose the file again.
          draft: draft.parts
            ? {
                ...draft,
                parts: draft.parts.map((part) =>
                  'file' in part
                    ? { name: part.name, file: { name: '', type: '', base64: '' } }
                    : part,
                ),
              }
            : draft,
          ...(checks && checks.length > 0 && { checks }),
          ...(operation ? { source: sourceOf(operation) } : {}),
        },
      }),
    )
    dispatch(requestOpened({ collectionId: targetCollection, id }))
    onSaved(`Saved "${name.trim()}" in ${collection?.name ?? collectionName.trim()}`)
    onClose()
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="save-title">
      <form onSubmit={save} noValidate>
        <DialogTitle id="save-title">Save request</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <OutlinedField
              label="Request name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={problem === 'name'}
              helperText={problem === 'name' ? 'Give the request a name.' : undefined}
            />
            <SelectField
              label="Collection"
              value={collectionId}
              options={[
                ...collections.map((c) => ({ value: c.id, label: c.name })),
                { value: NEW, label: 'New collection…' },
              ]}
              onChange={(id) => {
                setCollectionId(id)
                setFolderId('')
              }}
            />
            {!collection && (
              <OutlinedField
                label="New collection name"
                value={collectionName}
                onChange={(event) => setCollectionName(event.target.value)}
                error={problem === 'collection'}
                helperText={problem === 'collection' ? 'Name the new collection.' : undefined}
              />
            )}
            <SelectField
              label="Folder"
              value={folderId}
              options={[
                { value: '', label: 'None (top of the collection)' },
                ...folders.map((f) => ({ value: f.id, label: f.name })),
                { value: NEW, label: 'New folder…' },
              ]}
              onChange={setFolderId}
            />
            {folderId === NEW && (
              <OutlinedField
                label="New folder name"
                value={folderName}
                onChange={(event) => setFolderName(event.target.value)}
                error={problem === 'folder'}
                helperText={problem === 'folder' ? 'Name the new folder.' : undefined}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
