import * as webStreams from 'node:stream/web'
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
})

// The files run in a VM context (`pool: 'vmThreads'`), whose globals are jsdom's window: Node's
// Web Streams, which msw and the engine use as a browser's, are put there as Node's own global
// scope has them.
for (const [name, value] of Object.entries(webStreams))
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: value })
