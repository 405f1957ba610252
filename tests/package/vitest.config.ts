import { defineConfig } from 'vitest/config'

/**
 * The package as its users get it: the tarball `npm run test:package` packs, unpacked and
 * installed into throwaway projects. Installs are slow and share one npm cache: run in sequence.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/package/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    // The type-checks run two at a time: one per core.
    maxConcurrency: 2,
    hookTimeout: 600_000,
  },
})
