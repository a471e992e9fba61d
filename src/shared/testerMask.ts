// Secrets typed into the tester are masked in its echoes and in the browser history alike.

const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|x-api-key|api-key|apikey|x-auth-token|x-access-token|private-token|x-amz-security-token|x-goog-api-key|ocp-apim-subscription-key)$|(api[-_]?key|token|secret|password|session|signature)/i

const SECRET_PARAM =
  /^(key|api[-_]?key|apikey|access[-_]?token|token|auth|secret|client[-_]?secret|password|pass|sig|signature|session|x-api-key|code)$/i

const MASK = '••••••'
const URL_MASK = '*****'

/** Keeps the scheme of an Authorization value ("Bearer ••••••") and hides the rest. */
export const maskValue = (name: string, value: string) => {
  if (/^(proxy-)?authorization$/i.test(name)) {
    const space = value.indexOf(' ')
    return space > 0 ? `${value.slice(0, space)} ${MASK}` : MASK
  }
  return MASK
}

export const isSecretHeader = (name: string) => SECRET_HEADER.test(name)

export const maskHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      isSecretHeader(name) && value !== '' ? maskValue(name, value) : value,
    ]),
  )

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

/** The URL with secret-looking query values (api_key, token, ...) masked. */
export const maskUrl = (href: string) => {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return href
  }
  const secret = [...url.searchParams].filter(
    ([name, value]) => SECRET_PARAM.test(name) && value !== '',
  )
  if (secret.length === 0) return href
  // Rebuilt by hand: URLSearchParams would re-encode every other parameter.
  url.search = url.search
    .slice(1)
    .split('&')
    .map((pair) => {
      const name = safeDecode(pair.split('=')[0] ?? '')
      return SECRET_PARAM.test(name) && pair.includes('=') && !pair.endsWith('=')
        ? `${pair.split('=')[0]}=${URL_MASK}`
        : pair
    })
    .join('&')
  return url.href
}
