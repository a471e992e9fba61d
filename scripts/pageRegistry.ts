// `npm run pages`: writes the public pages' registry from their modules, so that a public page is
// one module (src/shared/pages/<id>Page.ts) plus its line in the router. Each module says
// `definePage('<id>', { route: { pattern, query, example }, firstQueries, describe })`; this
// copies every module's route into `routes.gen.ts`, which the route table spreads (the browser
// needs every pattern in its first load, but never a page's description), and lists the modules
// in `registry.gen.ts`, which only the server reads. The compiler holds the three together: a
// module whose id is not generated yet, a route that differs from its copy, or a module that is
// gone all fail to compile. `--check` fails when the files are not what the modules say.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { format, resolveConfig } from 'prettier'
import ts from 'typescript'

const PAGES_DIR = path.resolve(import.meta.dirname, '..', 'src', 'shared', 'pages')
export const ROUTES_FILE = path.join(PAGES_DIR, 'routes.gen.ts')
export const REGISTRY_FILE = path.join(PAGES_DIR, 'registry.gen.ts')

type PageModule = { file: string; exported: string; id: string; route: string }

const HEADER =
  '// Written by `npm run pages` (scripts/pageRegistry.ts) from the page modules beside it: edit\n' +
  '// those and run it, not this file.\n'

/** The module's `export const <name> = definePage('<id>', { route: {...}, ... })`. */
function readModule(file: string): PageModule {
  const text = readFileSync(path.join(PAGES_DIR, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    for (const declaration of statement.declarationList.declarations) {
      const call = declaration.initializer
      if (
        !exported ||
        !ts.isIdentifier(declaration.name) ||
        !call ||
        !ts.isCallExpression(call) ||
        call.expression.getText(source) !== 'definePage'
      ) {
        continue
      }
      const [id, page] = call.arguments
      if (!id || !ts.isStringLiteral(id) || !page || !ts.isObjectLiteralExpression(page)) {
        throw new Error(`${file}: definePage takes the page's id as a string and an object`)
      }
      const route = page.properties.find(
        (property): property is ts.PropertyAssignment =>
          ts.isPropertyAssignment(property) && property.name.getText(source) === 'route',
      )
      if (!route || !ts.isObjectLiteralExpression(route.initializer)) {
        throw new Error(`${file}: the page '${id.text}' needs a route written as an object`)
      }
      return {
        file,
        exported: declaration.name.text,
        id: id.text,
        route: route.initializer.getText(source),
      }
    }
  }
  throw new Error(`${file}: no exported definePage(...) in this page module`)
}

/** The page modules, by id. */
export function readPageModules(): PageModule[] {
  const modules = readdirSync(PAGES_DIR)
    .filter((name) => /^\w+Page\.ts$/.test(name))
    .map(readModule)
  const ids = new Set<string>()
  for (const { id, file } of modules) {
    if (ids.has(id)) throw new Error(`${file}: another module already defines the page '${id}'`)
    ids.add(id)
  }
  return modules.sort((a, b) => (a.id < b.id ? -1 : 1))
}

/** The two generated files' contents, formatted as the repository formats code. */
export async function generateRegistry(): Promise<{ file: string; text: string }[]> {
  const modules = readPageModules()
  const routes =
    HEADER +
    "\n/** Every public page's route, as its module writes it (the route table adds them). */\n" +
    'export const PAGE_ROUTES = {\n' +
    modules.map(({ id, route }) => `  ${id}: { audience: 'public', ${route.slice(1)},`).join('\n') +
    '\n} as const\n'
  const registry =
    HEADER +
    modules
      .map(({ exported, file }) => `import { ${exported} } from './${file.replace(/\.ts$/, '')}'`)
      .join('\n') +
    "\nimport type { PublicRouteId } from '../routes'\nimport type { Page } from './page'\n\n" +
    "/** Every public page's module, by route id: what the server answers, describes and draws. */\n" +
    'export const PAGES: { [Id in PublicRouteId]: Page<Id> } = {\n' +
    modules.map(({ id, exported }) => `  ${id}: ${exported},`).join('\n') +
    '\n}\n'
  return Promise.all(
    [
      { file: ROUTES_FILE, text: routes },
      { file: REGISTRY_FILE, text: registry },
    ].map(async ({ file, text }) => ({
      file,
      text: await format(text, { ...(await resolveConfig(file)), filepath: file }),
    })),
  )
}

const readOrEmpty = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const check = process.argv.includes('--check')
  const stale: string[] = []
  for (const { file, text } of await generateRegistry()) {
    if (readOrEmpty(file) === text) continue
    if (check) stale.push(path.relative(process.cwd(), file))
    else {
      writeFileSync(file, text)
      console.log(`wrote ${path.relative(process.cwd(), file)}`)
    }
  }
  if (stale.length > 0) {
    console.error(
      `Not what the page modules say: ${stale.join(', ')}. Run \`npm run pages\` and commit them.`,
    )
    process.exit(1)
  }
}
