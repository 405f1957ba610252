import { copyFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { defineConfig } from 'tsdown'

const require = createRequire(import.meta.url)

/**
 * The published library (`npm pack` runs it through `prepack`): ESM + `.d.ts` in dist/, one file
 * per entry of package.json's exports. Dependencies and peers stay external, so a consumer's own
 * msw, React and TanStack Query are the ones used. The repository's tests and playground import
 * the sources instead.
 */
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    shop: 'src/domains/shop/index.ts',
    msw: 'src/msw/handlers.ts',
    'msw-node': 'src/msw/node.ts',
    'msw-browser': 'src/msw/browser.ts',
    client: 'src/client/index.ts',
    react: 'src/react/index.ts',
    server: 'src/server/index.ts',
    store: 'src/store.ts',
    playwright: 'src/playwright/index.ts',
    check: 'src/check/index.ts',
    // The default devtools entries are no-ops outside development; the lazy one loads the panel.
    devtools: 'src/devtools/index.ts',
    'devtools-lazy': 'src/devtools/lazy.ts',
    'devtools-react': 'src/devtools/react.tsx',
    openapi: 'src/openapi-import/index.ts',
    // The Vite plugin, and the handlers its virtual module loads by path.
    vite: 'src/vite/index.ts',
    'vite-runtime': 'src/vite/runtime.ts',
    'tldts-lite': 'src/msw/tldts-lite.ts',
    // The Storybook addon: its types, and the two parts Storybook loads (the story's frame, the
    // manager's panel).
    storybook: 'src/storybook/index.ts',
    'storybook-preview': 'src/storybook/preview.ts',
    'storybook-manager': 'src/storybook/manager.ts',
    cli: 'src/server/cli.ts',
  },
  format: 'esm',
  platform: 'neutral',
  // Playwright's types come from the app's own @playwright/test (and the playwright it brings).
  deps: { neverBundle: [/^node:/, /^@?playwright(\/|-core|$)/] },
  logLevel: 'warn',
  inputOptions: { checks: { pluginTimings: false } },
  target: 'es2022',
  outDir: 'dist',
  clean: true,
  dts: true,
  tsconfig: 'tsconfig.lib.json',
  hooks: {
    'build:done': async () => {
      // The worker of the msw this repository builds and tests with; `hypermock-api init` copies
      // the one matching a consumer's own msw.
      await copyFile(
        require.resolve('msw/mockServiceWorker.js'),
        'dist/mockServiceWorker.js',
      )
      // The types of the Vite plugin's virtual module (`hypermock-api/vite/client`).
      await copyFile('src/vite/client.d.ts', 'dist/vite-client.d.ts')
      // The published JSON Schema of `hypermock-api check --report json`.
      await copyFile(
        'src/check/check-report.schema.json',
        'dist/check-report.schema.json',
      )
      // The OpenAPI description for the default base path, generated from the same schemas and
      // routes the mock runs (a running mock serves its own at <basePath>/openapi.json).
      const { createOpenApiDocument } = await import('./src/index.ts')
      await writeFile(
        'dist/openapi.json',
        `${JSON.stringify(createOpenApiDocument())}\n`,
      )
    },
  },
})
