import react from '@vitejs/plugin-react'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import { nodeCompileCache } from './tests/support/node-compile-cache.ts'

/**
 * Node test files that need a module graph and Node built-ins of their own, as Vitest gives each
 * file by default: a `vi.mock` of a package, and msw's `setupServer` (after one file's server has
 * closed, a network-error response in the next file's server never settles in the same process).
 */
const isolatedNodeFiles = [
  'tests/integration/openapi-own-api.test.ts',
  'tests/integration/base-path.test.ts',
  'tests/integration/client-lose-response.test.ts',
  'tests/integration/contract/msw-transport.test.ts',
  'tests/integration/controls/clock.test.ts',
  'tests/integration/controls/control-api.test.ts',
  'tests/integration/controls/delay-and-hang.test.ts',
  'tests/integration/controls/faults.test.ts',
  'tests/integration/controls/rate-limit.test.ts',
  'tests/integration/msw-smoke.test.ts',
  'tests/integration/msw-unhandled-requests.test.ts',
  'tests/integration/setup-mock-server-scenario.test.ts',
  'tests/property/msw-adapter.test.ts',
  // msw's network in the server environment patches this process's fetch.
  'tests/integration/vite/plugin.test.ts',
]

/** The example projects import the package by name; in the repository's own tests that name is the sources. */
const packageAlias = {
  // `hypermock-api/store` first: an alias also matches the names under it.
  'hypermock-api/store': fileURLToPath(
    new URL('./src/store.ts', import.meta.url),
  ),
  'hypermock-api': fileURLToPath(new URL('./src/index.ts', import.meta.url)),
}

/**
 * GraphiQL's stylesheet embeds Roboto and Fira Code as 34 base64 font faces (370 kB of its 420 kB,
 * 274 kB gzipped): the GraphQL view leaves them out, and its text falls back to the page's fonts.
 */
const graphiqlWithoutFonts = {
  name: 'graphiql-without-fonts',
  enforce: 'pre' as const,
  transform(code: string, id: string) {
    if (!/[\\/]graphiql[\\/]dist[\\/]style\.css$/.test(id)) return null
    return { code: code.replace(/@font-face\s*\{[^}]*\}/g, ''), map: null }
  },
}

/** GraphiQL's editor, CodeMirror 5, and the modes and add-ons GraphiQL loads on demand. */
const CODEMIRROR_MODULES =
  /[\\/]node_modules[\\/](codemirror|codemirror-graphql)[\\/]/

export default defineConfig(({ command }) => ({
  plugins: [react(), graphiqlWithoutFonts],
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
    rolldownOptions: {
      output: {
        // The GraphQL view's editor is one chunk, loaded when the view opens, rather than some
        // thirty files of CodeMirror add-ons that the package would ship one by one.
        codeSplitting: {
          groups: [{ name: 'codemirror', test: CODEMIRROR_MODULES }],
        },
      },
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    // Vitest's default for a run is one worker fewer than the cores: one at a time on a 2-core
    // machine. Many files mostly wait (servers with latency, child processes, PostgreSQL's
    // heartbeats, the checks of broken servers), so one worker more than the cores keeps them busy
    // while two wait: on 2 cores, the whole run took 132-136 s with two workers and 107-110 s with
    // three, for the same CPU time (four took no less time and more CPU).
    maxWorkers: availableParallelism() + 1,
    // Vitest keeps the modules it has transformed on disk, by default in node_modules (gone with a
    // clean clone). CI names a directory that outlives the clone, as npm's cache does: a cold run
    // transforms every source file once for each project.
    ...(process.env.HYPERMOCK_VITEST_CACHE && {
      fsModuleCachePath: process.env.HYPERMOCK_VITEST_CACHE,
    }),
    // graphql 16 has no exports map: Vite resolves the engine's `import 'graphql'` to its ES module
    // build, while Node, loading graphql-http (or graphql-sse) as it stands, resolves its own import
    // to the CommonJS build, and graphql-js refuses a schema from the other copy. Run through Vite, both
    // imports find the same copy, as they do in an app's bundle and under plain Node.
    // GraphiQL's language service (the GraphQL view's editor) likewise.
    server: {
      deps: {
        inline: [
          'graphql-http',
          'graphql-sse',
          'graphql-ws',
          'graphql-language-service',
          'codemirror-graphql',
        ],
      },
    },
    // The CLI's child processes keep Node's compiled code between starts (see the module).
    env: { NODE_COMPILE_CACHE: nodeCompileCache },
    projects: [
      {
        extends: true,
        // (The examples themselves run the packed tarball in CI.)
        resolve: { alias: packageAlias },
        test: {
          name: 'node',
          environment: 'node',
          // The files of a worker share one module graph: most of them import the whole engine, and
          // loading it again for every file was a large share of the run's CPU time. Every file
          // cleans up what it starts (servers, msw's interceptors, fake timers) in its own hooks.
          isolate: false,
          exclude: [...configDefaults.exclude, ...isolatedNodeFiles],
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
        resolve: { alias: packageAlias },
        test: {
          name: 'node-isolated',
          environment: 'node',
          // A new worker thread for each file rather than a new process: a thread has its own
          // built-in modules and globals, which is what msw patches, and starts for less CPU time
          // than a process (the project's files took about 50 CPU-seconds in processes, 41 here).
          pool: 'threads',
          include: isolatedNodeFiles,
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
        resolve: {
          // GraphiQL's language service and editor modes are CommonJS, which Node loads with
          // graphql's CommonJS copy: every import of graphql takes that copy here, so the schema
          // GraphiQL builds and the rules that check a document against it are of one realm.
          alias: [
            {
              find: /^graphql$/,
              replacement: fileURLToPath(
                new URL('./node_modules/graphql/index.js', import.meta.url),
              ),
            },
          ],
        },
        test: {
          name: 'component',
          environment: 'jsdom',
          // Each file still gets a jsdom and a module graph of its own, in a VM context of a worker
          // thread that loads jsdom (about a second) once rather than once per file in a new
          // process: the project's CPU time went from about 71 to 44 seconds.
          pool: 'vmThreads',
          include: ['src/**/*.test.tsx', 'tests/component/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/component-setup.ts'],
        },
      },
    ],
  },
}))
