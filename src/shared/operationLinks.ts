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

/** The tester, prefilled from one operation of an API. */
export const testerOperationPath = (apiId: string, operationKey: string) =>
  `${pathTo('tester')}?api=${encodeURIComponent(apiId)}&op=${encodeURIComponent(operationKey)}`
