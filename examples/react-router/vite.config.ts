import { reactRouter } from '@react-router/dev/vite'
import { hypermock } from 'hypermock-api/vite'
import { defineConfig } from 'vite'

// The mock in `react-router dev` only: the page and every loader meet its one state.
export default defineConfig({
  plugins: [reactRouter(), hypermock()],
})
