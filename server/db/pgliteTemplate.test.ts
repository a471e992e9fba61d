// A new embedded database starts from the template kept for the installed PGlite, on disk (its
// own thread) and in memory alike, and an existing one opens as it is.
import { existsSync } from 'node:fs'
import { mkdtemp, rm, truncate } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { extract } from 'tar'
import { afterEach, expect, it } from 'vitest'
import { openPglite, type Db } from './database'
import { pgliteVersion, templateFile } from './pgliteTemplate'

// initdb gives every cluster a new identifier; one unpacked from the template keeps the template's.
const identifierOf = async (db: Pick<Db, 'query'>) =>
  (
    await db.query<{ id: string }>('select system_identifier::text as id from pg_control_system()')
  )[0]!.id

const opened: Db[] = []
const dirs: string[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()))
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

it('keeps a template for the PGlite version installed', () => {
  expect(
    existsSync(templateFile()),
    `No template for PGlite ${pgliteVersion()}: run npm run db:template and commit it`,
  ).toBe(true)
})

it('starts a new database from the template, on disk and in memory, and reopens one as it is', async () => {
  const initdb = await PGlite.create('memory://')
  const fresh = await identifierOf({
    query: async (text: string) => (await initdb.query<never>(text)).rows,
  })
  await initdb.close()

  const dataDir = await mkdtemp(path.join(tmpdir(), 'atlas-template-'))
  dirs.push(dataDir)
  const onDisk = await openPglite(dataDir)
  const template = await identifierOf(onDisk)
  expect(template).not.toBe(fresh)
  await onDisk.exec('create table kept (n int); insert into kept values (7)')
  await onDisk.close()

  const inMemory = await openPglite('memory://')
  opened.push(inMemory)
  expect(await identifierOf(inMemory)).toBe(template)

  // The directory holds a database now: it opens with what was written, not the template.
  const again = await openPglite(dataDir)
  opened.push(again)
  expect(await again.query('select n from kept')).toEqual([{ n: 7 }])
})

it('unpacks the template again over an unpacking cut short, which left no PG_VERSION', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atlas-template-'))
  dirs.push(dataDir)
  // Everything but the file that says a database is there, and one file half written.
  await extract({
    file: templateFile(),
    cwd: dataDir,
    filter: (entry) => entry.replace(/^\/+/, '') !== 'PG_VERSION',
  })
  await truncate(path.join(dataDir, 'global', 'pg_control'), 10)

  const db = await openPglite(dataDir)
  opened.push(db)
  const inMemory = await openPglite('memory://')
  opened.push(inMemory)
  expect(await identifierOf(db)).toBe(await identifierOf(inMemory))
  expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true)
})
