// Creating, listing and removing staff accounts: the staff command, its admin route and the
// first start all come through here, as the database owner (no row-level security).
import {
  mayPublishPosts,
  PUBLISH_POSTS,
  STAFF_ROLES,
  type StaffRole,
} from '../../src/contract/staffRoles'
import type { Db, Queryable } from '../db/database'
import { hashPassword, passwordProblem, randomPassword } from './passwords'

export { STAFF_ROLES, type StaffRole }

/** What a new viewer gets; the profiles insert policy allows exactly this set. */
export const DEFAULT_PERMISSIONS = ['view_projects', 'view_analytics']
const permissionsFor = (role: StaffRole, publish: boolean) =>
  role === 'admin'
    ? ['*']
    : role === 'user' && publish
      ? [...DEFAULT_PERMISSIONS, PUBLISH_POSTS]
      : DEFAULT_PERMISSIONS

export type StaffAccount = {
  id: string
  email: string
  fullName: string
  role: StaffRole
  /** Whether the account may publish and schedule posts (src/contract/staffRoles.ts). */
  canPublish: boolean
  createdAt: string
  lastSignInAt: string | null
}

export type AddStaffInput = {
  email: string
  password: string
  role?: StaffRole
  /**
   * Lets a `user` publish and schedule posts (true) or takes that away (false); an admin always
   * may and a viewer never does. Unset keeps what a user had.
   */
  publish?: boolean
  /** Defaults to the part of the email before the @ for a new account; kept when updating. */
  name?: string
}

/** A mistake in what was asked (bad email, weak password): the message is for the person. */
export class StaffInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StaffInputError'
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+$/

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

export const validateStaffInput = (input: AddStaffInput) => {
  const email = normaliseEmail(input.email)
  if (!EMAIL.test(email) || email.length > 254) {
    throw new StaffInputError(`'${input.email}' is not an email address`)
  }
  const problem = passwordProblem(input.password)
  if (problem) throw new StaffInputError(problem)
  if (input.role !== undefined && !STAFF_ROLES.includes(input.role)) {
    throw new StaffInputError(`Role must be one of ${STAFF_ROLES.join(', ')}`)
  }
  if (input.publish === true && input.role !== undefined && input.role !== 'user') {
    throw new StaffInputError(
      input.role === 'admin'
        ? 'An admin may always publish: --publish is for the user role'
        : 'A viewer reads only: give the account the user role to let it publish',
    )
  }
  const name = input.name?.trim()
  if (input.name !== undefined && (!name || name.length > 200)) {
    throw new StaffInputError('Name must be 1 to 200 characters long')
  }
  return { email, name }
}

/**
 * Whether a `user` publishes: as asked, else as it did. Refuses --publish for another role, which
 * would otherwise be dropped without a word.
 */
const publishDecision = (
  role: StaffRole,
  asked: boolean | undefined,
  existing: { role: StaffRole | null; permissions: string[] | null } | undefined,
) => {
  if (asked === true && role !== 'user') {
    throw new StaffInputError(
      `This account is ${role === 'admin' ? 'an admin, who may always publish' : 'a viewer, who reads only'}: --publish is for the user role (add --role user)`,
    )
  }
  return (
    asked ?? (existing?.role === 'user' && (existing.permissions ?? []).includes(PUBLISH_POSTS))
  )
}

/**
 * Creates the account and its profile, or updates the password, role and name of an existing
 * one (ending its sessions, since its password changed).
 */
export const addStaff = async (db: Db, input: AddStaffInput) => {
  const checked = validateStaffInput(input)
  const hash = await hashPassword(input.password)
  return db.transaction((tx) => upsertStaff(tx, input, checked, hash))
}

const upsertStaff = async (
  tx: Queryable,
  given: Pick<AddStaffInput, 'role' | 'publish'>,
  { email, name }: { email: string; name?: string },
  hash: string,
) => {
  const [existing] = await tx.query<{
    id: string
    role: StaffRole | null
    permissions: string[] | null
  }>(
    `select u.id, p.role, p.permissions from auth.users u left join profiles p on p.id = u.id
     where u.email = $1 for update of u`,
    [email],
  )
  const role: StaffRole = given.role ?? existing?.role ?? (given.publish ? 'user' : 'viewer')
  const publish = publishDecision(role, given.publish, existing)
  const fullName = name ?? email.split('@')[0]!
  let id: string
  if (existing) {
    id = existing.id
    await tx.query(
      `update auth.users set encrypted_password = $2, banned_until = null, updated_at = now(),
         raw_user_meta_data = raw_user_meta_data || jsonb_build_object('full_name', coalesce($3::text, raw_user_meta_data ->> 'full_name'))
       where id = $1`,
      [id, hash, name ?? null],
    )
    await tx.query('delete from auth.sessions where user_id = $1', [id])
  } else {
    const [row] = await tx.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, raw_user_meta_data)
       values ($1, $2, jsonb_build_object('full_name', $3::text)) returning id`,
      [email, hash, fullName],
    )
    id = row!.id
  }
  await tx.query(
    `insert into profiles (id, email, full_name, role, permissions)
     values ($1, $2, $3, $4, $5)
     on conflict (id) do update set email = excluded.email,
       full_name = coalesce($6, profiles.full_name), role = excluded.role,
       permissions = excluded.permissions, updated_at = now()`,
    [id, email, fullName, role, permissionsFor(role, publish), name ?? null],
  )
  return { created: !existing, account: (await listStaff(tx, email))[0]! }
}

/**
 * Changes an existing account's role and publish permission, leaving its password and sessions
 * alone: the server reads the role at each action, so it counts from the next request.
 */
export const setStaffRole = async (
  db: Db,
  input: { email: string; role: StaffRole; publish?: boolean },
) => {
  if (!STAFF_ROLES.includes(input.role)) {
    throw new StaffInputError(`Role must be one of ${STAFF_ROLES.join(', ')}`)
  }
  const email = normaliseEmail(input.email)
  return db.transaction(async (tx) => {
    const [existing] = await tx.query<{
      id: string
      role: StaffRole | null
      permissions: string[] | null
    }>(
      `select u.id, p.role, p.permissions from auth.users u left join profiles p on p.id = u.id
       where u.email = $1 for update of u`,
      [email],
    )
    if (!existing) throw new StaffInputError(`No staff account ${email}`)
    const publish = publishDecision(input.role, input.publish, existing)
    await tx.query(
      `insert into profiles (id, email, full_name, role, permissions)
       values ($1, $2, $3, $4, $5)
       on conflict (id) do update set role = excluded.role, permissions = excluded.permissions,
         updated_at = now()`,
      [existing.id, email, email.split('@')[0]!, input.role, permissionsFor(input.role, publish)],
    )
    return { account: (await listStaff(tx, email))[0]! }
  })
}

export const listStaff = async (db: Queryable, email?: string): Promise<StaffAccount[]> => {
  const rows = await db.query<{
    id: string
    email: string
    full_name: string | null
    role: StaffRole | null
    permissions: string[] | null
    created_at: Date | string
    last_sign_in_at: Date | string | null
  }>(
    `select u.id, u.email, p.full_name, p.role, p.permissions, u.created_at, u.last_sign_in_at
     from auth.users u left join profiles p on p.id = u.id
     where $1::text is null or u.email = $1
     order by u.email`,
    [email ?? null],
  )
  const iso = (value: Date | string) => new Date(value).toISOString()
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    fullName: row.full_name ?? '',
    role: row.role ?? 'viewer',
    canPublish: mayPublishPosts({ role: row.role, permissions: row.permissions ?? [] }),
    createdAt: iso(row.created_at),
    lastSignInAt: row.last_sign_in_at ? iso(row.last_sign_in_at) : null,
  }))
}

/** Deletes the account with its profile, sessions and history; false when there was none. */
export const removeStaff = async (db: Queryable, email: string) => {
  const rows = await db.query('delete from auth.users where email = $1 returning id', [
    normaliseEmail(email),
  ])
  return rows.length > 0
}

export type FirstAdmin = { email: string; password: string; generated: boolean }

/**
 * On a database with no account at all, creates an admin from STAFF_EMAIL/STAFF_PASSWORD or with
 * a random password (returned, to be shown once). Undefined when accounts already exist.
 */
export const ensureFirstAdmin = async (
  db: Db,
  given: { email?: string; password?: string },
): Promise<FirstAdmin | undefined> => {
  const [existing] = await db.query('select 1 from auth.users limit 1')
  if (existing) return undefined
  const input = {
    email: given.email ?? 'admin@localhost',
    password: given.password ?? randomPassword(),
    name: 'Administrator',
  }
  const checked = validateStaffInput(input)
  const hash = await hashPassword(input.password)
  // Servers starting together on one Postgres: the lock lets exactly one of them create it.
  const created = await db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('api_atlas.first_admin'))")
    if ((await tx.query('select 1 from auth.users limit 1')).length > 0) return false
    await upsertStaff(tx, { role: 'admin' }, checked, hash)
    return true
  })
  if (!created) return undefined
  return { email: checked.email, password: input.password, generated: !given.password }
}
