// A request someone else wrote (a share link, an imported collection) can aim `{{token}}` at any
// host; the recipient's own environment fills it on Send. Before a request from such a source
// sends a secret variable to a host this environment has not sent to, the tester asks.
import type { Draft } from './draft'
import { resolveDraft, variablesIn } from './variables'
import type { Environment } from './workbenchTypes'

const HOST_NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/i

const hostOf = (text: string) => {
  try {
    return new URL(text).host.toLowerCase()
  } catch {
    return HOST_NAME.test(text.trim()) ? text.trim().toLowerCase() : undefined
  }
}

/**
 * The hosts an environment already sends to: those its variables name (a base URL, a host) and
 * those of requests sent with it before (history, filled from it).
 */
export function environmentHosts(
  environment: Environment | null,
  sent: readonly Pick<Draft, 'url' | 'headersText' | 'bodyText'>[],
): Set<string> {
  const hosts = new Set<string>()
  for (const variable of environment?.variables ?? []) {
    const host = hostOf(variable.value)
    if (host) hosts.add(host)
  }
  for (const request of sent) {
    const host = hostOf(resolveDraft({ ...(request as Draft) }, environment).draft.url)
    if (host) hosts.add(host)
  }
  return hosts
}

export type SecretsToNewHost = { host: string; names: string[]; environment: string }

/**
 * What to ask before sending `draft` (as written, `{{name}}` and all) to the host its filled URL
 * names: the secret variables it would carry there, or null when it carries none, or the host is
 * one the environment knows (`known`).
 */
export function secretsToNewHost(
  draft: Draft,
  environment: Environment | null,
  known: Set<string>,
): SecretsToNewHost | null {
  if (!environment) return null
  const secret = new Set(
    environment.variables.filter((v) => v.secret && v.value).map((v) => v.name),
  )
  const names = variablesIn(draft).filter((name) => secret.has(name))
  if (names.length === 0) return null
  const host = hostOf(resolveDraft(draft, environment).draft.url)
  if (!host || known.has(host)) return null
  return { host, names, environment: environment.name }
}

/**
 * What to ask before running someone else's collection: for each request (by its index) that would
 * send secret variables to a host the environment does not know, that host and those names.
 */
export function secretsInRun(
  drafts: readonly Draft[],
  environment: Environment | null,
  known: Set<string>,
): Map<number, SecretsToNewHost> {
  const asked = new Map<number, SecretsToNewHost>()
  drafts.forEach((draft, index) => {
    const question = secretsToNewHost(draft, environment, known)
    if (question) asked.set(index, question)
  })
  return asked
}
