// The tester's form filled from one operation of the catalogue: loaded when an operation is opened
// (with its prefill rules and form encoding), not with the tester.
import type { OperationDetail } from '@/contract/operations'
import { TESTER_METHODS } from '@/contract/testerConstants'
import type { TesterMethod } from '@/contract/tester'
import { operationRequest, pathValuesOf } from '@/shared/operationRequest'
import { choiceForSecurity } from './authSchemes'
import { MEDIA_TYPES, mediaOf, type BodyPart } from './bodyMedia'
import { emptyDraft, headersToText, type Draft } from './draft'
import { formRows, formText } from './formEncoding'
import { parameterValue, realisticPathValues, requiredBody } from './prefill'

export { choiceForSecurity, realisticPathValues }

/** The body's media type the tester starts with: JSON when offered, else the first. */
export function preferredContent(operation: OperationDetail) {
  const content = operation.requestBody?.content ?? []
  return content.find((c) => /json/.test(c.mediaType)) ?? content[0]
}

/**
 * The tester's form for one operation (see operationRequest), filled as a real API would accept:
 * required query and header parameters and the body's required fields get documented or
 * realistic values, never "string" or 0; the body is written for its media type.
 */
export function draftFromOperation(
  operation: OperationDetail,
  pathValues: Record<string, string> = pathValuesOf(operation),
): Draft {
  const request = operationRequest(operation, pathValues)
  const method = (TESTER_METHODS as readonly string[]).includes(request.method)
    ? (request.method as TesterMethod)
    : 'GET'
  let url = request.url
  try {
    const parsed = new URL(request.url)
    for (const p of operation.parameters) {
      if (p.in === 'query' && p.required && parsed.searchParams.get(p.name) === '') {
        parsed.searchParams.set(p.name, parameterValue(p))
      }
    }
    url = parsed.href.replace(/%7B([^%]+)%7D/g, '{$1}')
  } catch {
    // No server: the path as it is, to complete by hand.
  }
  const headers = { ...request.headers }
  for (const p of operation.parameters) {
    if (p.in === 'header' && p.required && headers[p.name] === '') {
      headers[p.name] = parameterValue(p)
    }
  }
  const content = preferredContent(operation)
  const media = mediaOf(content?.mediaType)
  const value = requiredBody(content?.schema)
  let bodyText = ''
  let parts: BodyPart[] | undefined
  if (content && media === 'form') bodyText = formText(formRows(value ?? {}))
  else if (content && media === 'multipart') {
    parts = multipartParts(content.schema, value)
  } else if (value !== undefined && (media === 'json' || typeof value !== 'string')) {
    bodyText = JSON.stringify(value, null, 2)
  } else if (typeof value === 'string') bodyText = value
  if (content && !/\bcharset=|boundary=/.test(content.mediaType) && media !== 'text') {
    headers['Content-Type'] = media === 'xml' ? content.mediaType : MEDIA_TYPES[media]
  }
  return { ...emptyDraft, method, url, headersText: headersToText(headers), bodyText, parts }
}

/** A multipart form's starting parts: binary fields as files to choose, the rest as text. */
function multipartParts(
  view: NonNullable<OperationDetail['requestBody']>['content'][number]['schema'],
  value: unknown,
): BodyPart[] {
  const fields = view?.tree.children ?? []
  const values = value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  const parts: BodyPart[] = []
  for (const field of fields) {
    if (!field.name || !field.required) continue
    if (field.format === 'binary' || field.format === 'base64') {
      parts.push({ name: field.name, file: { name: '', type: '', base64: '' } })
    } else {
      const v = values[field.name]
      parts.push({ name: field.name, value: typeof v === 'string' ? v : JSON.stringify(v ?? '') })
    }
  }
  return parts
}
