import * as webStreams from 'node:stream/web'
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
})

// The playground loads each view but the first when it is opened. In a test that import is a
// module Vitest transforms on first use, which can take seconds on a busy machine, where a browser
// fetches a built chunk: `findBy…` and `waitFor` wait up to 10 s rather than 1 s for it.
configure({ asyncUtilTimeout: 10_000 })

// The files run in a VM context (`pool: 'vmThreads'`), whose globals are jsdom's window: Node's
// Web Streams, which msw and the engine use as a browser's, are put there as Node's own global
// scope has them.
for (const [name, value] of Object.entries(webStreams))
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: value })
