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
const ENTRY_SNAPSHOT_FILE = 'atlas-catalogue-entries.jsonl'

export type EntrySnapshots = {
  /**
   * Reads what is kept, whatever its key, handing each row to `onRow` as it is read; resolves to
   * its key once the whole copy is read, or to undefined when nothing readable with these fields
   * is kept (rows handed over by then are of no use). Never rejects.
   */
  read(fields: readonly string[], onRow: (row: unknown[]) => void): Promise<string | undefined>
  /**
   * Keeps these in place of whatever was, `rows` read a few at a time as they are written (the
   * entries must stay as they are until it resolves). Never rejects.
   */
  write(kept: { key: string; fields: readonly string[]; rows: Iterable<unknown[]> }): Promise<void>
}

/**
 * Rows a line holds, written at a time: at 100,000 entries the whole file took over a second to
 * make as one string, time in which the server answers nobody; a line takes a few milliseconds.
 */
const ROWS_PER_LINE = 500

/**
 * Bytes read at a time, whole lines of them parsed as they come. Read whole, the file and its
 * text (two copies of 35 MB at 100,000 entries, outside V8's heap) stayed resident until a
 * collection came, which an idle server may not have for a long time. A line is far shorter.
 */
const READ_BYTES = 4 * 1024 * 1024

const NEWLINE = 0x0a

/**
 * Every character past ASCII as a JSON escape: the file then reads as a string of one byte per
 * character, half the memory of the two a single "é" would make V8 use for all of it.
 */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

/** The first line's key, when its fields are these. */
const keyOf = (header: unknown, fields: readonly string[]) => {
  const { key, fields: kept } = (header ?? {}) as { key?: unknown; fields?: unknown }
  return typeof key === 'string' &&
    Array.isArray(kept) &&
    kept.length === fields.length &&
    kept.every((field, index) => field === fields[index])
    ? key
    : undefined
}

/**
 * The file's lines, each parsed as JSON, in order. The part of a line a read cut off moves to the
 * front of the buffer for the next read, so no text is made twice. Throws on a line longer than
 * the buffer or on anything but ASCII: neither is a file written here.
 */
async function* jsonLinesOf(file: string) {
  const handle = await open(file)
  try {
    const buffer = Buffer.allocUnsafe(READ_BYTES)
    let held = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, held, READ_BYTES - held, null)
      const filled = held + bytesRead
      // At the end, what is left is the last line; before it, lines up to the last line break.
      const end = bytesRead === 0 ? filled : buffer.lastIndexOf(NEWLINE, filled - 1) + 1
      if (end === 0 && bytesRead > 0) {
        if (filled === READ_BYTES) throw new Error('a line longer than a read')
        held = filled
        continue
      }
      const whole = buffer.subarray(0, end)
      if (!isAscii(whole)) throw new Error('not ASCII')
      const text = whole.toString('latin1')
      for (let start = 0; start < text.length;) {
        const next = text.indexOf('\n', start)
        const stop = next === -1 ? text.length : next
        if (stop > start) yield JSON.parse(text.slice(start, stop)) as unknown
        start = stop + 1
      }
      if (bytesRead === 0) return
      buffer.copy(buffer, 0, end, filled)
      held = filled - end
    }
  } finally {
    await handle.close()
  }
}

/**
 * Entries kept in `file`: a line of JSON with the key and the fields; lines of up to
 * ROWS_PER_LINE entries, each entry its values as an array (rows, not objects: a third smaller,
 * and quicker to parse); and a last line with their count. Written beside and renamed over, so a
 * start never reads half of one; read a few megabytes at a time.
 */
export const fileSnapshots = (
  file: string,
  onWriteError: (error: unknown) => void = () => {},
): EntrySnapshots => ({
  async read(fields, onRow) {
    try {
      let key: string | undefined
      let count = 0
      // The last line counts the rows: a file that ends anywhere else is not whole.
      let ended = false
      for await (const line of jsonLinesOf(file)) {
        if (ended) return undefined
        if (key === undefined) {
          key = keyOf(line, fields)
          if (key === undefined) return undefined
        } else if (Array.isArray(line)) {
          for (const row of line as unknown[]) {
            if (!Array.isArray(row) || row.length !== fields.length) return undefined
            onRow(row)
            count++
          }
        } else if ((line as { count?: unknown } | null)?.count === count) {
          ended = true
        } else {
          return undefined
        }
      }
      return ended ? key : undefined
    } catch {
      return undefined
    }
  },
  async write({ key, fields, rows }) {
    const beside = `${file}.tmp`
    try {
      const out = await open(beside, 'w')
      try {
        await out.write(`${asciiJson({ key, fields })}\n`)
        let line: unknown[][] = []
        let count = 0
        const flush = async () => {
          count += line.length
          const text = `${asciiJson(line)}\n`
          line = []
          await out.write(text)
        }
        for (const row of rows) {
          line.push(row)
          if (line.length === ROWS_PER_LINE) await flush()
        }
        if (line.length > 0) await flush()
        await out.write(`${JSON.stringify({ count })}\n`)
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

/**
 * The copy of the entries in PGlite's data directory; none on Postgres or in memory, where there
 * is no directory of one instance's own to keep it in.
 */
export const snapshotsIn = (
  config: { databaseUrl?: string; dataDir: string },
  onWriteError: (error: unknown) => void,
): EntrySnapshots | undefined =>
  config.databaseUrl || config.dataDir.startsWith(MEMORY_DATA_DIR)
    ? undefined
    : fileSnapshots(path.join(config.dataDir, ENTRY_SNAPSHOT_FILE), onWriteError)
