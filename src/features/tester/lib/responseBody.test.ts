import { describe, expect, it } from 'vitest'
import { bodyKind, downloadName, PREVIEW_POLICY, previewDocument } from './responseBody'

describe('reading a response body', () => {
  it('picks a viewer by encoding and type', () => {
    expect(bodyKind({ bodyEncoding: 'none', contentType: null })).toBe('none')
    expect(bodyKind({ bodyEncoding: 'json', contentType: 'application/json' })).toBe('json')
    expect(bodyKind({ bodyEncoding: 'base64', contentType: 'image/png' })).toBe('image')
    expect(bodyKind({ bodyEncoding: 'base64', contentType: 'application/zip' })).toBe('binary')
    expect(bodyKind({ bodyEncoding: 'text', contentType: 'image/svg+xml' })).toBe('image')
    expect(bodyKind({ bodyEncoding: 'text', contentType: 'text/html; charset=utf-8' })).toBe('html')
    expect(bodyKind({ bodyEncoding: 'text', contentType: 'text/plain' })).toBe('text')
    expect(bodyKind({ bodyEncoding: 'text', contentType: null })).toBe('text')
  })

  it('names a download after the URL, adding an extension for its type', () => {
    expect(downloadName('https://a.example/v1/users', 'application/json', 'json')).toBe(
      'users.json',
    )
    expect(downloadName('https://a.example/logo.png', 'image/png', 'base64')).toBe('logo.png')
    expect(downloadName('https://a.example/', 'text/html', 'text')).toBe('response.html')
    // A path that tries to climb out is only a name.
    expect(downloadName('https://a.example/x/..%2F..%2Fetc', null, 'text')).toBe('_.._etc')
    expect(downloadName('not a url', 'application/zip', 'base64')).toBe('response')
  })

  it('wraps HTML in a policy that loads nothing from the network', () => {
    expect(PREVIEW_POLICY).toBe("default-src 'none'; img-src data:")
    expect(previewDocument('<p>hi</p>')).toMatch(
      /^<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:">.*<p>hi<\/p>$/,
    )
  })
})
