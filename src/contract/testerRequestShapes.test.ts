// The tester has one request shape, the contract's model: every other request the tester keeps,
// shares, imports or exports is that model or a projection of it. A second hand-written shape
// would copy the model's fields, and one option would again be threaded through every copy.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(at)
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [at] : []
  })

/** The names of a type literal's, an interface's or a zod object's members. */
function memberNames(node: ts.Node): string[] | null {
  if (ts.isTypeLiteralNode(node) || ts.isInterfaceDeclaration(node)) {
    return node.members.flatMap((member) =>
      member.name && ts.isIdentifier(member.name) ? [member.name.text] : [],
    )
  }
  // z.object({ ... }) and schema.extend({ ... })
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ['object', 'extend'].includes(node.expression.name.text) &&
    node.arguments[0] &&
    ts.isObjectLiteralExpression(node.arguments[0])
  ) {
    return node.arguments[0].properties.flatMap((property) =>
      property.name && ts.isIdentifier(property.name) ? [property.name.text] : [],
    )
  }
  return null
}

/** The type or constant a shape is declared in (the nearest named one around it). */
function nameOf(node: ts.Node): string {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (
      (ts.isTypeAliasDeclaration(at) ||
        ts.isInterfaceDeclaration(at) ||
        ts.isVariableDeclaration(at)) &&
      ts.isIdentifier(at.name)
    ) {
      return at.name.text
    }
  }
  return '(unnamed)'
}

/** Every shape in a file that declares a request: a method and a URL (or its headers' text). */
function requestShapes(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    const names = memberNames(node)
    if (
      names &&
      ((names.includes('method') && names.includes('url')) || names.includes('headersText'))
    ) {
      found.push(`${file} ${nameOf(node)}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the tester request model', () => {
  it('is the only request shape the tester declares: the rest are the model or its projections', () => {
    // In the tester only what other tools' files hold, as its importers read them.
    expect(sourceFiles('src/features/tester').flatMap(requestShapes)).toEqual([
      'src/features/tester/lib/importRequests.ts HarEntry',
      'src/features/tester/lib/postman.ts PostmanRequest',
      // The form's headers text, kept beside Postman's headers when it is not JSON.
      'src/features/tester/lib/postman.ts AtlasExtras',
    ])
    // In the contract: the model and its older version (history and the share link are the
    // model's projections); beside them only the wire of POST /api/apis/test and its echo.
    expect(sourceFiles('src/contract').flatMap(requestShapes).sort()).toEqual(
      [
        'src/contract/testerRequest.ts testerRequestSchema',
        'src/contract/testerRequest.ts testerRequestV1Schema',
        'src/contract/tester.ts testRequestSchema',
        'src/contract/tester.ts sentRequestSchema',
      ].sort(),
    )
  })

  it('names followRedirects only in the model, the form, the server and other tools’ formats', () => {
    const naming = [...sourceFiles('src'), ...sourceFiles('server')].filter((file) =>
      readFileSync(path.join(root, file), 'utf8').includes('followRedirects'),
    )
    expect(naming.sort()).toEqual(
      [
        // The model and the wire it is sent as.
        'src/contract/testerRequest.ts',
        'src/contract/testerRequestModel.ts',
        'src/contract/tester.ts',
        // The form, and its server-drawn copy read before the app takes it over.
        'src/features/tester/components/RequestPanel.tsx',
        'src/features/tester/lib/serverForm.ts',
        // Other tools' spellings of the option: cURL's -L, Postman's protocolProfileBehavior,
        // and the code snippets' redirect setting in each language.
        'src/features/tester/lib/curl.ts',
        'src/features/tester/lib/postman.ts',
        'src/components/CodeSnippets/requestSnippet.ts',
        // The server: the route, the client and its redirect hops, the OAuth token request.
        'server/routes/testerOAuth.ts',
        'server/tester/client.ts',
        'server/tester/hops.ts',
      ].sort(),
    )
  })
})
