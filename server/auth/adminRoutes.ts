// The loopback-only route through which `npm run staff` manages accounts while the server holds
// the embedded database, guarded by a secret the server writes into DATA_DIR at listen.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import ipaddr from 'ipaddr.js'
import { z } from 'zod'
import { HttpError } from '../errors'
import {
  addStaff,
  listStaff,
  removeStaff,
  setStaffRole,
  STAFF_ROLES,
  StaffInputError,
} from './staffAccounts'
import type { ZodTypeProvider } from '../zodTypes'

export const RUNTIME_FILE = 'staff-admin.json'
export const ADMIN_SECRET_HEADER = 'x-staff-admin-secret'
export const ADMIN_PATH = '/api/internal/staff'

/** What the running server leaves in DATA_DIR for the staff command. */
export type RuntimeFile = { pid: number; url: string; secret: string }

export const runtimeFilePath = (dataDir: string) => path.join(dataDir, RUNTIME_FILE)

const loopbackUrl = (app: FastifyInstance) => {
  const address = app.server.address()
  if (!address || typeof address === 'string') return undefined
  const host = ['::', '::1'].includes(address.address) ? '[::1]' : '127.0.0.1'
  return `http://${host}:${address.port}`
}

export const writeRuntimeFile = async (dataDir: string, app: FastifyInstance, secret: string) => {
  const url = loopbackUrl(app)
  if (!url) return
  const content: RuntimeFile = { pid: process.pid, url, secret }
  // Written aside and renamed into place: a reader never sees a half-written file.
  const file = runtimeFilePath(dataDir)
  await writeFile(`${file}.${process.pid}.tmp`, `${JSON.stringify(content)}\n`, { mode: 0o600 })
  await rename(`${file}.${process.pid}.tmp`, file)
}

/** Removes the file only if it is still ours (another server may have started since). */
export const removeRuntimeFile = async (dataDir: string, secret: string) => {
  try {
    const current = JSON.parse(await readFile(runtimeFilePath(dataDir), 'utf8')) as RuntimeFile
    if (current.secret === secret) await rm(runtimeFilePath(dataDir), { force: true })
  } catch {
    // Already gone.
  }
}

export const adminCommandSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    email: z.string(),
    password: z.string(),
    role: z.enum(STAFF_ROLES).optional(),
    publish: z.boolean().optional(),
    name: z.string().optional(),
  }),
  z.object({
    action: z.literal('role'),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    publish: z.boolean().optional(),
  }),
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('remove'), email: z.string() }),
])
export type AdminCommand = z.infer<typeof adminCommandSchema>

const sameSecret = (given: unknown, secret: string) => {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

const isLoopback = (address: string | undefined) => {
  if (!address || !ipaddr.isValid(address)) return false
  const parsed = ipaddr.process(address)
  return parsed.range() === 'loopback'
}

export const adminRoutes = (app: FastifyInstance) => {
  const secret = randomBytes(32).toString('base64url')
  const routes: FastifyPluginAsync = async (scope) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>()
    typed.post('/internal/staff', { schema: { body: adminCommandSchema } }, async (request) => {
      // A reverse proxy on this machine also connects from loopback: forwarded requests never pass.
      const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded
      if (!isLoopback(request.socket.remoteAddress) || forwarded !== undefined) {
        throw new HttpError(404, `No route POST ${ADMIN_PATH}`)
      }
      if (!sameSecret(request.headers[ADMIN_SECRET_HEADER], secret)) {
        request.log.warn({ ip: request.ip }, 'Staff admin route called without the right secret')
        throw new HttpError(403, 'Wrong or missing staff admin secret')
      }
      const command = request.body
      try {
        if (command.action === 'list') return { success: true, data: await listStaff(app.db) }
        if (command.action === 'remove') {
          return { success: true, data: { removed: await removeStaff(app.db, command.email) } }
        }
        if (command.action === 'role') {
          const { action: _, ...input } = command
          const result = await setStaffRole(app.db, input)
          request.log.info(
            { email: result.account.email, role: result.account.role },
            'Staff role changed',
          )
          return { success: true, data: result }
        }
        const { action: _, ...input } = command
        const result = await addStaff(app.db, input)
        request.log.info(
          { email: result.account.email, role: result.account.role },
          'Staff account saved',
        )
        return { success: true, data: result }
      } catch (error) {
        if (error instanceof StaffInputError) throw new HttpError(400, error.message)
        throw error
      }
    })
  }
  return { secret, routes }
}
