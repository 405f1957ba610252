import { defineConfig } from 'vite'

// This app exists for its end-to-end tests, so it always starts the mock and always ships msw's
// worker (copied into mock-public by `hypermock-api init mock-public`).
export default defineConfig({
  publicDir: 'mock-public',
  build: { target: 'es2022' },
})
