// What the tester keeps in the browser beside its history: environments and collections.
import type { Draft } from './draft'
import type { Check } from './checkTypes'

/** A `{{name}}` value. A secret one is masked on screen and left out of exports unless asked. */
export type Variable = { name: string; value: string; secret: boolean }

export type Environment = { id: string; name: string; variables: Variable[] }

/** What of a catalogue operation a saved request was made from, to tell what changed since. */
export type OperationShape = {
  method: string
  path: string
  params: { name: string; in: string; required: boolean }[]
  bodyTypes: string[]
}

/** The directory's operation a request was saved from (the tester's `?api=…&op=…`). */
export type RequestSource = {
  apiId: string
  operationKey: string
  digest: string
  shape: OperationShape
  /**
   * When it was saved (or updated to the operation), to tell which of the document's recorded
   * changes came after; absent from saves made before it was kept.
   */
  savedAt?: string
}

/**
 * A saved request keeps the whole draft, whatever the form holds (checks included), not a copy
 * of some of its fields.
 */
export type SavedRequest = {
  kind: 'request'
  id: string
  name: string
  draft: Draft
  /** The checks run on its answer (an older save has none). */
  checks?: Check[]
  source?: RequestSource
}

export type Folder = { kind: 'folder'; id: string; name: string; items: CollectionItem[] }

export type CollectionItem = SavedRequest | Folder

export type Collection = {
  id: string
  name: string
  items: CollectionItem[]
  /** Written by someone else (imported): its requests ask before sending secrets to new hosts. */
  imported?: boolean
}
