// The OAuth callback's names, without zod: the browser's OAuth rules import them.

/** Our page the identity provider sends the browser back to (server/routes/oauthCallback.ts). */
export const OAUTH_CALLBACK_PATH = '/oauth/callback'
/** The BroadcastChannel, and message type, on which that page hands its answer to the tester. */
export const OAUTH_CHANNEL = 'api-atlas-oauth'
