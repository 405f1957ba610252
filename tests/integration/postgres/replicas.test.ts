import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createMockApi } from '../../../src/index.ts'
import type { JournalEntry } from '../../../src/mock-server/journal.ts'
import type {
  MockStore,
  SharedStore,
} from '../../../src/mock-server/store/mock-store.ts'
import { PostgresStore } from '../../../src/server/postgres-store.ts'
import { freePort } from '../../support/free-port.ts'
import {
  findPostgresBin,
  startPostgres,
  type PostgresCluster,
} from './postgres-cluster.ts'
import {
  findHaproxy,
  killReplica,
  startHaproxy,
  startReplica,
  type Balancer,
  type Replica,
} from './replica-cluster.ts'

const bin = findPostgresBin()
const haproxy = findHaproxy()

test('PostgreSQL and HAProxy are installed where CI runs this suite', () => {
  const missing = [
    !bin && 'PostgreSQL (initdb, pg_ctl: apt-get install postgresql)',
    !haproxy && 'HAProxy (apt-get install haproxy)',
  ].filter(Boolean)
  if (
    missing.length > 0 &&
    (process.env.CI || process.env.HYPERMOCK_REQUIRE_POSTGRES)
  )
    throw new Error(
      `Not found: ${missing.join(', ')}. .ci/run installs them; set HYPERMOCK_PG_BIN or HYPERMOCK_HAPROXY otherwise.`,
    )
  if (missing.length > 0)
    console.warn(
      `Not found: ${missing.join(', ')}: the replica tests are skipped.`,
    )
})

const customer = {
  Authorization: 'Bearer customer-1-token',
  'Content-Type': 'application/json',
}
const payment = JSON.stringify({ amount: 1234, currency: 'usd' })

const pay = (base: string, key: string) =>
  fetch(`${base}/api/payments`, {
    method: 'POST',
    headers: { ...customer, 'Idempotency-Key': key },
    body: payment,
  })

interface Snapshot {
  payments: { id: number }[]
  idempotencyKeys: { key: string }[]
}
const state = async (base: string) =>
  (await (await fetch(`${base}/__mock/state`)).json()) as Snapshot

interface StreamedEvent {
  sseId: number
  type: string
  subject: string
}

/**
 * The Server-Sent Events of `<base>/api/events` as an admin sees them (after `lastEventId` when
 * given), read from a plain fetch: `until(n)` resolves with the first `n` events once they came.
 */
async function openEvents(base: string, lastEventId?: number) {
  const controller = new AbortController()
  const response = await fetch(`${base}/api/events`, {
    headers: {
      Authorization: 'Bearer admin-token',
      Accept: 'text/event-stream',
      ...(lastEventId !== undefined && {
        'Last-Event-ID': String(lastEventId),
      }),
    },
    signal: controller.signal,
  })
  expect(response.status).toBe(200)
  const events: StreamedEvent[] = []
  const waiter: { wake?: () => void } = {}
  const reading = (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    for await (const chunk of response.body!) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const field = (name: string) =>
          block
            .split('\n')
            .filter((line) => line.startsWith(`${name}:`))
            .map((line) => line.slice(name.length + 1).trimStart())
            .join('\n')
        const data = field('data')
        if (!data) continue
        const event = JSON.parse(data) as { type: string; subject: string }
        events.push({
          sseId: Number(field('id')),
          type: event.type,
          subject: event.subject,
        })
        waiter.wake?.()
      }
    }
  })().catch(() => {})
  return {
    async until(count: number) {
      const deadline = Date.now() + 15_000
      while (events.length < count) {
        if (Date.now() > deadline)
          throw new Error(
            `${events.length} of ${count} events came: ${JSON.stringify(events)}`,
          )
        await new Promise<void>((resolve) => {
          waiter.wake = resolve
          setTimeout(resolve, 250)
        })
      }
      return events.slice(0, count)
    },
    close() {
      controller.abort()
      void reading
    },
  }
}

describe.skipIf(!bin || !haproxy)(
  'two replicas on one PostgreSQL behind HAProxy',
  () => {
    let cluster: PostgresCluster
    let a: Replica
    let b: Replica
    let balancer: Balancer
    let database: string

    beforeAll(async () => {
      cluster = await startPostgres(bin!)
      cluster.psql('CREATE DATABASE shop')
      database = cluster.url.replace(/\/postgres$/, '/shop')
      const [portA, portB] = [await freePort(), await freePort()]
      a = await startReplica(database, portA)
      // Started after the first: it joins the same state.
      b = await startReplica(database, portB)
      balancer = await startHaproxy(haproxy!, [portA, portB])
    }, 60_000)
    afterAll(async () => {
      await balancer?.stop()
      for (const replica of [a, b]) if (replica) await killReplica(replica)
      cluster?.destroy()
    })

    const reset = async () => {
      const response = await fetch(`${balancer.url}/__mock/reset`, {
        method: 'POST',
      })
      expect(response.status, await response.text()).toBeLessThan(300)
    }

    test('a write on one replica is read on the other, and through the balancer', async () => {
      await reset()
      const created = await pay(a.url, 'read-your-writes')
      expect(created.status).toBe(201)
      const { id } = (await created.json()) as { id: number }
      for (const base of [b.url, balancer.url, balancer.url]) {
        const read = await fetch(`${base}/api/payments/${id}`, {
          headers: customer,
        })
        expect(read.status).toBe(200)
      }
    })

    test("a listener at a third replica sees the other replicas' requests as they commit, with no poll running", async () => {
      await reset()
      // The replica's poll timer is faked and never advanced: only the commit announcements can
      // tell the listener (PostgreSQL's own timers, on setTimeout, stay real).
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
      const listener = createMockApi({
        store: await PostgresStore.open(database),
      })
      const attached = listener.store
      await attached.ready
      try {
        expect(vi.getTimerCount()).toBe(1)
        const heard: JournalEntry[] = []
        let waiting: (() => void) | null = null
        listener.subscribe((event) => {
          if (event.type !== 'request') return
          heard.push(event.entry)
          waiting?.()
        })
        const hear = async (key: string) => {
          while (!heard.some((entry) => entry.idempotencyKey === key))
            await new Promise<void>((resolve) => (waiting = resolve))
          return heard.find((entry) => entry.idempotencyKey === key)!
        }
        // Round robin: the two requests land on the two replicas, one each.
        for (const key of ['announced-1', 'announced-2']) {
          const created = await pay(balancer.url, key)
          expect(created.status).toBe(201)
          expect(await hear(key)).toMatchObject({
            method: 'POST',
            path: '/api/payments',
            status: 201,
          })
        }
        // The announcing connection dropped (a PostgreSQL restart, a proxy's idle timeout): it is
        // opened again, and what was committed meanwhile is caught up, still without the poll.
        cluster.psql(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'hypermock-watch'",
        )
        const created = await pay(balancer.url, 'after-the-drop')
        expect(created.status).toBe(201)
        expect((await hear('after-the-drop')).status).toBe(201)
        expect(listener.data.payments.list().length).toBeGreaterThanOrEqual(3)
      } finally {
        await attached.close()
        vi.useRealTimers()
      }
    })

    test('while commits are not announced, a listener catches up on a slow poll', async () => {
      await reset()
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
      const store = await PostgresStore.open(database)
      // The store as before, but its announcements never come up (a channel that stays down).
      const silent: MockStore & { shared: SharedStore } = {
        description: store.description,
        load: () => store.load(),
        commit: (changes) => store.commit(changes),
        clear: () => store.clear(),
        close: () => store.close(),
        shared: {
          begin: (seen) => store.begin(seen),
          watch: () =>
            Promise.resolve({ live: false, close: () => Promise.resolve() }),
        },
      }
      const listener = createMockApi({ store: silent })
      const attached = listener.store
      await attached.ready
      try {
        const polled = new Promise<void>((resolve) =>
          listener.subscribe((event) => {
            if (
              event.type === 'request' &&
              event.entry.idempotencyKey === 'polled'
            )
              resolve()
          }),
        )
        const created = await pay(balancer.url, 'polled')
        expect(created.status).toBe(201)
        // Only the poll can tell it: the next tick of its timer.
        await vi.advanceTimersByTimeAsync(2_000)
        await polled
      } finally {
        await attached.close()
        vi.useRealTimers()
      }
    })

    test('one payment per Idempotency-Key: a retry on the other replica replays the stored bytes', async () => {
      await reset()
      const before = (await state(a.url)).payments.length
      const first = await pay(a.url, 'retry-elsewhere')
      const firstBody = await first.text()
      expect(first.status).toBe(201)
      const retry = await pay(b.url, 'retry-elsewhere')
      expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
      expect(await retry.text()).toBe(firstBody)
      const throughBalancer = await pay(balancer.url, 'retry-elsewhere')
      expect(await throughBalancer.text()).toBe(firstBody)
      expect((await state(b.url)).payments.length).toBe(before + 1)
    })

    test('the same key sent to both replicas at once executes once', async () => {
      await reset()
      const before = (await state(a.url)).payments.length
      const keys = Array.from({ length: 10 }, (_, i) => `race-${i}`)
      const answers = await Promise.all(
        keys.flatMap((key) => [pay(a.url, key), pay(b.url, key)]),
      )
      const bodies = await Promise.all(answers.map((r) => r.text()))
      for (let i = 0; i < keys.length; i++) {
        const pair = [answers[2 * i]!, answers[2 * i + 1]!]
        // One executed (201); the other replayed its bytes, or was told the key is in flight (409).
        expect(pair.filter((r) => r.status === 201)).toHaveLength(
          pair[0]!.headers.get('Idempotent-Replayed') ||
            pair[1]!.headers.get('Idempotent-Replayed')
            ? 2
            : 1,
        )
        const executed = pair.filter(
          (r) => r.status === 201 && !r.headers.get('Idempotent-Replayed'),
        )
        expect(executed).toHaveLength(1)
        if (pair.every((r) => r.status === 201))
          expect(bodies[2 * i]).toBe(bodies[2 * i + 1])
        else expect(pair.map((r) => r.status).sort()).toEqual([201, 409])
      }
      expect((await state(b.url)).payments.length).toBe(before + keys.length)
    })

    test('the rate limit is one quota for a caller across replicas', async () => {
      await reset()
      const patched = await fetch(`${a.url}/__mock/config`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ rateLimit: { limit: 6, windowSeconds: 600 } }),
      })
      expect(patched.status).toBe(200)
      const statuses: number[] = []
      for (let i = 0; i < 10; i++) {
        const response = await fetch(
          `${i % 2 === 0 ? a.url : b.url}/api/payments`,
          { headers: customer },
        )
        statuses.push(response.status)
      }
      expect(statuses).toEqual([
        200, 200, 200, 200, 200, 200, 429, 429, 429, 429,
      ])
    })

    test("a fault rule's times counts across replicas", async () => {
      await reset()
      const added = await fetch(`${b.url}/__mock/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          match: { path: '/api/payments' },
          effect: { kind: 'status', status: 503 },
          times: 2,
        }),
      })
      expect(added.status).toBe(201)
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        const response = await fetch(
          `${i % 2 === 0 ? a.url : b.url}/api/payments`,
          { headers: customer },
        )
        statuses.push(response.status)
      }
      expect(statuses).toEqual([503, 503, 200, 200, 200, 200])
      const rules = (await (await fetch(`${a.url}/__mock/faults`)).json()) as {
        rules: unknown[]
      }
      expect(rules.rules).toEqual([])
    })

    test('the journal holds every request once, on every replica', async () => {
      await reset()
      const sent = 12
      for (let i = 0; i < sent; i++) {
        const response = await fetch(`${balancer.url}/api/orders`, {
          headers: customer,
        })
        expect(response.status).toBe(200)
      }
      const seen: string[][] = []
      for (const base of [a.url, b.url]) {
        const { entries } = (await (
          await fetch(`${base}/__mock/journal`)
        ).json()) as { entries: { requestId: string; path: string }[] }
        expect(entries.map((e) => e.path)).toEqual(
          Array.from({ length: sent }, () => '/api/orders'),
        )
        const ids = entries.map((e) => e.requestId)
        expect(new Set(ids).size).toBe(sent)
        seen.push(ids)
      }
      expect(seen[0]).toEqual(seen[1])
      const { operations } = (await (
        await fetch(`${b.url}/__mock/operations`)
      ).json()) as { operations: unknown[] }
      expect(operations.length).toBeGreaterThan(0)
    })

    test('a change on one replica is delivered once, in order, by the other: one event sequence, resumable at either', async () => {
      await reset()
      const stream = await openEvents(b.url)
      try {
        // Writes at A, at the balancer and at B itself; a replay of a key makes no event.
        const made: number[] = []
        for (const [base, key] of [
          [a.url, 'event-1'],
          [balancer.url, 'event-2'],
          [a.url, 'event-1'],
          [b.url, 'event-3'],
        ] as const) {
          const response = await pay(base, key)
          expect(response.status).toBeLessThan(300)
          const { id } = (await response.json()) as { id: number }
          if (!made.includes(id)) made.push(id)
        }
        expect(made).toHaveLength(3)
        const got = await stream.until(3)
        expect(got.map((event) => [event.type, event.subject])).toEqual(
          made.map((id) => ['payments.created', `/api/payments/${id}`]),
        )
        // One sequence: ids rise one by one, whichever replica committed the change.
        const ids = got.map((event) => event.sseId)
        expect(ids).toEqual([ids[0], ids[0]! + 1, ids[0]! + 2])
        // Nothing twice: one more change, and it is the fourth event, not a repeat.
        const last = await pay(a.url, 'event-4')
        const { id: fourth } = (await last.json()) as { id: number }
        expect((await stream.until(4)).map((event) => event.subject)).toEqual(
          [...made, fourth].map((id) => `/api/payments/${id}`),
        )
        // A resume at the other replica, after the second event, brings the third and fourth.
        const resumed = await openEvents(a.url, ids[1]!)
        try {
          expect(
            (await resumed.until(2)).map((event) => [
              event.sseId,
              event.subject,
            ]),
          ).toEqual([
            [ids[2], `/api/payments/${made[2]}`],
            [ids[2]! + 1, `/api/payments/${fourth}`],
          ])
        } finally {
          resumed.close()
        }
      } finally {
        stream.close()
      }
    })

    test('kill -9 of a replica during a burst of keyed POSTs loses nothing acknowledged', async () => {
      await reset()
      // Every replay below counts against the caller's quota too.
      await fetch(`${a.url}/__mock/config`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ rateLimit: false }),
      })
      const acknowledged = new Map<string, string>()
      let sent = 0
      let killed = false
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          while (sent < 120) {
            const key = `burst-${sent++}`
            try {
              // Alternating replicas, so the one killed has requests in flight.
              const response = await pay(sent % 2 === 0 ? a.url : b.url, key)
              const body = await response.text()
              if (response.status === 201) acknowledged.set(key, body)
            } catch {
              // The connection died with the replica: not acknowledged.
            }
            if (!killed && acknowledged.size >= 30) {
              killed = true
              void killReplica(a)
            }
          }
        }),
      )
      expect(killed).toBe(true)
      await killReplica(a)
      // A replica started while the other serves joins the same state.
      a = await startReplica(database, a.port)
      expect(acknowledged.size).toBeGreaterThanOrEqual(30)
      for (const [key, body] of acknowledged) {
        const replay = await pay(balancer.url, key)
        const replayed = await replay.text()
        expect(
          replay.headers.get('Idempotent-Replayed'),
          `${key}: ${replay.status} ${replayed}`,
        ).toBe('true')
        expect(replayed).toBe(body)
      }
      const stored = await state(a.url)
      const ids = new Set(stored.payments.map((p) => p.id))
      for (const body of acknowledged.values())
        expect(ids.has((JSON.parse(body) as { id: number }).id)).toBe(true)
    }, 60_000)

    test('PostgreSQL stopped mid-run: a 503 problem with Retry-After, then back with nothing lost', async () => {
      await reset()
      const created = await pay(balancer.url, 'before-the-outage')
      const createdBody = await created.text()
      expect(created.status).toBe(201)
      cluster.stop()
      try {
        for (const base of [a.url, b.url]) {
          const started = Date.now()
          const down = await pay(base, 'during-the-outage')
          expect(Date.now() - started).toBeLessThan(10_000)
          expect(down.status).toBe(503)
          expect(down.headers.get('Content-Type')).toBe(
            'application/problem+json',
          )
          expect(down.headers.get('Retry-After')).toMatch(/^\d+$/)
          const problem = (await down.json()) as { type: string }
          expect(problem.type).toBe('/api/problems/store-unavailable')
          const read = await fetch(`${base}/api/payments`, {
            headers: customer,
          })
          expect(read.status).toBe(503)
        }
      } finally {
        cluster.start()
      }
      for (const base of [a.url, b.url]) {
        const replay = await pay(base, 'before-the-outage')
        expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
        expect(await replay.text()).toBe(createdBody)
      }
      // The key that met the outage never executed: it executes now, once.
      const after = await pay(b.url, 'during-the-outage')
      expect(after.status).toBe(201)
      expect(after.headers.get('Idempotent-Replayed')).toBeNull()
      const again = await pay(a.url, 'during-the-outage')
      expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    }, 60_000)
  },
)
