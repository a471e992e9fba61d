import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import {
  describeEachDb,
  openSecondConnection,
  openTestDb,
  TEST_DATABASE_URL,
  type TestDb,
} from '../testing/testDb'
import { migrate, readMigrations } from './migrate'

let dir: string

const write = (files: Record<string, string>) =>
  Promise.all(
    Object.entries(files).map(([name, sql]) => writeFile(path.join(dir, name), sql, 'utf8')),
  )

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-migrations-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('readMigrations', () => {
  it('orders files by number, not by name', async () => {
    await write({
      '010_ten.sql': 'select 10',
      '002_two.sql': 'select 2',
      '0001_one.sql': 'select 1',
      'README.md': 'not a migration',
    })
    const migrations = await readMigrations(dir)
    expect(migrations.map((m) => [m.version, m.name])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [10, 'ten'],
    ])
    expect(migrations[0]!.checksum).toMatch(/^statements:[0-9a-f]{64}$/)
  })

  it('ignores line-ending differences in the checksum', async () => {
    await write({
      '001_a.sql': 'select 1;\nselect 2;\n',
      '002_a.sql': 'select 1;\r\nselect 2;\r\n',
    })
    const [a, b] = await readMigrations(dir)
    expect(a!.checksum).toBe(b!.checksum)
  })

  it('refuses duplicate numbers', async () => {
    await write({ '001_one.sql': 'select 1', '001_uno.sql': 'select 1' })
    await expect(readMigrations(dir)).rejects.toThrow(
      'Migrations 001_one.sql and 001_uno.sql share the number 1',
    )
  })

  it('refuses a file not named NNN_name.sql', async () => {
    await write({ 'add_users.sql': 'select 1' })
    await expect(readMigrations(dir)).rejects.toThrow('add_users.sql must be named NNN_name.sql')
  })

  it('says when the folder is missing', async () => {
    await expect(readMigrations(path.join(dir, 'nope'))).rejects.toThrow(
      'Cannot read the migrations folder',
    )
  })
})

describeEachDb('migrate', (kind) => {
  let db: TestDb

  beforeEach(async () => {
    db = await openTestDb(kind)
  })
  afterEach(() => db.dispose())

  const applied = () =>
    db.query<{ version: number; name: string; checksum: string; applied_at: Date }>(
      'select version, name, checksum, applied_at from schema_migrations order by version',
    )

  it('applies files in order and records each', async () => {
    await write({
      '001_create.sql': 'create table things (id int primary key, label text);',
      '002_fill.sql': "insert into things values (1, 'one'); insert into things values (2, 'two');",
    })
    expect(await migrate(db, dir)).toEqual({ applied: ['001_create.sql', '002_fill.sql'] })
    expect(await db.query('select label from things order by id')).toEqual([
      { label: 'one' },
      { label: 'two' },
    ])

    const rows = await applied()
    const files = await readMigrations(dir)
    expect(rows.map(({ version, name, checksum }) => ({ version, name, checksum }))).toEqual(
      files.map(({ version, name, checksum }) => ({ version, name, checksum })),
    )
    expect(rows[0]!.applied_at).toBeInstanceOf(Date)
  })

  it('does nothing on a second run, and only the new file later', async () => {
    await write({ '001_create.sql': 'create table things (id int);' })
    await migrate(db, dir)
    expect(await migrate(db, dir)).toEqual({ applied: [] })

    await write({ '002_more.sql': 'alter table things add column label text;' })
    expect(await migrate(db, dir)).toEqual({ applied: ['002_more.sql'] })
    expect((await applied()).map((row) => row.version)).toEqual([1, 2])
  })

  it('takes a reworded comment as the same migration, and a changed statement as a change', async () => {
    await write({ '001_create.sql': '-- Things, as told.\ncreate table things (id int);\n' })
    await migrate(db, dir)
    await write({
      '001_create.sql':
        '-- Things, said better,\n-- over two lines.\ncreate table things (id int);\n',
    })
    expect(await migrate(db, dir)).toEqual({ applied: [] })
    await write({ '001_create.sql': '-- Things.\ncreate table things (id bigint);\n' })
    await expect(migrate(db, dir)).rejects.toThrow(
      /001_create\.sql was changed after it was applied/,
    )
  })

  it('accepts the full-text checksum an older server recorded, and records the new one', async () => {
    const sql = '-- Things.\ncreate table things (id int);\n'
    await write({ '001_create.sql': sql })
    await migrate(db, dir)
    const [migration] = await readMigrations(dir)
    await db.query('update schema_migrations set checksum = $1 where version = 1', [
      migration!.fullTextChecksum,
    ])
    expect(await migrate(db, dir)).toEqual({ applied: [] })
    expect((await applied())[0]!.checksum).toBe(migration!.checksum)
  })

  it('refuses an applied file whose content changed', async () => {
    await write({ '001_create.sql': 'create table things (id int);' })
    await migrate(db, dir)
    await write({ '001_create.sql': 'create table things (id bigint);' })
    await expect(migrate(db, dir)).rejects.toThrow(
      /Migration 001_create\.sql was changed after it was applied/,
    )
  })

  it('refuses when the database has a migration the folder lacks', async () => {
    await write({ '001_create.sql': 'create table things (id int);' })
    await migrate(db, dir)
    await rm(path.join(dir, '001_create.sql'))
    await expect(migrate(db, dir)).rejects.toThrow(/has migration 001_create applied, but/)
  })

  it('runs each file in a transaction: a failure leaves no trace of that file', async () => {
    await write({
      '001_ok.sql': 'create table kept (id int);',
      '002_broken.sql': 'create table half (id int); insert into half values (1); select nope;',
      '003_later.sql': 'create table later (id int);',
    })
    await expect(migrate(db, dir)).rejects.toThrow(/Migration 002_broken\.sql failed: .*nope/)

    expect((await applied()).map((row) => row.version)).toEqual([1])
    const tables = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables
       where table_schema = current_schema() order by table_name`,
    )
    expect(tables.map((t) => t.table_name)).toEqual(['kept', 'schema_migrations'])

    await write({ '002_broken.sql': 'create table half (id int);' })
    expect(await migrate(db, dir)).toEqual({ applied: ['002_broken.sql', '003_later.sql'] })
  })

  it('lets two runs at once apply each file exactly once', async () => {
    await write({
      '001_create.sql': 'create table things (id int);',
      '002_fill.sql': 'insert into things values (1);',
      '003_fill.sql': 'insert into things values (2);',
    })
    // On Postgres the second run uses its own pool, like a second server starting.
    const other = kind === 'postgres' ? await openSecondConnection(db) : db
    try {
      const [a, b] = await Promise.all([migrate(db, dir), migrate(other, dir)])
      expect([...a.applied, ...b.applied].sort()).toEqual([
        '001_create.sql',
        '002_fill.sql',
        '003_fill.sql',
      ])
      expect(await db.query('select id from things order by id')).toEqual([{ id: 1 }, { id: 2 }])
    } finally {
      if (other !== db) await other.close()
    }
  })

  it('applies the real migrations', async () => {
    const { migrationsDir } = loadConfig({})
    const { applied: files } = await migrate(db, migrationsDir)
    expect(files[0]).toBe('001_app_settings.sql')

    await db.query('insert into app_settings (key, value) values ($1, $2)', [
      'seed_hash',
      JSON.stringify({ hash: 'abc' }),
    ])
    const [row] = await db.query<{ value: unknown; updated_at: Date }>(
      'select value, updated_at from app_settings where key = $1',
      ['seed_hash'],
    )
    expect(row).toEqual({ value: { hash: 'abc' }, updated_at: expect.any(Date) })
    expect(await migrate(db, migrationsDir)).toEqual({ applied: [] })
  })

  it.runIf(kind === 'postgres')('keeps to its own schema', async () => {
    await write({ '001_create.sql': 'create table things (id int);' })
    await migrate(db, dir)
    const [row] = await db.query<{ schema: string }>(
      "select table_schema as schema from information_schema.tables where table_name = 'schema_migrations' and table_schema = current_schema()",
    )
    expect(row?.schema).toBe(db.schema)
    expect(TEST_DATABASE_URL).toBeTruthy()
  })
})
