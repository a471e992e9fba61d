import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Db, Queryable } from './database'

export type Migration = {
  version: number
  name: string
  file: string
  sql: string
  /** Of its statements, whole-line comments left out: rewording a comment changes nothing. */
  checksum: string
  /** Of its whole text, as databases migrated before comments were left out recorded it. */
  fullTextChecksum: string
}

export type MigrateResult = {
  /** File names applied by this run, in order. */
  applied: string[]
}

type AppliedRow = { version: number; name: string; checksum: string }

const FILE_PATTERN = /^(\d{3,})_([a-z0-9][a-z0-9_-]*)\.sql$/i

// Line endings are normalised so a Windows checkout does not look like an edited migration.
const sha256 = (text: string) =>
  createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex')

/** Marks a checksum of the statements only, apart from the full-text ones recorded before. */
const STATEMENTS = 'statements:'

/**
 * The checksum of what a migration does: its lines without whole-line `--` comments and trailing
 * blanks. A comment on its own line is documentation, and may be reworded after the file ran.
 */
const checksumOf = (sql: string) =>
  STATEMENTS +
  sha256(
    sql
      .replace(/\r\n/g, '\n')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('--'))
      .map((line) => line.trimEnd())
      .join('\n')
      .trim(),
  )

/**
 * Full-text checksums of earlier wordings of a migration's comments, recorded by databases that
 * ran it before comments were left out of the checksum: accepted as that migration, unchanged.
 */
const EARLIER_WORDINGS: Record<string, string[]> = {
  '008_audit_rows.sql': ['f11fe628229191449677994f81330d551eb0df4c5ee3f0c0e0b918caa69af669'],
  '014_catalog_search.sql': ['1a359801a48d055eb55898baa0633f363dd25d60a1d415882c63237af5f32bb3'],
}

/** Reads NNN_name.sql files in version order; refuses odd names and duplicate numbers. */
export const readMigrations = async (dir: string): Promise<Migration[]> => {
  let entries: string[]
  try {
    entries = await readdir(dir)
  } catch (error) {
    throw new Error(`Cannot read the migrations folder ${dir}`, { cause: error })
  }

  const migrations: Migration[] = []
  for (const file of entries.filter((entry) => entry.endsWith('.sql')).sort()) {
    const match = FILE_PATTERN.exec(file)
    if (!match) {
      throw new Error(`Migration file ${file} must be named NNN_name.sql (e.g. 002_catalogue.sql)`)
    }
    const sql = await readFile(path.join(dir, file), 'utf8')
    migrations.push({
      version: Number(match[1]),
      name: match[2]!,
      file,
      sql,
      checksum: checksumOf(sql),
      fullTextChecksum: sha256(sql),
    })
  }

  migrations.sort((a, b) => a.version - b.version)
  for (let i = 1; i < migrations.length; i++) {
    const previous = migrations[i - 1]!
    const current = migrations[i]!
    if (previous.version === current.version) {
      throw new Error(
        `Migrations ${previous.file} and ${current.file} share the number ${current.version}; renumber one of them`,
      )
    }
  }
  return migrations
}

// A transaction-scoped advisory lock: two servers starting together take turns, and the lock is
// released by COMMIT/ROLLBACK even if a process dies. Keyed by schema so isolated schemas don't wait.
const lock = (tx: Queryable) =>
  tx.query(
    "select pg_advisory_xact_lock(hashtext('api_atlas.schema_migrations:' || coalesce(current_schema(), '')))",
  )

/**
 * Refuses a migration changed after it ran. True when the row holds an older form of its checksum
 * (of the whole text), to be rewritten as the statements' checksum.
 */
const checkUnchanged = (migration: Migration, row: AppliedRow) => {
  if (row.checksum === migration.checksum) return false
  if (
    row.checksum === migration.fullTextChecksum ||
    (EARLIER_WORDINGS[migration.file] ?? []).includes(row.checksum)
  ) {
    return true
  }
  throw new Error(
    `Migration ${migration.file} was changed after it was applied (checksum ${row.checksum.replace(STATEMENTS, '').slice(0, 12)} in the database, ${migration.checksum.replace(STATEMENTS, '').slice(0, 12)} on disk); restore it and add a new migration instead`,
  )
}

/** Applies the pending migrations of dir, each in its own transaction, and records them. */
export const migrate = async (db: Db, dir: string): Promise<MigrateResult> => {
  const migrations = await readMigrations(dir)
  const byVersion = new Map(migrations.map((migration) => [migration.version, migration]))

  const applied = await db.transaction(async (tx) => {
    await lock(tx)
    await tx.exec(`
      create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`)
    const rows = await tx.query<AppliedRow>('select version, name, checksum from schema_migrations')
    for (const row of rows) {
      const migration = byVersion.get(row.version)
      if (!migration) {
        throw new Error(
          `The database has migration ${String(row.version).padStart(3, '0')}_${row.name} applied, but ${dir} has no file for it; is this server older than the database?`,
        )
      }
      if (checkUnchanged(migration, row)) {
        await tx.query('update schema_migrations set checksum = $1 where version = $2', [
          migration.checksum,
          migration.version,
        ])
      }
    }
    return rows
  })

  const appliedVersions = new Set(applied.map((row) => row.version))

  const result: MigrateResult = { applied: [] }
  for (const migration of migrations) {
    if (appliedVersions.has(migration.version)) continue
    const ran = await db.transaction(async (tx) => {
      await lock(tx)
      // Another instance may have applied it while we waited for the lock.
      const [row] = await tx.query<AppliedRow>(
        'select version, name, checksum from schema_migrations where version = $1',
        [migration.version],
      )
      if (row) {
        // Applied by another instance meanwhile, with this server's checksum.
        checkUnchanged(migration, row)
        return false
      }
      try {
        await tx.exec(migration.sql)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new Error(`Migration ${migration.file} failed: ${reason}`, { cause: error })
      }
      await tx.query(
        'insert into schema_migrations (version, name, checksum) values ($1, $2, $3)',
        [migration.version, migration.name, migration.checksum],
      )
      return true
    })
    if (ran) result.applied.push(migration.file)
  }
  return result
}
