/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { defineConfig, type Plugin } from 'vite'

/**
 * `npx hypermock-api init public` puts msw's service worker in public/, which Vite copies into
 * every build. Outside mock mode this takes it out again, so a production `dist/` ships no worker.
 */
function noMockWorker(mode: string): Plugin {
  let outDir = 'dist'
  return {
    name: 'no-mock-worker',
    apply: 'build',
    configResolved: (config) => {
      outDir = join(config.root, config.build.outDir)
    },
    closeBundle: async () => {
      if (mode !== 'mock')
        await rm(join(outDir, 'mockServiceWorker.js'), { force: true })
    },
  }
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), noMockWorker(mode)],
  build: { target: 'es2022' },
  test: {
    include: ['src/**/*.test.{ts,tsx}'], // e2e/ is Playwright's
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
  },
}))
