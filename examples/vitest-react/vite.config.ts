/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  // The service worker script is served in mock mode only, so a production build does not ship it.
  publicDir: mode === 'mock' ? 'mock-public' : 'public',
  build: { target: 'es2022' },
  test: {
    include: ['src/**/*.test.{ts,tsx}'], // e2e/ is Playwright's
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
  },
}))
