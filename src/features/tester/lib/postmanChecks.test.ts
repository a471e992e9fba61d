import { describe, expect, it } from 'vitest'
import type { Check } from './checkTypes'
import { emptyDraft } from './draft'
import { exportCollection, importCollection } from './postman'
import { CHECKS_SCRIPT_MARKER, checksFromScript, checksToScript, pathKeys } from './postmanChecks'
import type { Collection, SavedRequest } from './workbenchTypes'

const ids = () => {
  let n = 0
  return () => `id-${++n}`
}

/** Checks in the form a script writes them, which come back exactly. */
const checks: Check[] = [
  { id: 'a', kind: 'status', expected: '200' },
  { id: 'b', kind: 'header', name: 'content-type', contains: 'json' },
  { id: 'c', kind: 'header', name: 'etag', contains: '' },
  { id: 'd', kind: 'time', maxMs: '1500' },
  { id: 'e', kind: 'jsonPath', path: '$.meta.published', op: 'exists', expected: '' },
  { id: 'f', kind: 'jsonPath', path: '$.tags[0]', op: 'equals', expected: '"api"' },
  {
    id: 'g',
    kind: 'jsonPath',
    path: "$['user-name'].first",
    op: 'equals',
    expected: '{"a":[1,true,null]}',
  },
  { id: 'h', kind: 'jsonPath', path: '$.title', op: 'matches', expected: '^sunt "a" \\d+' },
]

const withoutIds = (list: Check[] | undefined) => list?.map(({ id: _id, ...rest }) => rest)

describe('checks as Postman test scripts', () => {
  it('writes one pm.test per check, named as the tester names it, after our marker', () => {
    const { exec, unscriptable } = checksToScript(checks)
    expect(unscriptable).toEqual([])
    expect(exec).toEqual([
      CHECKS_SCRIPT_MARKER,
      'pm.test("Status is 200", function () { pm.response.to.have.status(200); });',
      'pm.test("Header content-type contains \\"json\\"", function () { pm.expect(pm.response.headers.get("content-type")).to.include("json"); });',
      'pm.test("Header etag is present", function () { pm.response.to.have.header("etag"); });',
      'pm.test("Response time under 1500 ms", function () { pm.expect(pm.response.responseTime).to.be.below(1500); });',
      'pm.test("$.meta.published exists", function () { pm.expect(pm.response.json().meta.published).to.not.equal(undefined); });',
      'pm.test("$.tags[0] equals \\"api\\"", function () { pm.expect(pm.response.json().tags[0]).to.eql("api"); });',
      'pm.test("$[\'user-name\'].first equals {\\"a\\":[1,true,null]}", function () { pm.expect(pm.response.json()["user-name"].first).to.eql({"a":[1,true,null]}); });',
      'pm.test("$.title matches /^sunt \\"a\\" \\\\d+/", function () { const value = pm.response.json().title; pm.expect(typeof value === "string" ? value : JSON.stringify(value)).to.match(new RegExp("^sunt \\"a\\" \\\\d+")); });',
    ])
  })

  it('reads back exactly the checks it wrote', () => {
    const { exec } = checksToScript(checks)
    expect(withoutIds(checksFromScript(exec, ids()) ?? [])).toEqual(withoutIds(checks))
    // Postman may keep a script as one text rather than lines.
    expect(checksFromScript(exec?.join('\n'), ids())).toHaveLength(checks.length)
  })

  it('writes a check in the one spelling it reads back, meaning the same', () => {
    const { exec } = checksToScript([
      { id: 'a', kind: 'status', expected: ' 201 ' },
      { id: 'b', kind: 'jsonPath', path: ' $["id"]', op: 'equals', expected: 'plain text' },
      { id: 'c', kind: 'jsonPath', path: '$.n', op: 'equals', expected: '1.0' },
    ])
    expect(withoutIds(checksFromScript(exec, ids()) ?? [])).toEqual([
      { kind: 'status', expected: '201' },
      { kind: 'jsonPath', path: '$.id', op: 'equals', expected: '"plain text"' },
      { kind: 'jsonPath', path: '$.n', op: 'equals', expected: '1' },
    ])
  })

  it('leaves out of the script what plain property access or a bad value cannot say', () => {
    const filter: Check = {
      id: 'x',
      kind: 'jsonPath',
      path: '$.items[?(@.id>1)]',
      op: 'exists',
      expected: '',
    }
    const badStatus: Check = { id: 'y', kind: 'status', expected: 'ok' }
    const badPattern: Check = {
      id: 'z',
      kind: 'jsonPath',
      path: '$.a',
      op: 'matches',
      expected: '(',
    }
    expect(checksToScript([filter, badStatus, badPattern])).toEqual({
      exec: null,
      unscriptable: [filter, badStatus, badPattern],
    })
    expect(pathKeys('$..id')).toBeNull()
    expect(pathKeys('$.items[*]')).toBeNull()
    expect(pathKeys('items')).toBeNull()
    expect(pathKeys('$')).toEqual([])
  })

  it('reads no script but ours: another marker, an edited line or an extra statement is foreign', () => {
    const { exec } = checksToScript([checks[0] as Check])
    const line = exec?.[1] as string
    expect(checksFromScript(['pm.test("ok", function () {});'], ids())).toBeNull()
    expect(
      checksFromScript([CHECKS_SCRIPT_MARKER, line.replace('200);', '201);')], ids()),
    ).toBeNull()
    expect(
      checksFromScript([CHECKS_SCRIPT_MARKER, `${line} fetch("https://evil")`], ids()),
    ).toBeNull()
    expect(
      checksFromScript([CHECKS_SCRIPT_MARKER, line, 'console.log(pm.response)'], ids()),
    ).toBeNull()
    expect(
      checksFromScript(
        [
          CHECKS_SCRIPT_MARKER,
          'pm.test("x exists", function () { pm.expect(pm.response.json().x).to.eql(1); fetch("y"); });',
        ],
        ids(),
      ),
    ).toBeNull()
    expect(checksFromScript(null, ids())).toBeNull()
  })
})

describe('checks through a Postman export and import', () => {
  const request = (id: string, name: string, requestChecks?: Check[]): SavedRequest => ({
    kind: 'request',
    id,
    name,
    draft: { ...emptyDraft, url: `https://api.example.com/${id}` },
    ...(requestChecks ? { checks: requestChecks } : {}),
  })
  const unscriptable: Check = {
    id: 'u',
    kind: 'jsonPath',
    path: '$.items[?(@.id>1)]',
    op: 'exists',
    expected: '',
  }
  const collection: Collection = {
    id: 'c',
    name: 'Checked',
    items: [
      request('r1', 'All kinds', checks),
      {
        kind: 'folder',
        id: 'f',
        name: 'Folder',
        items: [request('r2', 'Filtered', [checks[0] as Check, unscriptable])],
      },
      request('r3', 'No checks'),
    ],
  }

  it('exports checks as a test event and imports them back as the same checks', () => {
    const exported = exportCollection(collection)
    expect(exported.item[0]?.event).toEqual([
      { listen: 'test', script: { type: 'text/javascript', exec: checksToScript(checks).exec } },
    ])
    expect(exported.item[2]?.event).toBeUndefined()
    // A check no script can say travels beside it, for API Atlas only.
    expect(exported.item[1]?.item?.[0]?._atlas?.checks).toEqual([unscriptable])

    const imported = importCollection(JSON.parse(JSON.stringify(exported)), ids())
    expect(imported.leftOut).toEqual([])
    const [first, folder, third] = imported.collection.items
    expect(first?.kind === 'request' && withoutIds(first.checks)).toEqual(withoutIds(checks))
    const inner = folder?.kind === 'folder' ? folder.items[0] : undefined
    expect(inner?.kind === 'request' && withoutIds(inner.checks)).toEqual(
      withoutIds([checks[0] as Check, unscriptable]),
    )
    expect(third?.kind === 'request' && third.checks).toBeUndefined()
    // Every check has an id of its own.
    expect(new Set(first?.kind === 'request' ? first.checks?.map((c) => c.id) : []).size).toBe(
      checks.length,
    )
  })

  it('lists other scripts as skipped and ignores empty ones and bad kept checks', () => {
    const imported = importCollection(
      {
        info: { name: 'Foreign', schema: 'x' },
        item: [
          {
            name: 'Scripted',
            request: { method: 'GET', url: 'https://a' },
            event: [
              { listen: 'prerequest', script: { exec: ['pm.variables.set("x", 1)'] } },
              { listen: 'test', script: { exec: ['pm.test("ok", () => pm.response.to.be.ok)'] } },
            ],
          },
          {
            name: 'Empty scripts',
            request: { method: 'GET', url: 'https://b' },
            event: [{ listen: 'prerequest', script: { exec: [''] } }, null],
            _atlas: { checks: [{ kind: 'status' }, { kind: 'time', maxMs: '100', id: 'k' }, 'x'] },
          },
        ],
      },
      ids(),
    )
    expect(imported.imported).toBe(2)
    expect(imported.leftOut).toEqual([
      'Scripted: its pre-request script was skipped (scripts are not run here)',
      'Scripted: its test script was skipped (only checks written by API Atlas are read; scripts are not run here)',
    ])
    const empty = imported.collection.items[1]
    expect(empty?.kind === 'request' && withoutIds(empty.checks)).toEqual([
      { kind: 'time', maxMs: '100' },
    ])
  })
})
