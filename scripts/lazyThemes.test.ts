import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { withLazyThemes } from './lazyThemes.ts'

const repoRoot = path.resolve(import.meta.dirname, '..')
const installed = (file: string) => path.join(repoRoot, 'node_modules', '@mui', file)

describe('MUI’s default themes, made when first read', () => {
  it.each([
    'material/styles/defaultTheme.mjs',
    'material/Box/Box.mjs',
    'system/createStyled/createStyled.mjs',
    'system/useTheme/useTheme.mjs',
    'system/Stack/createStack.mjs',
    'system/Container/createContainer.mjs',
  ])('%s, as installed, builds no theme as it runs', (file) => {
    const id = installed(file)
    const code = withLazyThemes(id, readFileSync(id, 'utf8'), '/repo/lazyTheme.ts')
    // A new MUI that builds its theme another way fails here rather than quietly costing the start.
    expect(code).toBeDefined()
    expect(code).not.toMatch(/^(export )?const \w+ = createTheme\(\);$/m)
    expect(code).toMatch(/const \w+ = lazyTheme\(\(\) => createTheme\(\)\);/)
    expect(code).toContain('import { lazyTheme } from "/repo/lazyTheme.ts";')
  })

  it('keeps every line in its place, so the source map still holds', () => {
    const id = installed('material/styles/defaultTheme.mjs')
    const before = readFileSync(id, 'utf8').split('\n')
    const after = withLazyThemes(id, before.join('\n'), '/l.ts')!.split('\n')
    const changed = before.flatMap((line, index) => (after[index] === line ? [] : [index]))
    expect(changed).toEqual([before.findIndex((line) => line.includes('createTheme()'))])
  })

  it('leaves other modules alone', () => {
    const code = 'const theme = createTheme();\n'
    expect(withLazyThemes('/repo/src/app/theme/theme.ts', code, '/l.ts')).toBeUndefined()
    expect(
      withLazyThemes(installed('material/Button/Button.mjs'), 'const a = 1;', '/l.ts'),
    ).toBeUndefined()
    // A theme made with options is one MUI means to use: not a default.
    const options = 'const theme = createTheme({ palette: {} });\n'
    expect(withLazyThemes(installed('material/x.mjs'), options, '/l.ts')).toBeUndefined()
  })
})
