import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  test: {
    // Not jsdom: under Vitest 3, jsdom's AbortSignal replaces Node's, and Node's fetch refuses it
    // ("Expected signal to be an instance of AbortSignal"). Vitest 4 and later fixed that.
    environment: 'happy-dom',
    setupFiles: ['src/test-setup.ts'],
  },
})
