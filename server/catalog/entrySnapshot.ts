// The directory's entries as the catalogue last read them, kept in a file beside the embedded
// database for the next start. At 100,000 APIs reading them back from PGlite took a restart 2.5 s
// (the database writes each page as JSON on its one thread) and ordering them by name half a
// second more. The file holds them in that order, and a start reads it while the database opens
// on its own thread. A kept copy is only a shortcut: any doubt about it (another key, a file cut
// short, a disk error) and the catalogue reads the database as it would without one.
import { isAscii } from 'node:buffer'
import { open, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { MEMORY_DATA_DIR } from '../db/database'

/** The file's name in PGlite's data directory, beside the database's own files. */
export const ENTRY_SNAPSHOT_FILE = 'atlas-catalogue-entries.json'

/** Entries as kept: plain values, one row of `fields` per entry, in the order they were kept. */
export type KeptEntries = { key: string; fields: string[]; rows: unknown[][] }

export type EntrySnapshots = {
  /** What is kept, whatever its key; undefined when nothing readable is. Never rejects. */
  read(): Promise<KeptEntries | undefined>
  /**
   * Keeps these in place of whatever was, `rows` read a few at a time as they are written (the
   * entries must stay as they are until it resolves). Never rejects.
   */
  write(kept: { key: string; fields: string[]; rows: Iterable<unknown[]> }): Promise<void>
}

/**
 * Rows written at a time: at 100,000 entries the whole file took over a second to make as one
 * string, time in which the server answers nobody; this many take a few milliseconds.
 */
const ROWS_PER_WRITE = 1000

/**
 * Every character past ASCII as a JSON escape: the file then reads as a string of one byte per
 * character, half the memory of the two a single "é" would make V8 use for all of it.
 */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

/**
 * The file in one read where the system gives it: readFile asks for half a megabyte at a time,
 * each once this thread has a moment, and while the server's modules load it has few.
 */
const readWhole = async (file: string) => {
  const handle = await open(file)
  try {
    const { size } = await handle.stat()
    const bytes = Buffer.allocUnsafe(size)
    let read = 0
    while (read < size) {
      const { bytesRead } = await handle.read(bytes, read, size - read, read)
      if (bytesRead === 0) break
      read += bytesRead
    }
    return bytes.subarray(0, read)
  } finally {
    await handle.close()
  }
}

const isKept = (value: unknown): value is KeptEntries => {
  const kept = value as Partial<KeptEntries> | null
  return (
    typeof kept?.key === 'string' &&
    Array.isArray(kept.fields) &&
    kept.fields.every((field) => typeof field === 'string') &&
    Array.isArray(kept.rows) &&
    kept.rows.every((row) => Array.isArray(row) && row.length === kept.fields!.length)
  )
}

/**
 * Entries kept in `file` as one JSON object, rows of values rather than objects (a third smaller,
 * and quicker to parse). Written beside and renamed over, so a start never reads half of one.
 */
export const fileSnapshots = (
  file: string,
  onWriteError: (error: unknown) => void = () => {},
): EntrySnapshots => ({
  async read() {
    try {
      const bytes = await readWhole(file)
      // Written as ASCII: anything else is not a file written here whole.
      if (!isAscii(bytes)) return undefined
      const kept: unknown = JSON.parse(bytes.toString('latin1'))
      return isKept(kept) ? kept : undefined
    } catch {
      return undefined
    }
  },
  async write({ key, fields, rows }) {
    const beside = `${file}.tmp`
    try {
      const out = await open(beside, 'w')
      try {
        await out.write(`{"key":${asciiJson(key)},"fields":${asciiJson(fields)},"rows":[`)
        let chunk: unknown[][] = []
        let first = true
        const flush = async () => {
          const text = chunk.map(asciiJson).join(',')
          chunk = []
          await out.write(first ? text : `,${text}`)
          first = false
        }
        for (const row of rows) {
          chunk.push(row)
          if (chunk.length === ROWS_PER_WRITE) await flush()
        }
        if (chunk.length > 0) await flush()
        await out.write(']}')
      } finally {
        await out.close()
      }
      await rename(beside, file)
    } catch (error) {
      await rm(beside, { force: true }).catch(() => {})
      onWriteError(error)
    }
  },
})

/** A kept copy being read ahead, handed over once. */
export type EarlySnapshot = {
  snapshots: EntrySnapshots
  /** The copy being read, the first time; undefined after, so that nothing else holds it. */
  take(): Promise<KeptEntries | undefined> | undefined
}

/**
 * Starts reading what `snapshots` keeps now, for a catalogue that opens later. At 100,000 entries
 * the parsed copy is tens of megabytes: it is held only until it is taken.
 */
export const readAhead = (snapshots: EntrySnapshots): EarlySnapshot => {
  let kept: Promise<KeptEntries | undefined> | undefined = snapshots.read()
  return {
    snapshots,
    take: () => {
      const taken = kept
      kept = undefined
      return taken
    },
  }
}

/**
 * The copy of the entries in PGlite's data directory, read ahead from now; none on Postgres or in
 * memory, where there is no directory of one instance's own to keep it in.
 */
export const readAheadIn = (
  config: { databaseUrl?: string; dataDir: string },
  onWriteError: (error: unknown) => void,
): EarlySnapshot | undefined =>
  config.databaseUrl || config.dataDir.startsWith(MEMORY_DATA_DIR)
    ? undefined
    : readAhead(fileSnapshots(path.join(config.dataDir, ENTRY_SNAPSHOT_FILE), onWriteError))
