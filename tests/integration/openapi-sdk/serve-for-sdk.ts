import type { JournalEntry } from '../../../src/mock-server/journal.ts'
import { startServe } from '../../../src/server/serve.ts'
import type { RunningServer } from '../../../src/server/start-server.ts'
import { loopbackOnly } from './loopback-only.ts'

/** A description served by `serve --openapi` on loopback, as an SDK test meets it. */
export interface ServedForSdk {
  server: RunningServer
  /** Every request the mock answered, in order. */
  served: JournalEntry[]
  /** Every connection or lookup the process tried beyond loopback (refused). */
  elsewhere: string[]
  close(): Promise<void>
}

/**
 * Starts `serve --openapi <description>` on a free loopback port, journals what it answers, and
 * refuses (and records) any network use beyond loopback until `close()`.
 */
export async function serveForSdk(description: string): Promise<ServedForSdk> {
  const server = (await startServe([
    '--openapi',
    description,
    '--port',
    '0',
    '--host',
    '127.0.0.1',
  ]))!
  const served: JournalEntry[] = []
  const elsewhere: string[] = []
  server.api.subscribe((event) => {
    if (event.type === 'request') served.push(event.entry)
  })
  const restoreNetwork = loopbackOnly(elsewhere)
  return {
    server,
    served,
    elsewhere,
    async close() {
      restoreNetwork()
      await server.close()
    },
  }
}
