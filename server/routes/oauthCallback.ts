// Where an identity provider sends the browser back after the tester's authorization request: a
// tiny page of our own, outside the app, that hands the code (or the provider's refusal) to the
// tester's tab over a BroadcastChannel and to its opener by postMessage, both limited to this
// origin. It is never stored (no-store), its address loses the code as soon as the script runs,
// and the request log shows its path without the query (app.ts).
import type { FastifyPluginAsync, RawServerDefault } from 'fastify'
import { OAUTH_CALLBACK_PATH, OAUTH_CHANNEL } from '../../src/contract/testerOAuthConstants'
import type { ZodTypeProvider } from '../zodTypes'

export { OAUTH_CALLBACK_PATH }

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Signing in · API Atlas tester</title>
<script src="${OAUTH_CALLBACK_PATH}.js" defer></script>
</head>
<body>
<main>
<h1>Back from the sign-in</h1>
<p id="status" role="status">Handing the answer to the API tester…</p>
<div id="manual" hidden>
<p>If the tester did not take it, paste this code into its OAuth panel:</p>
<p><output id="code"></output></p>
</div>
<noscript><p>This page needs JavaScript to hand the code to the tester.</p></noscript>
</main>
</body>
</html>
`

// Plain script with no imports: it runs before, and without, the app.
const SCRIPT = `(() => {
  const params = new URLSearchParams(location.search)
  const message = {
    type: '${OAUTH_CHANNEL}',
    state: params.get('state') || '',
    code: params.get('code') || '',
    error: params.get('error') || '',
    errorDescription: params.get('error_description') || '',
  }
  // The code leaves the address bar (and so the history entry) at once.
  history.replaceState(null, '', location.pathname)
  const status = document.getElementById('status')
  const say = (text) => { status.textContent = text }
  if (!message.state && !message.code && !message.error) {
    say('No answer from an identity provider arrived here. Start the sign-in from the API tester.')
    return
  }
  let channel = null
  try {
    channel = new BroadcastChannel('${OAUTH_CHANNEL}')
    channel.onmessage = (event) => {
      const data = event.data || {}
      if (data.type === '${OAUTH_CHANNEL}-received' && data.state === message.state) {
        say('The tester has the answer. You can close this window.')
        channel.close()
        window.close()
      }
    }
    channel.postMessage(message)
  } catch (error) {
    channel = null
  }
  // The opener may be gone: a provider's page cut the link (Cross-Origin-Opener-Policy).
  if (window.opener && !window.opener.closed) {
    try { window.opener.postMessage(message, location.origin) } catch (error) { /* closed */ }
  }
  if (message.error) {
    say('The identity provider refused: ' + message.error +
      (message.errorDescription ? ' (' + message.errorDescription + ')' : '') +
      '. The tester shows it too.')
    return
  }
  say('Signed in. Waiting for the tester to take the code…')
  document.getElementById('code').textContent = message.code
  document.getElementById('manual').hidden = false
})()
`

const NO_STORE = 'no-store'

export const oauthCallbackRoutes: FastifyPluginAsync<
  Record<never, never>,
  RawServerDefault,
  ZodTypeProvider
> = async (app) => {
  app.get(OAUTH_CALLBACK_PATH, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', NO_STORE)
      .header(
        'content-security-policy',
        "default-src 'none'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      )
      .header('referrer-policy', 'no-referrer')
      .send(PAGE),
  )
  app.get(`${OAUTH_CALLBACK_PATH}.js`, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(SCRIPT),
  )
}
