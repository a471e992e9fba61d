import { flushSync } from 'react-dom'
import { renderToString } from 'react-dom/server'
import { beforeAll, expect, it } from 'vitest'
import source from './earlyInput.js?raw'
import type { SchemaNode, SchemaView } from '@/contract/operations'
import { SchemaSection, SchemaTree } from '@/features/directory/components/SchemaSection'
import { drawOutsideAct } from '@/testing/drawOutsideAct'

// A schema the server drew with an operation is there to be pressed before the app runs: the
// early-input script notes the press, and the tree carries it out as it is drawn, once.

const tree: SchemaNode = {
  type: 'object',
  children: [
    {
      name: 'address',
      type: 'object',
      children: [
        { name: 'city', type: 'string' },
        { name: 'line1', type: 'string' },
      ],
    },
    { name: 'email', type: 'string' },
  ],
}
const ui = <SchemaTree tree={tree} label="Request body" direction="request" />

const draw = drawOutsideAct()
beforeAll(() => {
  new Function(source)()
})

/** The server's markup of the tree, in the page. */
function serverPage() {
  const page = document.body.appendChild(document.createElement('div'))
  page.innerHTML = renderToString(ui)
  return page
}

/** The app draws the tree afresh, as the operation's part does once its data is in. */
const drawApp = () => draw(ui)

const button = (container: Element, name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!
const fieldNames = (container: Element) =>
  [...container.querySelectorAll('li')].map((field) => field.querySelector('code')?.textContent)

it('opens a field pressed on the server’s page once the app draws the tree, and closes it on the next press', () => {
  const page = serverPage()
  expect(button(page, 'address').getAttribute('aria-expanded')).toBe('false')
  const press = new MouseEvent('click', { bubbles: true, cancelable: true })
  button(page, 'address').dispatchEvent(press)
  page.remove()

  const app = drawApp()
  expect(button(app, 'address').getAttribute('aria-expanded')).toBe('true')
  expect(fieldNames(app)).toEqual(['address', 'city', 'line1', 'email'])

  // React may deliver that same press to the control it hydrated: it is not carried out twice.
  button(app, 'address').dispatchEvent(press)
  expect(button(app, 'address').getAttribute('aria-expanded')).toBe('true')

  // A new press is the app's own.
  flushSync(() => button(app, 'address').click())
  expect(button(app, 'address').getAttribute('aria-expanded')).toBe('false')
  expect(fieldNames(app)).toEqual(['address', 'email'])
})

it('carries out Expand all pressed before the app ran', () => {
  const page = serverPage()
  button(page, 'Expand all').click()
  page.remove()
  const app = drawApp()
  expect(fieldNames(app)).toEqual(['address', 'city', 'line1', 'email'])
})

it('draws the tree as the server did when nothing was pressed', () => {
  const page = serverPage()
  page.remove()
  const app = drawApp()
  expect(button(app, 'address').getAttribute('aria-expanded')).toBe('false')
  expect(fieldNames(app)).toEqual(['address', 'email'])
})

// The same for the choices around a tree: the levels shown, the Example tab and a named example.
const view: SchemaView = {
  tree,
  example: { email: 'a@example.com' },
  exampleSource: 'document',
  examples: [
    { name: 'minimal', value: { email: 'a@example.com' } },
    { name: 'full', summary: 'Every field', value: { email: 'b@example.com', address: {} } },
  ],
  truncated: false,
}
const section = <SchemaSection view={view} label="Request body" direction="request" />

function serverSection() {
  const page = document.body.appendChild(document.createElement('div'))
  page.innerHTML = renderToString(section)
  return page
}

/** A native select's choice, as a visitor makes it: the value set, then its change event. */
function choose(select: HTMLSelectElement, value: string) {
  select.value = value
  select.dispatchEvent(new Event('change', { bubbles: true }))
}

const select = (container: Element, name: string) =>
  [...container.querySelectorAll('select')].find(
    (candidate) => container.querySelector(`label[for="${candidate.id}"]`)?.textContent === name,
  )!

it('shows the levels chosen before the app ran, once', () => {
  const page = serverSection()
  choose(select(page, 'Levels shown'), '2')
  page.remove()

  const app = draw(section)
  expect(select(app, 'Levels shown').value).toBe('2')
  expect(fieldNames(app)).toEqual(['address', 'city', 'line1', 'email'])

  // Its own choices are the app's, and a section drawn later starts at its own first level.
  flushSync(() => choose(select(app, 'Levels shown'), '1'))
  expect(fieldNames(app)).toEqual(['address', 'email'])
  app.remove()
  const later = draw(section)
  expect(select(later, 'Levels shown').value).toBe('1')
})

it('opens the Example tab pressed before the app ran', () => {
  const page = serverSection()
  button(page, 'Example').click()
  page.remove()

  const app = draw(section)
  expect(button(app, 'Example').getAttribute('aria-selected')).toBe('true')
  expect(select(app, 'Example').value).toBe('0')
})

it('shows the named example chosen before the app ran', () => {
  // As the side panel draws it: the example first.
  const leading = (
    <SchemaSection view={view} label="Response 200" direction="response" firstTab="example" />
  )
  const page = document.body.appendChild(document.createElement('div'))
  page.innerHTML = renderToString(leading)
  choose(select(page, 'Example'), '1')
  page.remove()

  const app = draw(leading)
  expect(select(app, 'Example').value).toBe('1')
  expect(app.textContent).toContain('b@example.com')
})
