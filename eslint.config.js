import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import storybook from 'eslint-plugin-storybook'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** Every path in `dir` but the one named `except`, for a zone that spares one subfolder. */
const allBut = (dir, except) =>
  readdirSync(new URL(`./${dir}`, import.meta.url))
    .filter((name) => name !== except)
    .map((name) => `./${dir}/${name}`)

/**
 * The server never runs the catalogue's build pipeline (`npm run catalog:build` and
 * `catalog:changes`): it reads the seeds the pipeline committed. Tests may import it, below.
 */
const serverNeverImportsCatalogBuild = {
  target: [...allBut('server', 'catalog'), ...allBut('server/catalog', 'build')],
  from: './server/catalog/build',
  message:
    'The server never imports server/catalog/build (the build pipeline); what both use lives in server/catalog.',
}

/** Features never import the top level that assembles them (stories excepted, below). */
const featuresNeverImportApp = {
  target: './src/features',
  from: './src/app',
  message:
    'Features never import src/app (the top level that assembles them); shared infrastructure is in src/lib.',
}

/**
 * Components and lib → features → app; no feature imports another; server and mocks see only
 * src/shared (the route table and what both sides share) and src/contract (wire schemas), which
 * imports nothing.
 */
const boundaries = [
  featuresNeverImportApp,
  {
    target: './src/components',
    from: './src/features',
    message: 'Shared components cannot use a feature.',
  },
  {
    target: './src/components',
    from: './src/app',
    message: 'Shared components know no store, router setup or app code.',
  },
  {
    target: './src/lib',
    from: ['./src/app', './src/features', './src/testing'],
    message: 'src/lib (store, api, paths, formats) is below the features and the app.',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature; move what they share to src/components or src/lib, or meet in src/app.',
  })),
  {
    target: './server',
    from: './src',
    except: ['./contract', './shared'],
    message: 'The server imports only src/contract and src/shared.',
  },
  serverNeverImportsCatalogBuild,
  {
    target: './src/shared',
    from: './src',
    except: ['./shared', './contract'],
    message:
      'src/shared (the route table and what server and browser share) imports only src/contract.',
  },
  {
    target: './src/contract',
    from: './src',
    except: ['./contract'],
    message: 'The contract (wire schemas) imports nothing else from src.',
  },
  { target: './src', from: './server', message: 'The browser code cannot import the server.' },
  {
    target: './mocks',
    from: './src',
    except: ['./contract', './shared'],
    message: 'Mocks import only src/contract, src/shared and mocks/data.',
  },
]

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'coverage', '.data', 'public/mockServiceWorker.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { typescript: { project: './tsconfig.json' } },
      // Read TypeScript modules too when following imports (no-cycle), not only .js.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      // A cycle makes the order modules run in depend on who imports first.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message: 'Use useAppDispatch, useAppSelector and useAppStore from @/lib/store/hooks.',
            },
          ],
        },
      ],
    },
  },
  {
    // A screen's stories may show it as the app routes it (the dashboard inside the staff
    // session): stories are a harness, like tests, not part of the feature.
    files: ['src/features/**/*.stories.tsx'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: boundaries.filter((zone) => zone !== featuresNeverImportApp) },
      ],
    },
  },
  {
    // A test may build a seed to read it back, as the pipeline would.
    files: ['server/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: boundaries.filter((zone) => zone !== serverNeverImportsCatalogBuild) },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.tsx', '.storybook/**/*.tsx'],
    rules: {
      // MUI 9's Typography colours only by a palette key ('textSecondary', 'warning'): a path
      // ('text.secondary') is dropped without a word, and the text keeps the colour it inherits.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name='color'] > Literal[value=/\\./]",
          message:
            "Typography's color takes a palette key ('textSecondary', 'warning'), not a path: a path is ignored.",
        },
      ],
    },
  },
  ...storybook.configs['flat/recommended'],
  prettier,
)
