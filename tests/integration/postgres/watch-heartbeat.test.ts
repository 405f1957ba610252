import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../../src/index.ts'
import type { JournalEntry } from '../../../src/mock-server/journal.ts'
import { attachStore } from '../../../src/mock-server/store/attach-store.ts'
import { PostgresStore } from '../../../src/server/postgres-store.ts'
import { startBlackholeProxy } from '../../support/blackhole-proxy.ts'
import {
  sharedDatabase,
  startSharedPostgres,
} from '../../support/shared-postgres.ts'
import { findPostgresBin } from './postgres-cluster.ts'

const bin = findPostgresBin()

/** Polls until `ready` answers true, failing after `ms`. */
async function until(ms: number, ready: () => boolean) {
  const deadline = performance.now() + ms
  while (!ready()) {
    if (performance.now() > deadline) throw new Error(`not within ${ms} ms`)
    await new Promise((done) => setTimeout(done, 20))
  }
}

describe.skipIf(!bin)(
  'the connection that hears commits, through a proxy that stops forwarding',
  () => {
    beforeAll(startSharedPostgres, 60_000)
    let closing: (() => Promise<void>)[] = []
    afterEach(async () => {
      for (const close of closing.reverse()) await close()
      closing = []
    })

    test("a listener sees another replica's write after its connection went silent without closing", async () => {
      const { url } = await sharedDatabase('heartbeat')
      const a = createMockApi()
      const attachedA = await attachStore(a, await PostgresStore.open(url))
      closing.push(() => attachedA.close())
      const proxy = await startBlackholeProxy(url)
      const store = await PostgresStore.open(proxy.url, {
        heartbeatMs: 200,
        heartbeatTimeoutMs: 300,
        // A pool connection that went silent too fails the first catch-up this soon.
        queryTimeoutMs: 1_000,
      })
      // Each time the watch says commits may have been missed (it opened its connection again).
      let missed = 0
      const watch = store.watch.bind(store)
      store.watch = (onCommit) =>
        watch((seq) => {
          if (seq === null) missed++
          onCommit(seq)
        })
      const b = createMockApi()
      const attachedB = await attachStore(b, store)
      closing.push(async () => {
        await attachedB.detach()
        // Connections that went silent end once the proxy closes their sockets.
        await Promise.all([attachedB.close(), proxy.close()])
      })
      const heard: JournalEntry[] = []
      b.subscribe((event) => {
        if (event.type === 'request') heard.push(event.entry)
      })
      const pay = (key: string) =>
        a.fetch(
          new Request('http://localhost/api/payments', {
            method: 'POST',
            headers: {
              Authorization: 'Bearer customer-1-token',
              'Content-Type': 'application/json',
              'Idempotency-Key': key,
            },
            body: JSON.stringify({ amount: 1234, currency: 'usd' }),
          }),
        )
      const hears = (key: string) => () =>
        heard.some((entry) => entry.idempotencyKey === key)

      // Announced at once while the connection forwards.
      expect((await pay('before')).status).toBe(201)
      await until(10_000, hears('before'))
      expect(missed).toBe(0)

      // No FIN, no RST: only a query that goes unanswered can tell.
      proxy.blackhole()
      const through = proxy.opened
      const created = await pay('while-silent')
      expect(created.status).toBe(201)
      const { id } = (await created.json()) as { id: number }
      await until(10_000, () => b.data.payments.get(id) !== undefined)
      expect(missed).toBeGreaterThanOrEqual(1)
      expect(proxy.opened).toBeGreaterThan(through)

      // Announced at once again on the connection opened anew.
      expect((await pay('after')).status).toBe(201)
      await until(10_000, hears('after'))
    }, 30_000)
  },
)
