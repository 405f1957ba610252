import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createMockApi } from '../../../src/index.ts'
import type { JournalEntry } from '../../../src/mock-server/journal.ts'
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
      vi.useRealTimers()
      for (const close of closing.reverse()) await close()
      closing = []
    })

    /**
     * Replica A on PostgreSQL directly; replica B through the proxy, with a short heartbeat and a
     * listener. Counts each time B's watch says commits may have been missed (a reconnect).
     */
    async function replicas(queryTimeoutMs?: number) {
      const { url } = await sharedDatabase('heartbeat')
      const a = createMockApi({ store: await PostgresStore.open(url) })
      const attachedA = a.store
      await attachedA.ready
      closing.push(() => attachedA.close())
      const proxy = await startBlackholeProxy(url)
      const store = await PostgresStore.open(proxy.url, {
        heartbeatMs: 200,
        heartbeatTimeoutMs: 1_000,
        ...(queryTimeoutMs !== undefined && { queryTimeoutMs }),
      })
      const reconnects = { count: 0 }
      const watch = store.watch.bind(store)
      store.watch = (onCommit) =>
        watch((seq) => {
          if (seq === null) reconnects.count++
          onCommit(seq)
        })
      const b = createMockApi({ store })
      const attachedB = b.store
      await attachedB.ready
      closing.push(async () => {
        // B wrote nothing of its own: neither needs PostgreSQL, whatever its connections heard.
        await attachedB.flush()
        // Connections that went silent end once the proxy closes their sockets.
        await Promise.all([attachedB.close(), proxy.close()])
      })
      const heard: JournalEntry[] = []
      b.subscribe((event) => {
        if (event.type === 'request') heard.push(event.entry)
      })
      const pay = async (key: string) => {
        const response = await a.fetch(
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
        expect(response.status).toBe(201)
        return ((await response.json()) as { id: number }).id
      }
      const hears = (key: string) => () =>
        heard.some((entry) => entry.idempotencyKey === key)
      return { a, b, proxy, pay, hears, reconnects }
    }

    test("with no poll running, a listener hears another replica's request once the heartbeat replaced its silent connection", async () => {
      // The replicas' poll timers are faked and never advanced: only announcements can tell B.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
      const { proxy, pay, hears, reconnects } = await replicas()
      await pay('before')
      await until(10_000, hears('before'))
      expect(reconnects.count).toBe(0)

      // No FIN, no RST on the connection that LISTENs: only a query left unanswered can tell.
      proxy.blackhole('hypermock-watch')
      const opened = proxy.opened
      await pay('while-silent')
      await until(10_000, hears('while-silent'))
      expect(reconnects.count).toBeGreaterThanOrEqual(1)
      expect(proxy.opened).toBeGreaterThan(opened)

      // Announced at once again on the connection opened anew.
      await pay('after')
      await until(10_000, hears('after'))
    }, 30_000)

    test("a listener gets another replica's write after every connection of its went silent", async () => {
      // A pool connection that went silent too fails a catch-up after 1 s.
      const { a, b, proxy, pay, hears, reconnects } = await replicas(1_000)
      await pay('before')
      await until(10_000, hears('before'))

      // The pool's idle connections too: the catch-up after the reconnect fails on one of them,
      // and the poll that follows a failed catch-up loads the state anew.
      proxy.blackhole()
      const id = await pay('while-silent')
      await until(10_000, () => b.data.payments.get(id) !== undefined)
      expect(reconnects.count).toBeGreaterThanOrEqual(1)
      expect(b.data.payments.list().length).toBe(a.data.payments.list().length)

      await pay('after')
      await until(10_000, hears('after'))
    }, 30_000)

    test('cut off from PostgreSQL, a replica with nothing to write closes without it, and one with a write of its own says it was not stored', async () => {
      const { url } = await sharedDatabase('cutoff')
      const a = createMockApi({ store: await PostgresStore.open(url) })
      const attachedA = a.store
      await attachedA.ready
      closing.push(() => attachedA.close())
      const timeoutMs = 3_000
      const replica = async () => {
        const proxy = await startBlackholeProxy(url)
        closing.push(() => proxy.close())
        const store = await PostgresStore.open(proxy.url, {
          connectTimeoutMs: timeoutMs,
          queryTimeoutMs: timeoutMs,
        })
        const api = createMockApi({ store })
        const attached = api.store
        await attached.ready
        // A listener: the replica catches up with A's requests as they are announced.
        const heard: string[] = []
        api.subscribe((event) => {
          if (event.type === 'request') heard.push(event.entry.path)
        })
        return { api, attached, proxy, heard }
      }
      const idle = await replica()
      const writer = await replica()
      const created = await a.fetch(
        new Request('http://localhost/api/payments', {
          method: 'POST',
          headers: {
            Authorization: 'Bearer customer-1-token',
            'Content-Type': 'application/json',
            'Idempotency-Key': 'heard-by-both',
          },
          body: JSON.stringify({ amount: 1234, currency: 'usd' }),
        }),
      )
      expect(created.status).toBe(201)
      for (const { heard } of [idle, writer])
        await until(10_000, () => heard.includes('/api/payments'))

      // Nothing reaches PostgreSQL any more, and nothing says so: each replica learns it from a
      // request that waits out the timeout and answers 503.
      for (const { api, proxy } of [idle, writer]) {
        proxy.cutOff()
        const read = await api.fetch(
          new Request('http://localhost/api/payments', {
            headers: { Authorization: 'Bearer customer-1-token' },
          }),
        )
        expect(read.status).toBe(503)
      }
      writer.api.data.customers.update(1, { name: 'Written offline' })

      // The idle replica has nothing to store: closing it opens no connection, and does not wait
      // for the catch-up its listener's poll has begun (a connection that will never answer).
      const before = idle.proxy.opened
      await until(10_000, () => idle.proxy.opened > before)
      const opened = idle.proxy.opened
      const startedAt = performance.now()
      await idle.attached.close()
      expect(performance.now() - startedAt).toBeLessThan(timeoutMs / 2)
      expect(idle.proxy.opened).toBe(opened)

      // The other one's write is lost with PostgreSQL out of reach: closing says so, and closes.
      await expect(writer.attached.close()).rejects.toThrow(
        /Failed to commit to PostgreSQL .*: it cannot be reached/,
      )
      await expect(writer.attached.close()).resolves.toBeUndefined()
    }, 30_000)
  },
)
