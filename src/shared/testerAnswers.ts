// The tester's answer when no response came, in one shape wherever it is made: by the server
// (the upstream could not be reached), the browser (our server could not be), and the mocks.
import type { TestResponseData } from '../contract/tester'

type NoResponse = Pick<
  TestResponseData,
  'timing' | 'redirects' | 'url' | 'timestamp' | 'request' | 'error' | 'cookies' | 'cookieChanges'
>

/** Status 'Error', 'Network Error', no headers or body; the time taken is the timing's total. */
export const networkErrorAnswer = (facts: NoResponse): TestResponseData => ({
  status: 'Error',
  statusText: 'Network Error',
  headers: {},
  data: null,
  bodyEncoding: 'none',
  contentType: null,
  truncated: false,
  size: { headers: 0, body: 0 },
  responseTime: facts.timing.total,
  ...facts,
})
