import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fileSnapshots, readAhead } from './entrySnapshot'

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
    expect(await fileSnapshots(file).read()).toEqual({ ...kept, rows: written })
    // One byte per character: the whole file is ASCII.
    expect((await readFile(file)).every((byte) => byte < 0x80)).toBe(true)
    // No rows is a copy too: an empty catalogue.
    await fileSnapshots(file).write({ ...kept, rows: [] })
    expect(await fileSnapshots(file).read()).toEqual({ ...kept, rows: [] })
  })

  it('has nothing when the file is missing, cut short, not its own or not ASCII', async () => {
    expect(await fileSnapshots(file).read()).toBeUndefined()
    await fileSnapshots(file).write({ key: 'k', fields: ['id'], rows: [['a'], ['b']] })
    const whole = await readFile(file, 'latin1')
    await writeFile(file, whole.slice(0, -5))
    expect(await fileSnapshots(file).read()).toBeUndefined()
    await writeFile(file, JSON.stringify({ key: 'k', fields: ['id'], rows: [['a', 'extra']] }))
    expect(await fileSnapshots(file).read()).toBeUndefined()
    await writeFile(file, JSON.stringify({ key: 'k', fields: ['id'], rows: [['é']] }))
    expect(await fileSnapshots(file).read()).toBeUndefined()
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
    expect(await fileSnapshots(file).read()).toEqual({ key: 'old', fields: ['id'], rows: [['a']] })
    expect(await readdir(dir)).toEqual(['entries.json'])
  })

  it('reads ahead once, and hands the copy over once', async () => {
    const kept = { key: 'k', fields: ['id'], rows: [['a']] }
    await fileSnapshots(file).write(kept)
    const ahead = readAhead(fileSnapshots(file))
    await expect(ahead.take()).resolves.toEqual(kept)
    // Nothing left held for a second taker: the catalogue reads the file itself after.
    expect(ahead.take()).toBeUndefined()
    await expect(ahead.snapshots.read()).resolves.toEqual(kept)
  })
})
