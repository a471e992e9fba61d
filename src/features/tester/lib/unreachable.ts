import type { TestResponseData } from '@/contract/tester'
import { networkErrorAnswer } from '@/shared/testerAnswers'
import type { Draft } from './draft'

/** When our own server cannot be reached, the answer is still status 'Error', 'Network Error'. */
export function unreachableAnswer(draft: Draft): TestResponseData {
  return networkErrorAnswer({
    timing: { dns: 0, connect: 0, tls: 0, firstByte: 0, download: 0, total: 0 },
    redirects: [],
    url: draft.url,
    timestamp: new Date().toISOString(),
    request: { method: draft.method, url: draft.url, headers: {}, body: null },
    error: 'Could not reach the API Atlas server. Check your connection and try again.',
  })
}
