// `npm run staff -- add EMAIL PASSWORD [--role admin|user|viewer] [--publish] [--name "Full Name"]`, `list`,
// `remove EMAIL`: staff accounts in the configured database. While a server holds the embedded
// database (PGlite admits one process), the command goes through that server's loopback route;
// otherwise it opens the files itself, under their lock (db/dataDirLock.ts).
import { readFile, rm } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import {
  ADMIN_PATH,
  ADMIN_SECRET_HEADER,
  runtimeFilePath,
  type AdminCommand,
  type RuntimeFile,
} from '../auth/adminRoutes'
import {
  addStaff,
  listStaff,
  removeStaff,
  setStaffRole,
  STAFF_ROLES,
  StaffInputError,
  type StaffAccount,
  type StaffRole,
  validateStaffInput,
} from '../auth/staffAccounts'
import { ConfigError, loadConfig, type Config, type Env } from '../config'
import { DataDirLockedError, lockHolderOf, type LockHolder } from '../db/dataDirLock'
import { describeDatabase, openDatabase } from '../db/database'
import { migrate } from '../db/migrate'

export const USAGE = `Usage:
  npm run staff -- add EMAIL PASSWORD [--role admin|user|viewer] [--publish|--no-publish] [--name "Full Name"]
  npm run staff -- role EMAIL admin|user|viewer [--publish|--no-publish]
  npm run staff -- list
  npm run staff -- remove EMAIL

add creates the account (a viewer unless --role says otherwise), or updates the password, role
and name of an existing one. Pass - as PASSWORD to read it from standard input instead of the
command line. role changes an existing account's role alone, keeping its password and sessions.
An admin may publish and schedule posts; a user only with --publish (kept until --no-publish or
another role); a viewer reads only.`

export type Output = { log: (line: string) => void; error: (line: string) => void }

/** How long the command waits for what holds the embedded database's files. */
export type WaitOptions = {
  /** For a starting server (migrations, first seed) to begin taking commands. */
  serverStartMs?: number
  /** For another staff command to finish. */
  otherCommandMs?: number
  /** Between two looks. */
  pollMs?: number
}

const DEFAULT_WAITS: Required<WaitOptions> = {
  // A first start creates the database and loads the catalogue seed: a minute on a slow machine.
  serverStartMs: 180_000,
  otherCommandMs: 20_000,
  pollMs: 250,
}

/** A mistake in the command line or a refusal; the message is for the person typing. */
class CommandError extends Error {}
/** A command line that does not parse: the usage follows the message. */
class UsageError extends CommandError {}

const parseArgs = (argv: string[]): AdminCommand => {
  const positional: string[] = []
  const flags: Record<string, string> = {}
  let publish: boolean | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const flag = /^--(role|name)(?:=(.*))?$/.exec(arg)
    if (arg === '--publish' || arg === '--no-publish') {
      if (publish !== undefined) throw new UsageError('Give --publish or --no-publish once')
      publish = arg === '--publish'
    } else if (flag) {
      const value = flag[2] ?? argv[++i]
      if (value === undefined) throw new UsageError(`--${flag[1]} needs a value`)
      flags[flag[1]!] = value
    } else if (arg.startsWith('--')) {
      throw new UsageError(`Unknown option ${arg}`)
    } else positional.push(arg)
  }
  const [command, ...rest] = positional
  const expect = (count: number) => {
    if (rest.length !== count) throw new UsageError(`'${command}' takes ${count} argument(s)`)
  }
  if (command === 'list') {
    expect(0)
    return { action: 'list' }
  }
  if (command === 'remove') {
    expect(1)
    return { action: 'remove', email: rest[0]! }
  }
  if (command === 'role') {
    expect(2)
    const role = rest[1]!
    if (!STAFF_ROLES.includes(role as StaffRole)) {
      throw new CommandError(`The role must be one of ${STAFF_ROLES.join(', ')}`)
    }
    return { action: 'role', email: rest[0]!, role: role as StaffRole, publish }
  }
  if (command === 'add') {
    expect(2)
    const role = flags.role
    if (role !== undefined && !STAFF_ROLES.includes(role as StaffRole)) {
      throw new CommandError(`--role must be one of ${STAFF_ROLES.join(', ')}`)
    }
    return {
      action: 'add',
      email: rest[0]!,
      password: rest[1]!,
      role: role as StaffRole | undefined,
      publish,
      name: flags.name,
    }
  }
  throw new UsageError(command ? `Unknown command '${command}'` : 'No command given')
}

const readStdin = async () => {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
}

type Result =
  | { action: 'add'; created: boolean; account: StaffAccount }
  | { action: 'role'; account: StaffAccount }
  | { action: 'list'; accounts: StaffAccount[] }
  | { action: 'remove'; email: string; removed: boolean }

const runDirect = async (config: Config, command: AdminCommand): Promise<Result> => {
  const db = await openDatabase(config, { lockAs: 'staff command' })
  try {
    await migrate(db, config.migrationsDir)
    if (command.action === 'list') return { action: 'list', accounts: await listStaff(db) }
    if (command.action === 'remove') {
      return {
        action: 'remove',
        email: command.email,
        removed: await removeStaff(db, command.email),
      }
    }
    if (command.action === 'role') {
      const { action, ...input } = command
      return { action, ...(await setStaffRole(db, input)) }
    }
    const { action, ...input } = command
    return { action, ...(await addStaff(db, input)) }
  } catch (error) {
    if (error instanceof StaffInputError) throw new CommandError(error.message)
    throw error
  } finally {
    await db.close()
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Sends the command to the running server; undefined when no server holds the database. */
const runThroughServer = async (
  config: Config,
  command: AdminCommand,
): Promise<Result | undefined> => {
  const file = runtimeFilePath(config.dataDir)
  let runtime: RuntimeFile
  try {
    runtime = JSON.parse(await readFile(file, 'utf8')) as RuntimeFile
  } catch {
    return undefined
  }
  let response: Response
  try {
    response = await fetch(`${runtime.url}${ADMIN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: runtime.secret },
      body: JSON.stringify(command),
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    if (isAlive(runtime.pid)) {
      throw new CommandError(
        `A server (pid ${runtime.pid}) holds the database in ${config.dataDir} but does not answer at ${runtime.url}: ${(error as Error).message}. Try again once it is up, or stop it.`,
      )
    }
    // Left behind by a server that did not shut down cleanly.
    await rm(file, { force: true })
    return undefined
  }
  const body = (await response.json().catch(() => ({}))) as {
    success?: boolean
    error?: string
    data?: unknown
  }
  if (!response.ok || !body.success) {
    throw new CommandError(body.error ?? `The server answered ${response.status}`)
  }
  if (command.action === 'list') return { action: 'list', accounts: body.data as StaffAccount[] }
  if (command.action === 'remove') {
    return { action: 'remove', email: command.email, ...(body.data as { removed: boolean }) }
  }
  if (command.action === 'role') {
    return { action: 'role', ...(body.data as { account: StaffAccount }) }
  }
  return { action: 'add', ...(body.data as { created: boolean; account: StaffAccount }) }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The pid in the server's runtime file, once it has written one. */
const runtimePid = async (dataDir: string) => {
  try {
    return (JSON.parse(await readFile(runtimeFilePath(dataDir), 'utf8')) as RuntimeFile).pid
  } catch {
    return undefined
  }
}

/**
 * Waits while `holder` keeps the files: until it lets them go or, for a server, until it takes
 * commands through its admin route. Throws when that takes longer than the command should wait.
 */
const waitForHolder = async (
  config: Config,
  holder: LockHolder,
  out: Output,
  waits: Required<WaitOptions>,
) => {
  const dir = config.dataDir
  const server = holder.role === 'server'
  const limitMs = server ? waits.serverStartMs : waits.otherCommandMs
  const seconds = Math.round(limitMs / 1000)
  // On standard error, so that standard output stays the command's answer (`list | ...`).
  out.error(
    server
      ? `A server (pid ${holder.pid}) is starting on the database in ${dir}; waiting up to ${seconds} s for it to take commands…`
      : `Another staff command (pid ${holder.pid}) is using the database in ${dir}; waiting up to ${seconds} s for it to finish…`,
  )
  const deadline = Date.now() + limitMs
  for (;;) {
    if (lockHolderOf(dir)?.token !== holder.token) return
    if (server && (await runtimePid(dir)) === holder.pid) return
    if (Date.now() >= deadline) break
    await sleep(waits.pollMs)
  }
  throw new CommandError(
    server
      ? `A server (pid ${holder.pid}) holds the database in ${dir} but has not started taking commands after ${seconds} s. Try again once it is up, or stop it.`
      : `Another staff command (pid ${holder.pid}) is still using the database in ${dir} after ${seconds} s. Try again when it has finished.`,
  )
}

/** Through the running server when there is one, else directly, under the files' lock. */
const runEmbedded = async (
  config: Config,
  command: AdminCommand,
  out: Output,
  waits: Required<WaitOptions>,
): Promise<Result> => {
  for (;;) {
    const viaServer = await runThroughServer(config, command)
    if (viaServer) return viaServer
    try {
      return await runDirect(config, command)
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error
      await waitForHolder(config, error.holder, out, waits)
    }
  }
}

/** A user who may publish says so; an admin always may and a viewer never does. */
const roleLabel = (account: StaffAccount) =>
  account.role === 'user' && account.canPublish ? 'user+publish' : account.role

const report = (result: Result, out: Output) => {
  if (result.action === 'role') {
    out.log(`Staff account ${result.account.email} is now ${roleLabel(result.account)}`)
    return 0
  }
  if (result.action === 'add') {
    const { account } = result
    out.log(
      `${result.created ? 'Created' : 'Updated'} staff account ${account.email} (${roleLabel(account)}, ${account.fullName})`,
    )
    if (!result.created)
      out.log('Its existing sessions were ended; it signs in with the new password.')
    return 0
  }
  if (result.action === 'remove') {
    if (!result.removed) {
      out.error(`No staff account ${result.email}`)
      return 1
    }
    out.log(`Removed staff account ${result.email.trim().toLowerCase()}`)
    return 0
  }
  if (result.accounts.length === 0) {
    out.log('No staff accounts yet. Add one with: npm run staff -- add EMAIL PASSWORD --role admin')
    return 0
  }
  const rows = result.accounts.map((a) => [
    a.email,
    roleLabel(a),
    a.fullName,
    a.lastSignInAt ? a.lastSignInAt.slice(0, 16).replace('T', ' ') : 'never',
  ])
  const header = ['EMAIL', 'ROLE', 'NAME', 'LAST SIGN-IN (UTC)']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  for (const row of [header, ...rows]) {
    out.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
  }
  return 0
}

/** Runs the command; resolves to the process exit code. */
export const runStaffCommand = async (
  argv: string[],
  env: Env = process.env,
  out: Output = { log: console.log, error: console.error },
  waits: WaitOptions = {},
): Promise<number> => {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    out.log(USAGE)
    return argv.length === 0 ? 1 : 0
  }
  try {
    const command = parseArgs(argv)
    if (command.action === 'add') {
      if (command.password === '-') command.password = await readStdin()
      // Before touching any database: a typo should not wait for it to open.
      try {
        validateStaffInput(command)
      } catch (error) {
        if (error instanceof StaffInputError) throw new CommandError(error.message)
        throw error
      }
    }
    const config = loadConfig(env)
    if (config.authMode === 'hosted') {
      throw new CommandError(
        'Staff sign in through the hosted Supabase project (SUPABASE_URL): add accounts in its dashboard (Authentication > Users) and set their role in the profiles table.',
      )
    }
    const embeddedFiles = !config.databaseUrl && !config.dataDir.startsWith('memory://')
    const result = embeddedFiles
      ? await runEmbedded(config, command, out, { ...DEFAULT_WAITS, ...waits })
      : await runDirect(config, command)
    return report(result, out)
  } catch (error) {
    if (error instanceof CommandError || error instanceof ConfigError) {
      out.error(error.message)
      if (error instanceof UsageError) out.error(`\n${USAGE}`)
      return 1
    }
    const config = (() => {
      try {
        return describeDatabase(loadConfig(env))
      } catch {
        return 'the database'
      }
    })()
    out.error(`Could not change staff accounts in ${config}: ${(error as Error).message}`)
    return 1
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runStaffCommand(process.argv.slice(2))
}
