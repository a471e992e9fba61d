import { afterEach, expect, it } from 'vitest'
import { emptyDraft } from './draft'
import { changesTo, readForm } from './serverForm'

afterEach(() => {
  document.body.innerHTML = ''
})

const form = (html: string) => {
  const element = document.createElement('form')
  element.innerHTML = html
  document.body.append(element)
  return element
}

it('reads each field the form shows by its name, and only those', () => {
  const page = form(`
    <select name="method"><option>GET</option><option selected>PUT</option></select>
    <input name="url" value="https://api.example.com/v1">
    <textarea name="headersText">{"A": "1"}</textarea>
    <input type="checkbox" name="followRedirects">
  `)
  expect(readForm(page)).toEqual({
    method: 'PUT',
    url: 'https://api.example.com/v1',
    headersText: '{"A": "1"}',
    followRedirects: false,
  })
})

it('reads what was typed, not what the server wrote', () => {
  const page = form('<textarea name="bodyText">{}</textarea>')
  page.querySelector('textarea')!.value = '{"typed": true}'
  expect(readForm(page)).toEqual({ bodyText: '{"typed": true}' })
})

it('leaves out a method the tester does not send', () => {
  const page = form('<select name="method"><option selected>TRACE</option></select>')
  expect(readForm(page)).toEqual({})
})

it('has nothing to read where no form is drawn', () => {
  expect(readForm(null)).toBeNull()
})

it('names only what differs from the draft', () => {
  const draft = emptyDraft
  expect(changesTo(draft, { method: draft.method, url: 'https://x.example' })).toEqual({
    url: 'https://x.example',
  })
  expect(changesTo(draft, { method: draft.method, headersText: draft.headersText })).toBeNull()
})
