import type { ApiDetail } from '@/contract/apis'
import {
  PRIVATE_ADDRESS_MESSAGE,
  portRefusalMessage,
  type JarCookie,
  type TestResponseData,
} from '@/contract/tester'
import { networkErrorAnswer } from '@/shared/testerAnswers'

const request = {
  method: 'GET' as const,
  url: 'https://jsonplaceholder.typicode.com/posts/1',
  headers: {
    'Content-Type': 'application/json',
    'User-Agent': 'API-Atlas-Tester/1.0 (+https://api-atlas.example/tools/tester)',
    Accept: '*/*',
    'Accept-Encoding': 'gzip, deflate, br',
    Via: '1.1 api-atlas-tester',
  },
  body: null,
}

/** A 200 with a JSON body, as the tester answers for a public API. */
export const okTestResponse: TestResponseData = {
  status: 200,
  statusText: 'OK',
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'max-age=43200',
    'set-cookie': ['region=eu; Path=/; Secure', 'ab=b; Path=/; Secure'],
    etag: 'W/"124-yiKdLzqO5gfBrJFrcdJ8Yq0LGnU"',
  },
  data: {
    userId: 1,
    id: 1,
    title: 'sunt aut facere repellat provident occaecati excepturi optio reprehenderit',
    body: 'quia et suscipit\nsuscipit recusandae consequuntur expedita et cum',
    tags: ['api', 'testing'],
    meta: { published: true, views: 1280, author: null },
  },
  bodyEncoding: 'json',
  contentType: 'application/json; charset=utf-8',
  truncated: false,
  size: { headers: 412, body: 292 },
  responseTime: 184.6,
  timing: { dns: 12.4, connect: 21.8, tls: 48.3, firstByte: 96.2, download: 5.9, total: 184.6 },
  redirects: [],
  url: 'https://jsonplaceholder.typicode.com/posts/1',
  timestamp: '2026-03-14T09:26:53.000Z',
  request,
}

/** The upstream answered with an error status: still a response, shown as one. */
export const errorTestResponse: TestResponseData = {
  ...okTestResponse,
  status: 404,
  statusText: 'Not Found',
  headers: { 'content-type': 'application/json; charset=utf-8' },
  data: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' },
  size: { headers: 52, body: 77 },
  responseTime: 121.3,
  timing: { dns: 8.1, connect: 18.2, tls: 40.5, firstByte: 52.7, download: 1.8, total: 121.3 },
  url: 'https://api.github.com/repos/octocat/no-such-repo',
  request: { ...request, url: 'https://api.github.com/repos/octocat/no-such-repo' },
}

/** The upstream could not be reached: status 'Error', 'Network Error', the reason. */
export const networkErrorTestResponse: TestResponseData = networkErrorAnswer({
  timing: { dns: 31.2, connect: 0, tls: 0, firstByte: 0, download: 0, total: 31.2 },
  redirects: [],
  url: 'https://api.nowhere.example/v1/status',
  timestamp: '2026-03-14T09:27:10.000Z',
  request: { ...request, url: 'https://api.nowhere.example/v1/status' },
  error: 'Could not resolve host api.nowhere.example',
})

/** A body larger than the cap: cut, and said so. */
export const largeTestResponse: TestResponseData = {
  ...okTestResponse,
  headers: { 'content-type': 'text/csv' },
  data: Array.from(
    { length: 400 },
    (_, i) =>
      `${i + 1},station-${String(i + 1).padStart(4, '0')},${(20 + (i % 13) * 0.7).toFixed(1)}`,
  ).join('\n'),
  bodyEncoding: 'text',
  contentType: 'text/csv',
  truncated: true,
  size: { headers: 24, body: 2 * 1024 * 1024 },
  responseTime: 1423.5,
  timing: { dns: 9.2, connect: 20.1, tls: 44.8, firstByte: 140.6, download: 1208.8, total: 1423.5 },
  url: 'https://data.example.org/exports/measurements.csv',
  request: { ...request, url: 'https://data.example.org/exports/measurements.csv' },
}

/** What the server answers when a destination is private (a 400). */
export const blockedTestError = {
  success: false as const,
  error: `${PRIVATE_ADDRESS_MESSAGE} (cloud metadata address)`,
  code: 'blocked_address' as const,
}

/** What the server answers for a port outside its list, such as a mail server's (a 400). */
export const portBlockedTestError = {
  success: false as const,
  error: portRefusalMessage(25, [80, 443, 8080, 8443]),
  code: 'blocked_port' as const,
}

/** An API of the catalogue, as `?api=` prefills from it. */
export const testerApiDetail: ApiDetail = {
  id: 'github-com',
  name: 'GitHub v3 REST API',
  provider: 'github.com',
  summary: 'Repositories, issues, pull requests and users on GitHub.',
  category: 'developer-tools',
  auth: 'bearer',
  baseUrl: 'https://api.github.com',
  https: true,
  cors: true,
  free: true,
  rating: null,
  logo: null,
  version: '1.1.4',
  updated: '2025-11-02',
  endpointCount: 3,
  sources: ['apis-guru', 'public-apis'],
  entry: 'github-com',
  versions: [{ id: 'github-com', label: 'github-com' }],
  description: 'GitHub’s REST API.',
  descriptionHtml: '<p>GitHub’s REST API.</p>',
  authTypes: ['bearer', 'basic'],
  docs: 'https://docs.github.com/rest',
  endpoints: [
    { method: 'POST', path: '/user/repos', summary: 'Create a repository' },
    { method: 'GET', path: '/zen', summary: 'Get a random sentence of the Zen of GitHub' },
    { method: 'GET', path: '/users/{username}', summary: 'Get a user' },
  ],
  health: null,
  verified: null,
}

/** An HTML page, whose script must never run in the preview. */
export const htmlTestResponse: TestResponseData = {
  ...okTestResponse,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  data:
    '<!doctype html><html><head><title>Status</title></head><body>' +
    '<h1>All systems operational</h1><p>Last incident: none in 90 days.</p>' +
    '<script>document.body.setAttribute("data-script-ran", "yes")</script></body></html>',
  bodyEncoding: 'text',
  contentType: 'text/html; charset=utf-8',
  size: { headers: 40, body: 214 },
  url: 'https://status.example.com/',
  request: { ...request, url: 'https://status.example.com/' },
}

/** A 32 × 32 PNG (a blue disc), as the server sends binary bodies: base64. */
export const imageTestResponse: TestResponseData = {
  ...okTestResponse,
  headers: { 'content-type': 'image/png' },
  data: 'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAaElEQVR42mN4/OkvTRHDqAXUskCy7BIaoo4FmOaSahMDhaYTtIOBctPx28FAFdPx2MFALdNx2cFARdOx2jHMLKDcdEw7Ri0YaRaMZjRiLKB5YUeP4poeFQ49qkx6VPr0aLaMNh3pYAEATnXCuaswBkkAAAAASUVORK5CYII=',
  bodyEncoding: 'base64',
  contentType: 'image/png',
  size: { headers: 24, body: 161 },
  url: 'https://img.example.com/avatars/disc.png',
  request: { ...request, url: 'https://img.example.com/avatars/disc.png' },
}

/** A large JSON answer: 20,000 orders (about 2 MB as indented JSON). */
export const largeJsonTestResponse: TestResponseData = {
  ...okTestResponse,
  headers: { 'content-type': 'application/json' },
  data: {
    count: 20_000,
    orders: Array.from({ length: 20_000 }, (_, i) => ({
      id: i + 1,
      sku: `SKU-${String(i + 1).padStart(5, '0')}`,
      status: i % 7 === 0 ? 'refunded' : 'paid',
      total: Math.round((10 + (i % 97) * 1.37) * 100) / 100,
    })),
  },
  contentType: 'application/json',
  size: { headers: 30, body: 1_412_345 },
  responseTime: 912.4,
  url: 'https://shop.example.com/v1/orders',
  request: { ...request, url: 'https://shop.example.com/v1/orders' },
}

/** Cookies in a jar, on two domains: one set by an answer, others by hand. */
export const jarCookies: JarCookie[] = [
  {
    name: 'session',
    value: 'c2Vzc2lvbi0xMjM0',
    domain: 'api.example.com',
    path: '/',
    expires: null,
    secure: true,
    httpOnly: true,
    hostOnly: true,
    sameSite: 'lax',
  },
  {
    name: 'region',
    value: 'eu',
    domain: 'api.example.com',
    path: '/v1',
    expires: '2027-06-30T12:00:00.000Z',
    secure: false,
    httpOnly: false,
    hostOnly: true,
    sameSite: null,
  },
  {
    name: 'consent',
    value: 'yes',
    domain: 'shop.example.org',
    path: '/',
    expires: null,
    secure: false,
    httpOnly: false,
    hostOnly: false,
    sameSite: 'strict',
  },
]

/** An answer that set two cookies: the jar takes them and the view says so. */
export const cookiesSetTestResponse: TestResponseData = {
  ...okTestResponse,
  status: 204,
  statusText: 'No Content',
  headers: {
    'set-cookie': [
      'session=c2Vzc2lvbi0xMjM0; Path=/; Secure; HttpOnly; SameSite=Lax',
      'region=eu; Path=/v1; Expires=Wed, 30 Jun 2027 12:00:00 GMT',
    ],
  },
  data: null,
  bodyEncoding: 'none',
  contentType: null,
  size: { headers: 140, body: 0 },
  url: 'https://api.example.com/v1/sign-in',
  request: { ...request, url: 'https://api.example.com/v1/sign-in' },
  cookies: jarCookies.slice(0, 2),
  cookieChanges: {
    added: jarCookies.slice(0, 2).map(({ name, domain, path }) => ({ name, domain, path })),
    updated: [],
    removed: [],
  },
}
