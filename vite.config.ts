import react from '@vitejs/plugin-react'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    // The playground bundle swaps tldts (the public-suffix list) for a small stand-in: see the file.
    alias:
      command === 'build'
        ? {
            tldts: fileURLToPath(
              new URL('./src/msw/tldts-lite.ts', import.meta.url),
            ),
          }
        : {},
  },
  // Relative asset URLs: the same build runs at the root (`vite preview`) and under a server's
  // control path (`hypermock-api serve --playground` serves it at /__mock/playground/).
  base: command === 'build' ? './' : '/',
  server: { host: '127.0.0.1', port: 5173 },
  // The playground's static copy; dist/ is the published library's build. The page is one chunk
  // (msw, React and the views load together) plus chunks loaded on demand: the in-page core where
  // SharedWorker is missing, and the scratch mock a file check runs. The manifest is how
  // `npm run bench` tells what a browser loads from what it may load later (row 6).
  build: {
    outDir: 'dist-playground',
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    // Vitest's default for a run is one worker fewer than the cores: one at a time on a 2-core
    // machine. Many files mostly wait (servers with latency, child processes, PostgreSQL), so
    // one worker per core keeps both busy.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // The example projects import the package by name; in the repository's own tests that
        // name is the sources (the examples themselves run the packed tarball in CI).
        resolve: {
          // `hypermock-api/store` first: an alias also matches the names under it.
          alias: {
            'hypermock-api/store': fileURLToPath(
              new URL('./src/store.ts', import.meta.url),
            ),
            'hypermock-api': fileURLToPath(
              new URL('./src/index.ts', import.meta.url),
            ),
          },
        },
        test: {
          name: 'node',
          environment: 'node',
          // One PostgreSQL cluster and a few replica deployments for the whole run, started by the
          // first test file that asks for one (none, in a run without PostgreSQL tests).
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          include: [
            'src/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/property/**/*.test.ts',
            'tests/examples/**/*.test.ts',
            'tests/check/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            'tests/record/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          // Hostile input: memory and time bounds, so each file gets its own process and room.
          name: 'hostile',
          environment: 'node',
          include: ['tests/hostile/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          execArgv: ['--expose-gc'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'tests/component/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/component-setup.ts'],
        },
      },
    ],
  },
}))
