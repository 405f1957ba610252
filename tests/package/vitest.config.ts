import { defineConfig } from 'vitest/config'

/**
 * The package as its users get it: the tarball `npm run test:package` packs, unpacked and
 * installed into throwaway projects. The files run at once, two at a time: the tutorial's install,
 * build and test beside the consumer projects' installs and type-checks (npm's cache takes
 * installs at once; each mostly waits on it and on the disk).
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/package/**/*.test.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 300_000,
    // The type-checks run two at a time: one per core.
    maxConcurrency: 2,
    hookTimeout: 600_000,
  },
})
