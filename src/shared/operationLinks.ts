// Addresses of operations, shared by the API page (its deep links) and the tester (its `op=`).
import { pathTo } from './routes'

/**
 * The fragment id of an operation on its API page: `op-` and the key, percent-encoded with `.` for
 * `%` so that it is a plain, reversible id (`issues/create` gives `op-issues.2Fcreate`).
 */
export const operationAnchor = (operationKey: string) =>
  `op-${encodeURIComponent(operationKey).replace(/\./g, '%2E').replace(/%/g, '.')}`

/** The operation key an anchor (with or without `#`) names; undefined when it names none. */
export const operationKeyOfAnchor = (hash: string): string | undefined => {
  const match = /^#?op-(.+)$/.exec(hash)
  if (!match) return undefined
  try {
    return decodeURIComponent(match[1]!.replace(/\./g, '%'))
  } catch {
    return undefined
  }
}

/**
 * The operation an API page's address names: its fragment's (`#op-…`, what a click on the page
 * writes), else its `op` parameter. The fragment never reaches the server; the parameter does,
 * so an address with it is drawn with the operation open, for a crawler or a visitor without
 * script as for anyone else.
 */
export const namedOperationKey = (search: string, hash: string): string | undefined =>
  operationKeyOfAnchor(hash) ?? (new URLSearchParams(search).get('op')?.trim() || undefined)

/**
 * An operation's address on its API page (`page`: the page's own path and query): the `op`
 * parameter, which the server draws, and the fragment, which scrolls to it and which the page's
 * history of opened operations follows.
 */
export const operationAddress = (page: { search: string }, operationKey: string) => {
  const search = new URLSearchParams(page.search)
  search.set('op', operationKey)
  return { search: `?${search}`, hash: `#${operationAnchor(operationKey)}` }
}

/** A link to an operation on its API page, from the page's address (a path, maybe a query). */
export const operationHref = (pageAddress: string, operationKey: string) => {
  const [path, query = ''] = pageAddress.split('?')
  const { search, hash } = operationAddress({ search: query }, operationKey)
  return `${path}${search}${hash}`
}

/** The tester, prefilled from one operation of an API. */
export const testerOperationPath = (apiId: string, operationKey: string) =>
  `${pathTo('tester')}?api=${encodeURIComponent(apiId)}&op=${encodeURIComponent(operationKey)}`
