import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-playground',
      'node_modules',
      'public/mockServiceWorker.js',
      'test-results',
      'playwright-report',
      'tests/integration/openapi-client/generated',
      'examples/*/dist*',
      'examples/*/storybook-static',
      'examples/*/public',
      'examples/*/mock-public',
      'docs/.vitepress/cache',
      'docs/.vitepress/dist',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/react/**/*.ts', 'src/playground/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The core and the client stay framework-free and never import each other.
    files: ['src/mock-server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'msw', 'msw/*', 'node:*'],
              message: 'The mock core is framework-free: it speaks Fetch only.',
            },
            {
              group: [
                '**/client/**',
                '**/react/**',
                '**/playground/**',
                '**/msw/**',
                '**/server/**',
              ],
              message: 'The mock core imports nothing of the layers above it.',
            },
            {
              group: ['**/domains/**'],
              message:
                'The engine knows no domain: a domain is a declaration handed to it (the root entry, src/index.ts, makes the shop the default).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'msw', 'msw/*', 'node:*'],
              message:
                'The client is framework-free: fetch and AbortSignal only.',
            },
            {
              group: [
                '**/mock-server/**',
                '**/react/**',
                '**/playground/**',
                '**/msw/**',
                '**/server/**',
              ],
              message: 'The client knows the API only through HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    // The checker tests any server over HTTP: it knows neither the mock nor the client.
    files: ['src/check/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'msw', 'msw/*'],
              message: 'The checker speaks HTTP through fetch only.',
            },
            {
              group: [
                '**/mock-server/**',
                '**/client/**',
                '**/react/**',
                '**/playground/**',
                '**/msw/**',
                '**/server/**',
                '**/shared-mock/**',
              ],
              message:
                'The checker tests over HTTP only: it imports neither the engine nor the client.',
            },
          ],
        },
      ],
    },
  },
  {
    // The built-in shop is the first user of the public declaration API: it may import the
    // engine's public entry (which the package root re-exports), zod, and its own files.
    files: ['src/domains/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(?!mock-server/index\\.ts$)',
              message:
                'A domain is declared with the engine’s public entry alone: import from mock-server/index.ts (published as the package root) or from this domain’s own files.',
            },
            {
              regex: '^(?!zod$|\\.)',
              message:
                'A domain imports zod, the engine’s public entry and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    // A store implements the seam and imports the engine through its one entry, as a user's does.
    files: [
      'src/server/sqlite-store.ts',
      'src/server/postgres-store.ts',
      'src/shared-mock/indexeddb-store.ts',
      'src/shared-mock/retrying-store.ts',
      'src/shared-mock/migrate-layout.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/mock-server/**'],
              message:
                'A store imports the engine through the store entry alone: import from src/store.ts (published as hypermock-api/store).',
            },
          ],
        },
      ],
    },
  },
  {
    // The store written as a user would: the published store entry, Node and nothing else.
    files: ['tests/integration/store/json-file-store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!node:|hypermock-api/store$)',
              message:
                'This store proves the public seam: it imports hypermock-api/store and Node built-ins only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playground features stand alone: shared pieces live in components/ and services/.
    files: ['src/playground/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^.]',
              message:
                'A playground feature does not import another feature; move what both need to components/ or services/.',
            },
          ],
        },
      ],
    },
  },
)
