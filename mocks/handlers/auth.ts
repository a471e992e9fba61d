import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw'
import {
  adminProfileRow,
  anonInsertRefusedError,
  fixtureAccessTokens,
  invalidCredentialsError,
  loginHistoryRows,
  noRowsError,
  profileInsertRefusedError,
  profileReadRefusedError,
  refreshedSession,
  securityEventRows,
  publisherProfileRow,
  userProfileRow,
  viewerProfileRow,
  staffCredentials,
  staffSession,
  staffUser,
  staffUserId,
} from '../data/auth'

// The embedded /auth/v1 and /rest/v1 as supabase-js sees them (docs/auth.md, embedded mode),
// wherever the run-time config points the client.
const auth = '*/auth/v1'
const rest = '*/rest/v1'

/** Without this echo, auth-js would not read the error `code` from the body. */
const apiVersion = { 'x-supabase-api-version': '2024-01-01' }
const authJson = (body: JsonBodyType, status = 200) =>
  HttpResponse.json(body, { status, headers: apiVersion })

/** Whether the request carries a fixture session's access token (not the anon key). */
const isSignedIn = (request: Request) => {
  const bearer = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? ''
  return fixtureAccessTokens.includes(bearer)
}

type Credentials = { email?: string; password?: string }

const token = (accepts: (credentials: Credentials) => boolean) =>
  http.post(`${auth}/token`, async ({ request }) => {
    const grant = new URL(request.url).searchParams.get('grant_type')
    const body = (await request.json()) as Credentials & { refresh_token?: string }
    if (grant === 'refresh_token') {
      return body.refresh_token
        ? authJson(refreshedSession)
        : authJson({ error: 'invalid_request', error_description: 'refresh_token required' }, 400)
    }
    if (grant !== 'password') {
      return authJson({ code: 'invalid_credentials', message: 'unsupported_grant_type' }, 400)
    }
    return accepts(body) ? authJson(staffSession) : authJson(invalidCredentialsError, 400)
  })

const fixtureAccount = ({ email, password }: Credentials) =>
  email?.toLowerCase() === staffCredentials.email && password === staffCredentials.password

const userAndLogout = [
  http.get(`${auth}/user`, ({ request }) =>
    isSignedIn(request)
      ? authJson(staffUser)
      : authJson(
          { code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' },
          401,
        ),
  ),
  http.post(`${auth}/logout`, () => new HttpResponse(null, { status: 204, headers: apiVersion })),
]

const single = (row: JsonBodyType) =>
  HttpResponse.json(row, {
    headers: {
      'content-type': 'application/vnd.pgrst.object+json; charset=utf-8',
      'content-range': '0-0/*',
    },
  })

/** The signed-in user's own profile row, as row-level security lets them see it. */
const profileOf = (row: JsonBodyType) =>
  http.get(`${rest}/profiles`, ({ request }) => {
    const id = new URL(request.url).searchParams.get('id')
    return isSignedIn(request) && id === `eq.${staffUserId}`
      ? single(row)
      : HttpResponse.json(noRowsError, { status: 406 })
  })
const profileFound = profileOf(adminProfileRow)
const profileAbsent = http.get(`${rest}/profiles`, () =>
  HttpResponse.json(noRowsError, { status: 406 }),
)
const profileRefused = http.get(`${rest}/profiles`, () =>
  HttpResponse.json(profileReadRefusedError, { status: 403 }),
)
const profileNeverAnswers = http.get(`${rest}/profiles`, async () => {
  await delay('infinite')
  return HttpResponse.json(noRowsError, { status: 406 })
})
/** The insert policy admits the user's own viewer row: it comes back as stored. */
const profileCreated = http.post(`${rest}/profiles`, async ({ request }) => {
  const row = (await request.json()) as Record<string, unknown>
  return isSignedIn(request) && row.id === staffUserId && row.role === 'viewer'
    ? HttpResponse.json(
        { ...row, created_at: staffUser.created_at, updated_at: staffUser.created_at },
        { status: 201 },
      )
    : HttpResponse.json(profileInsertRefusedError, { status: 403 })
})
const profileNotCreated = http.post(`${rest}/profiles`, () =>
  HttpResponse.json(profileInsertRefusedError, { status: 403 }),
)

const audit = [
  http.get(`${rest}/login_history`, ({ request }) =>
    HttpResponse.json(isSignedIn(request) ? loginHistoryRows : []),
  ),
  http.get(`${rest}/security_events`, ({ request }) =>
    HttpResponse.json(isSignedIn(request) ? securityEventRows : []),
  ),
  // Stored with no body back (no Prefer: return=representation); refused without a session.
  http.post(`${rest}/security_events`, ({ request }) =>
    isSignedIn(request)
      ? new HttpResponse(null, { status: 201 })
      : HttpResponse.json(anonInsertRefusedError, { status: 401 }),
  ),
]

const variant = ({
  accepts = fixtureAccount,
  profileGet = profileFound,
  profilePost = profileCreated,
}: {
  accepts?: (credentials: Credentials) => boolean
  profileGet?: HttpHandler
  profilePost?: HttpHandler
}) => [token(accepts), ...userAndLogout, profileGet, profilePost, ...audit]

const neverAnswer = async () => {
  await delay('infinite')
  return HttpResponse.json({})
}

/** The staff auth and tables, keyed as stories override them: `msw.handlers.auth`. */
export const authHandlers = {
  /** The fixture account signs in; its admin profile is there. */
  default: variant({}),
  /** Every password is wrong. */
  invalidCredentials: variant({ accepts: () => false }),
  /** Nothing under /auth/v1 or /rest/v1 ever answers. */
  slow: [http.all(`${auth}/*`, neverAnswer), http.all(`${rest}/*`, neverAnswer)],
  /** The auth server cannot be reached at all (network failure). */
  unreachable: [
    http.all(`${auth}/*`, () => HttpResponse.error()),
    http.all(`${rest}/*`, () => HttpResponse.error()),
  ],
  /** The account is a viewer: it reads only. */
  viewer: variant({ profileGet: profileOf(viewerProfileRow) }),
  /** A user without the publish permission. */
  user: variant({ profileGet: profileOf(userProfileRow) }),
  /** A user an admin let publish. */
  publisher: variant({ profileGet: profileOf(publisherProfileRow) }),
  /** No profile row yet: the client creates the viewer profile. */
  profileMissing: variant({ profileGet: profileAbsent }),
  /** No profile row, and creating one is refused: the default viewer profile is used. */
  profileInsertFails: variant({ profileGet: profileAbsent, profilePost: profileNotCreated }),
  /** The profile never arrives: after 3 s the client creates it. */
  profileTimeout: variant({ profileGet: profileNeverAnswers }),
  /** The profile never arrives and creating one is refused: the default viewer profile. */
  profileTimeoutInsertFails: variant({
    profileGet: profileNeverAnswers,
    profilePost: profileNotCreated,
  }),
  /** Reading profiles is refused outright: 'Profile Not Found'. */
  profileRefused: variant({ profileGet: profileRefused }),
}
