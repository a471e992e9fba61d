// Loaded with a request's answer, not with the page: the masking rules are only needed then.
import { historyProjection } from '@/contract/testerRequestModel'
import { maskHeaders, maskUrl } from '@/shared/testerMask'
import type { HistoryEntry } from '../testerSlice'
import { headersToText, parseHeaders, type Draft } from './draft'

/** The entry to record for a draft; masking happens here so nothing secret is ever stored. */
export function historyEntry(
  draft: Draft,
  outcome: Pick<HistoryEntry, 'status' | 'responseTime' | 'sentAt' | 'id'>,
): HistoryEntry {
  const headers = parseHeaders(draft.headersText)
  return historyProjection(
    {
      ...draft,
      url: maskUrl(draft.url.trim()),
      headersText: headers ? headersToText(maskHeaders(headers)) : draft.headersText,
      bodyText: draft.bodyText.length > 10_000 ? draft.bodyText.slice(0, 10_000) : draft.bodyText,
    },
    outcome,
  )
}
