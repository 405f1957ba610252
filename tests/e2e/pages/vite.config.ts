import { fileURLToPath } from 'node:url'
import { defineConfig, mergeConfig } from 'vite'
import repository from '../../../vite.config.ts'

const page = (path: string) =>
  fileURLToPath(new URL(`../${path}`, import.meta.url))

/**
 * The e2e tests' own pages (apps with a declaration of their own, outside the playground), built
 * as an app's bundle is, at the paths the sources have: `vite build -c tests/e2e/pages/vite.config.ts`
 * then `vite preview` with the same config. Served from the sources by `vite` dev, each page load
 * fetched the engine module by module, several seconds of the browser's time for each of the
 * dozen loads of shared-tabs.spec.ts; the dev server itself stays tested by the specs that are
 * about it (worker-root, exactly-what-was-sent).
 */
export default defineConfig((env) =>
  mergeConfig(repository(env), {
    base: '/',
    build: {
      outDir: 'test-results/e2e-pages',
      emptyOutDir: true,
      manifest: false,
      // The engine and msw in one chunk with the page, as in the playground's bundle.
      chunkSizeWarningLimit: 1500,
      rollupOptions: {
        input: {
          'hotel-tabs': page('hotel-tabs/hotel-tabs.html'),
          'root-api': page('root-api/root-api.html'),
          'devtools-panel': page('devtools-panel/devtools-panel.html'),
        },
      },
    },
  }),
)
