import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fileSnapshots } from './entrySnapshot'

describe('entries kept in a file', () => {
  let dir: string
  let file: string
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-entries-'))
    file = path.join(dir, 'entries.json')
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  /** What the file keeps, read with these fields: its key and its rows, or undefined. */
  const readBack = async (fields: string[], from = file) => {
    const rows: unknown[][] = []
    const key = await fileSnapshots(from).read(fields, (row) => rows.push(row))
    return key === undefined ? undefined : { key, fields, rows }
  }

  const rows = (count: number) =>
    Array.from({ length: count }, (_, i) => [
      `api-${i}`,
      // Accents, a symbol past the first plane and a line break: JSON escapes them all.
      `Café ${i} 𝄞 ☕\n"quoted"`,
      i % 2 === 0 ? null : i,
      ['apiKey', 'oauth2'],
      i % 3 === 0,
    ])

  it('reads back what it kept, in order, over several writes of rows', async () => {
    const kept = { key: 'format v1 7', fields: ['id', 'name', 'rating', 'auth', 'free'] }
    // More rows than one write takes, and not a multiple of it.
    const written = rows(2503)
    await fileSnapshots(file).write({ ...kept, rows: written })
    expect(await readBack(kept.fields)).toEqual({ ...kept, rows: written })
    // One byte per character: the whole file is ASCII.
    expect((await readFile(file)).every((byte) => byte < 0x80)).toBe(true)
    // No rows is a copy too: an empty catalogue.
    await fileSnapshots(file).write({ ...kept, rows: [] })
    expect(await readBack(kept.fields)).toEqual({ ...kept, rows: [] })
  })

  it('reads a file of many megabytes, whose reads end inside rows', async () => {
    // About 10 MB: several reads of a few megabytes, most ending inside a row.
    const long = Array.from({ length: 3001 }, (_, i) => [`api-${i}`, `${'x'.repeat(3333)}é${i}`])
    await fileSnapshots(file).write({ key: 'big', fields: ['id', 'text'], rows: long })
    const read = await readBack(['id', 'text'])
    expect(read?.rows).toHaveLength(long.length)
    expect(read).toEqual({ key: 'big', fields: ['id', 'text'], rows: long })
  })

  it('has nothing when the file is missing, cut short, not its own or not ASCII', async () => {
    expect(await readBack(['id'])).toBeUndefined()
    await fileSnapshots(file).write({ key: 'k', fields: ['id'], rows: [['a'], ['b']] })
    const whole = await readFile(file, 'latin1')
    expect(whole.split('\n')).toEqual([
      '{"key":"k","fields":["id"]}',
      '[["a"],["b"]]',
      '{"count":2}',
      '',
    ])
    const written = async (text: string) => {
      await writeFile(file, text)
      return readBack(['id'])
    }
    // Cut inside a line, or after a whole row: either way the count is not there.
    expect(await written(whole.slice(0, -5))).toBeUndefined()
    expect(await written(whole.slice(0, whole.indexOf('["b"]')))).toBeUndefined()
    expect(await written(`${whole}["c"]\n`)).toBeUndefined()
    expect(await written(whole.replace('{"count":2}', '{"count":3}'))).toBeUndefined()
    expect(await written(whole.replace('["b"]', '["b","extra"]'))).toBeUndefined()
    expect(await written(whole.replace('"fields":["id"]', '"fields":"id"'))).toBeUndefined()
    expect(await written(whole.replace('["b"]', '["é"]'))).toBeUndefined()
    expect(await written(whole)).toEqual({ key: 'k', fields: ['id'], rows: [['a'], ['b']] })
    // Other fields than the reader's.
    expect(await readBack(['name'])).toBeUndefined()
  })

  it('says why it could not keep them, and leaves the last copy whole', async () => {
    await fileSnapshots(file).write({ key: 'old', fields: ['id'], rows: [['a']] })
    const errors: unknown[] = []
    const failing = fileSnapshots(path.join(dir, 'missing-dir', 'entries.json'), (error) =>
      errors.push(error),
    )
    await expect(failing.write({ key: 'k', fields: ['id'], rows: [['a']] })).resolves.toBe(
      undefined,
    )
    expect(errors).toHaveLength(1)
    expect(String(errors[0])).toMatch(/ENOENT/)
    // A write that fails part way through its rows leaves the file before it as it was.
    const throwing = (function* () {
      yield ['b']
      throw new Error('entry unreadable')
    })()
    const partial: unknown[] = []
    await fileSnapshots(file, (error) => partial.push(error)).write({
      key: 'new',
      fields: ['id'],
      rows: throwing,
    })
    expect(String(partial[0])).toMatch(/entry unreadable/)
    expect(await readBack(['id'])).toEqual({ key: 'old', fields: ['id'], rows: [['a']] })
    expect(await readdir(dir)).toEqual(['entries.json'])
  })
})
