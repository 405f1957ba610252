/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { hypermock } from 'hypermock-api/vite'
import { defineConfig } from 'vite'

// `vite` (npm run dev): the plugin serves hypermock.config.ts's API from the dev server, GraphQL
// at /api/graphql. `vite --mode serve` (npm run dev:serve): no mock in Vite; /api goes on to
// `hypermock-api serve` (npm run serve) on its default port.
export default defineConfig(({ mode }) => ({
  plugins: [react(), hypermock()],
  server:
    mode === 'serve'
      ? { proxy: { '/api': { target: 'http://127.0.0.1:8787', ws: true } } }
      : {},
  build: { target: 'es2022' },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
  },
}))
