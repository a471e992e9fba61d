// Row-level security, call by call: every table call supabase-js can make, aimed at another user's
// rows in profiles, login_history and security_events, by a signed-in viewer and by the signed-out
// client. Each one is refused or sees nothing, and the other user's rows are unchanged afterwards
// (read directly in SQL, as the owner). On PGlite, and on Postgres when DATABASE_URL is set.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../app'
import { signedInClient, testClient } from '../testing/supabaseClient'
import { describeEachDb, openTestDb, testConfig, type TestDb } from '../testing/testDb'
import { addStaff, DEFAULT_PERMISSIONS } from './staffAccounts'

const PASSWORD = 'correct-horse-7'
const TABLES = ['profiles', 'login_history', 'security_events'] as const
type Table = (typeof TABLES)[number]

/** The column that says whose a row is. */
const OWNER: Record<Table, string> = {
  profiles: 'id',
  login_history: 'user_id',
  security_events: 'user_id',
}

/** A complete row of `table` belonging to `userId`, as a forger would send it. */
const forgedRow = (table: Table, userId: string, email: string): Record<string, unknown> => {
  if (table === 'profiles') {
    return {
      id: userId,
      email,
      full_name: 'Forged',
      role: 'viewer',
      permissions: DEFAULT_PERMISSIONS,
      preferences: {},
    }
  }
  if (table === 'login_history') {
    return { user_id: userId, ip_address: '203.0.113.66', user_agent: 'forger' }
  }
  return {
    user_id: userId,
    event_type: 'LOGIN_SUCCESS',
    description: 'forged',
    ip_address: '203.0.113.66',
    user_agent: 'forger',
  }
}

/** A change to a column each table's grants would let its owner make, or none at all. */
const CHANGE: Record<Table, Record<string, unknown>> = {
  profiles: { full_name: 'Renamed by someone else' },
  login_history: { ip_address: '203.0.113.67' },
  security_events: { description: 'rewritten' },
}

type Answer = {
  data: unknown
  error: { code?: string } | null
  count?: number | null
  status: number
}

type Call = { name: string; write: boolean; run: () => PromiseLike<Answer> }

/** Every call the client library offers on a table, aimed at `other`'s rows. */
const callsOn = (
  client: SupabaseClient,
  table: Table,
  other: string,
  own: string,
  email: string,
): Call[] => {
  const col = OWNER[table]
  const from = () => client.from(table)
  const row = forgedRow(table, other, email)
  const read = (name: string, run: () => PromiseLike<Answer>): Call => ({ name, write: false, run })
  const write = (name: string, run: () => PromiseLike<Answer>): Call => ({ name, write: true, run })
  return [
    read('select eq', () => from().select('*').eq(col, other)),
    read('select in', () => from().select('*').in(col, [other])),
    read('select neq own', () => from().select('*').neq(col, own)),
    read('select not own', () => from().select('*').not(col, 'eq', own)),
    read('select match', () =>
      from()
        .select('*')
        .match({ [col]: other }),
    ),
    read('select filter', () => from().select('*').filter(col, 'eq', other)),
    read('select ordered page', () =>
      from().select('*').eq(col, other).order(col, { ascending: false }).range(0, 9),
    ),
    read('select single', () => from().select('*').eq(col, other).single()),
    read('select maybeSingle', () => from().select('*').eq(col, other).maybeSingle()),
    read('select count', () => from().select('*', { count: 'exact' }).eq(col, other)),
    read('select head count', () =>
      from().select('*', { count: 'exact', head: true }).eq(col, other),
    ),
    write('insert', () => from().insert(row)),
    write('insert returning', () => from().insert(row).select()),
    write('insert returning single', () => from().insert(row).select().single()),
    write('insert array', () => from().insert([row, row])),
    write('insert missing default', () => from().insert(row, { defaultToNull: false })),
    write('upsert', () => from().upsert(row)),
    write('upsert on conflict', () => from().upsert(row, { onConflict: col })),
    write('upsert ignore duplicates', () => from().upsert(row, { ignoreDuplicates: true })),
    write('upsert returning', () => from().upsert(row).select()),
    write('update eq', () => from().update(CHANGE[table]).eq(col, other)),
    write('update owner column', () =>
      from()
        .update({ [col]: own })
        .eq(col, other),
    ),
    write('update returning', () => from().update(CHANGE[table]).eq(col, other).select()),
    write('update all', () => from().update(CHANGE[table]).neq(col, own)),
    write('delete eq', () => from().delete().eq(col, other)),
    write('delete returning', () => from().delete().eq(col, other).select()),
    write('delete in', () => from().delete().in(col, [other])),
    write('delete all', () => from().delete().neq(col, own)),
  ]
}

/** What the call let the caller see of `other`'s rows (nothing, if row-level security holds). */
const seenOf = (answer: Answer, col: string, other: string) => {
  const rows = Array.isArray(answer.data) ? answer.data : answer.data ? [answer.data] : []
  return rows.filter((row) => (row as Record<string, unknown>)[col] === other)
}

describeEachDb('row-level security, call by call', (kind) => {
  let db: TestDb
  let app: FastifyInstance
  let url: string
  let anonKey: string
  // auth.users is shared by every schema on a Postgres server: our accounts have their own domain.
  const domain = `${randomBytes(4).toString('hex')}.rls-matrix.test`
  const ids: Record<'viewer' | 'other', string> = { viewer: '', other: '' }

  /** The other user's rows in every table, as the owner reads them. */
  const otherRows = async () => {
    const rows: Record<string, unknown> = {}
    for (const table of TABLES) {
      rows[table] = await db.query(
        `select to_jsonb(t) as row from ${table} t where ${OWNER[table]} = $1
         order by to_jsonb(t)::text`,
        [ids.other],
      )
    }
    return rows
  }

  const signedIn = (name: string) => signedInClient(url, anonKey, `${name}@${domain}`, PASSWORD)

  beforeAll(async () => {
    db = await openTestDb(kind)
    app = buildApp(
      testConfig(
        { STAFF_EMAIL: `first@${domain}`, STAFF_PASSWORD: PASSWORD },
        { staticDir: path.join(import.meta.dirname, 'no-such-dist') },
      ),
      {
        db,
        logger: false,
        operations: { load: false },
        catalog: { load: false },
        auth: { rateLimit: { max: 10_000, timeWindowMs: 60_000 } },
      },
    )
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no address')
    url = `http://127.0.0.1:${address.port}`
    anonKey = ((await (await fetch(`${url}/api/config`)).json()) as { supabaseAnonKey: string })
      .supabaseAnonKey
    for (const name of ['viewer', 'other'] as const) {
      const { account } = await addStaff(db, {
        email: `${name}@${domain}`,
        password: PASSWORD,
        role: name === 'viewer' ? 'viewer' : 'admin',
      })
      ids[name] = account.id
    }
    // The other user has rows everywhere: a profile, sign-ins, and events of their own.
    const other = await signedIn('other')
    const event = forgedRow('security_events', ids.other, '')
    const stored = await other.from('security_events').insert({ ...event, description: 'own' })
    expect(stored.error).toBeNull()
  })

  afterAll(async () => {
    await app?.close()
    await db?.query('delete from auth.users where email like $1', [`%@${domain}`])
    await db?.dispose()
  })

  for (const caller of ['signed-in viewer', 'signed-out client'] as const) {
    it(`refuses the ${caller} every call on another user's rows, which stay as they were`, async () => {
      const before = await otherRows()
      for (const table of TABLES)
        expect((before[table] as unknown[]).length, table).toBeGreaterThan(0)
      const client =
        caller === 'signed-in viewer' ? await signedIn('viewer') : testClient(url, anonKey)
      if (caller === 'signed-in viewer') {
        // The client works: it sees its own profile (so "nothing" below means refused, not broken).
        const own = await client.from('profiles').select('id').eq('id', ids.viewer)
        expect(own.data).toEqual([{ id: ids.viewer }])
      }

      const outcomes: string[] = []
      for (const table of TABLES) {
        for (const call of callsOn(client, table, ids.other, ids.viewer, `other@${domain}`)) {
          const answer = await call.run()
          const label = `${table}: ${call.name}`
          expect(answer.status, `${label} answered ${answer.status}`).not.toBe(500)
          expect(seenOf(answer, OWNER[table], ids.other), label).toEqual([])
          if (call.write) {
            // A write is refused outright, with PostgREST's shape: never a silent success.
            expect(answer.error, `${label} was not refused`).not.toBeNull()
            expect(answer.status, label).toBeGreaterThanOrEqual(400)
          } else if (!answer.error) {
            expect(answer.count ?? 0, label).toBe(0)
          }
          outcomes.push(`${label} → ${answer.status} ${answer.error?.code ?? 'no rows'}`)
        }
      }
      expect(await otherRows()).toEqual(before)
    })
  }

  it('holds below the table API too: updates and deletes as the viewer touch no other row', async () => {
    const before = await otherRows()
    // What the embedded /rest/v1 refuses before SQL (PATCH, DELETE) is refused by the database
    // as well, should a route ever pass it on: the request role and claims, as asCaller sets them.
    const asViewer = (sql: string) =>
      db.transaction(async (tx) => {
        await tx.query(
          "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
          [JSON.stringify({ sub: ids.viewer, role: 'authenticated' })],
        )
        return tx.query(sql, [ids.other])
      })
    const statements = TABLES.flatMap((table) => {
      const col = OWNER[table]
      const [column, value] = Object.entries(CHANGE[table])[0]!
      return [
        `update ${table} set ${column} = '${String(value)}' where ${col} = $1 returning 1`,
        `delete from ${table} where ${col} = $1 returning 1`,
      ]
    })
    for (const sql of statements) {
      const outcome = await asViewer(sql).then(
        (rows) => `${rows.length} rows`,
        (error: { code?: string }) => error.code,
      )
      // Refused for want of a grant, or no row visible to change.
      expect(['42501', '0 rows'], sql).toContain(outcome)
    }
    expect(await otherRows()).toEqual(before)
  })

  it('lets nobody give themselves a role or the publish permission, nor touch posts', async () => {
    const viewer = await signedIn('viewer')
    const own = (change: Record<string, unknown>) =>
      viewer.from('profiles').update(change).eq('id', ids.viewer).select()
    for (const change of [
      { permissions: [...DEFAULT_PERMISSIONS, 'publish_posts'] },
      { permissions: ['*'] },
      { role: 'user' },
      { role: 'admin' },
    ]) {
      const answer = await own(change)
      expect(answer.error, JSON.stringify(change)).not.toBeNull()
    }
    // A second way in: the SQL a request runs as, on the viewer's own row and on posts.
    const asViewer = (sql: string) =>
      db
        .transaction(async (tx) => {
          await tx.query(
            "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
            [JSON.stringify({ sub: ids.viewer, role: 'authenticated' })],
          )
          return tx.query(sql, [ids.viewer])
        })
        .then(
          (rows) => `${rows.length} rows`,
          (error: { code?: string }) => error.code,
        )
    for (const sql of [
      "update profiles set permissions = permissions || '{publish_posts}' where id = $1 returning 1",
      "update profiles set role = 'admin' where id = $1 returning 1",
      `insert into marketing_posts (platform, content, title, status, author_id)
       values ('reddit', 'x', 'x', 'pending', $1) returning 1`,
    ]) {
      expect(await asViewer(sql), sql).toBe('42501')
    }
    expect(
      await asViewer('select 1 from marketing_posts where author_id is distinct from $1'),
    ).toBe('42501')
    const [profile] = await db.query<{ role: string; permissions: string[] }>(
      'select role, permissions from profiles where id = $1',
      [ids.viewer],
    )
    expect(profile).toEqual({ role: 'viewer', permissions: DEFAULT_PERMISSIONS })
    // /rest/v1 does not serve posts at all.
    expect((await viewer.from('marketing_posts').select('*')).error).not.toBeNull()
  })
})
