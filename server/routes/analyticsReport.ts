import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify'
import {
  analyticsReportResponseSchema,
  reportQuerySchema,
  type AnalyticsReportResponse,
} from '../../src/contract/analyticsReport'
import { createReporter } from '../analytics/report'
import { sendError } from '../errors'
import type { ZodTypeProvider } from '../zodTypes'

export type AnalyticsReportRouteOptions = {
  /** Answers 401 unless the request carries a valid staff access token (app.requireStaff). */
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
}

/** The permission the report needs; every role has it unless an admin took it away. */
export const VIEW_ANALYTICS = 'view_analytics'
/** What a staff member without a profile row is given (spec §6: the default viewer). */
const DEFAULT_PERMISSIONS = ['view_projects', VIEW_ANALYTICS]

/** GET /analytics/report?days=7|30|90: staff with the view_analytics permission (or admins). */
export const analyticsReportRoutes: FastifyPluginAsync<
  AnalyticsReportRouteOptions,
  RawServerDefault,
  ZodTypeProvider
> = async (app, options) => {
  // Made at the first report: the database opens after the routes are registered.
  let reporter: ReturnType<typeof createReporter> | undefined
  const report = (...args: Parameters<ReturnType<typeof createReporter>>) =>
    (reporter ??= createReporter(app.db))(...args)
  app.addHook('onRequest', options.authenticate)
  app.addHook('onRequest', async (request, reply) => {
    // The token check answered already.
    if (reply.sent) return reply
    const staffId = request.staff?.id
    if (!staffId) return sendError(reply, 401, 'Sign in first: this needs a staff access token')
    const [profile] = await app.db.query<{ role: string; permissions: string[] }>(
      'select role, permissions from profiles where id = $1',
      [staffId],
    )
    const permissions = profile ? profile.permissions : DEFAULT_PERMISSIONS
    const allowed =
      profile?.role === 'admin' || permissions.includes('*') || permissions.includes(VIEW_ANALYTICS)
    if (!allowed) {
      return sendError(reply, 403, `Viewing analytics needs the ${VIEW_ANALYTICS} permission`)
    }
  })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.get(
    '/analytics/report',
    {
      schema: {
        querystring: reportQuerySchema,
        response: { 200: analyticsReportResponseSchema },
      },
    },
    async (request) =>
      ({
        success: true,
        data: await report(request.query.days, Date.now()),
      }) satisfies AnalyticsReportResponse,
  )
}
