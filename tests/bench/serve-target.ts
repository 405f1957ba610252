import './keep-alive.ts'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { AddressInfo } from 'node:net'
import { startServer } from '../../src/server/start-server.ts'

/**
 * A server for the throughput row and the soak, in its own process so that the load generator does
 * not share its event loop: `mock` is the standalone hypermock server, `library` the same serving
 * the declared lending library of examples/own-api, `orders` the standalone server holding the given number of orders, `durable` the standalone server on a SQLite
 * store (`serve --data`), `postgres` one replica on PostgreSQL (the URL as the next argument), `bare` a bare
 * @hono/node-server answering the same bytes. Tells its parent its URL, then serves until killed.
 * Asked `cpu`, it answers the CPU time it has used (µs, every thread); asked `rss`, its memory;
 * asked `exit`, it exits (so that a profiler or callgrind around it can write its figures).
 */
const kind = process.argv[2]
const body = process.argv[3] ?? '{}'
/**
 * Write rows raise the mock's limit of stored idempotency keys (10,000): in memory, one round of
 * keyed writes makes more than that, which the mock would answer 409 limit-exceeded.
 */
const keys = Number(process.env.BENCH_MAX_IDEMPOTENCY_KEYS) || undefined
const limits = keys ? { maxIdempotencyKeys: keys } : {}

process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage()
    process.send?.({ cpu: user + system })
  } else if (message === 'exit') {
    process.exit(0)
  } else if (message === 'rss') {
    // After a full collection when allowed: live memory, not garbage V8 has not yet returned.
    ;(globalThis as { gc?: () => void }).gc?.()
    const { rss, heapUsed } = process.memoryUsage()
    process.send?.({ rss, heap: heapUsed })
  }
})

if (kind === 'mock') {
  const server = await startServer({
    port: 0,
    config: { rateLimit: false },
    ...limits,
  })
  process.send?.({ url: server.url })
} else if (kind === 'orders') {
  // The standalone server holding `argv[3]` orders (the GraphQL row's list).
  const { bigState } = await import('./big-state.ts')
  const server = await startServer({ port: 0, config: { rateLimit: false } })
  server.api.state.restore(bigState(Number(body)))
  process.send?.({ url: server.url })
} else if (kind === 'durable') {
  // The same server with its state in a SQLite file (`serve --data`), in a fresh folder.
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { SqliteStore } = await import('../../src/server/sqlite-store.ts')
  const store = await SqliteStore.open(
    join(mkdtempSync(join(tmpdir(), 'hypermock-bench-')), 'bench.db'),
  )
  const server = await startServer({
    port: 0,
    config: { rateLimit: false },
    ...limits,
    store,
  })
  process.send?.({ url: server.url })
} else if (kind === 'postgres') {
  // The same server as one replica on PostgreSQL (`serve --data postgres://…`); argv[3] is the URL.
  const { PostgresStore } = await import('../../src/server/postgres-store.ts')
  const store = await PostgresStore.open(body)
  const server = await startServer({
    port: 0,
    config: { rateLimit: false },
    ...limits,
    store,
  })
  process.send?.({ url: server.url })
} else if (kind === 'library') {
  const { library } = await import('./own-api.ts')
  const server = await startServer({
    port: 0,
    api: library,
    config: { rateLimit: false },
    ...limits,
  })
  process.send?.({ url: server.url })
} else if (kind === 'bare') {
  const app = new Hono()
  app.get('/api/orders/1', (c) =>
    c.body(body, 200, {
      'Content-Type': 'application/json',
      'Cache-Control': 'private, no-cache',
      ETag: '"order-1-v1"',
      Vary: 'Authorization',
    }),
  )
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  server.once('listening', () => {
    const { port } = server.address() as AddressInfo
    process.send?.({ url: `http://127.0.0.1:${port}` })
  })
} else {
  console.error(
    'usage: node tests/bench/serve-target.ts mock|orders|durable|postgres|library|bare [body|url|count]',
  )
  process.exit(1)
}
