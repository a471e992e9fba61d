import { afterEach, expect, it } from 'vitest'
import { emptyDraft } from './draft'
import { changesTo, draftFields, readForm } from './serverForm'

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
    <input name="header.0.name" value="A"><input name="header.0.value" value="1">
    <input name="header.1.name" value=""><input name="header.1.value" value="">
    <input type="checkbox" name="followRedirects">
  `)
  expect(draftFields(readForm(page)!)).toEqual({
    method: 'PUT',
    url: 'https://api.example.com/v1',
    headersText: JSON.stringify({ A: '1' }, null, 2),
    followRedirects: false,
  })
})

it('takes header rows typed later over those the form was read with', () => {
  const page = form(`
    <input name="header.0.name" value="Content-Type"><input name="header.0.value" value="application/json">
    <input name="header.1.name" value=""><input name="header.1.value" value="">
  `)
  const typed = { 'header.1.name': 'X-Early', 'header.1.value': 'kept' }
  expect(JSON.parse(draftFields({ ...readForm(page), ...typed }).headersText!)).toEqual({
    'Content-Type': 'application/json',
    'X-Early': 'kept',
  })
})

it('reads what was typed, not what the server wrote', () => {
  const page = form('<textarea name="bodyText">{}</textarea>')
  page.querySelector('textarea')!.value = '{"typed": true}'
  expect(draftFields(readForm(page)!)).toEqual({ bodyText: '{"typed": true}' })
})

it('leaves out a method the tester does not send', () => {
  const page = form('<select name="method"><option selected>TRACE</option></select>')
  expect(draftFields(readForm(page)!)).toEqual({})
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
