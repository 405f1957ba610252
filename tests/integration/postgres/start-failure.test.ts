import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PostgresStore } from '../../../src/server/postgres-store.ts'
import { startServer } from '../../../src/server/start-server.ts'
import {
  sharedDatabase,
  startSharedPostgres,
} from '../../support/shared-postgres.ts'
import { gardenApi } from '../events/garden-api.ts'
import { findPostgresBin } from './postgres-cluster.ts'

const bin = findPostgresBin()

describe.skipIf(!bin)('a server that fails to start', () => {
  let taken: Server
  beforeAll(startSharedPostgres, 60_000)
  beforeAll(async () => {
    taken = createServer()
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done))
  })
  afterAll(() => new Promise<void>((done) => taken.close(() => done())))

  test('leaves no connection of its store behind, and the store serves the next start', async () => {
    const database = await sharedDatabase('startfailure')
    const connections = () =>
      Number(
        database.psql(
          'SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        ),
      )
    const store = await PostgresStore.open(database.url)
    const before = connections()
    const port = (taken.address() as { port: number }).port

    await expect(
      startServer({ api: gardenApi, basePath: '/api', store, port }),
    ).rejects.toThrow(/EADDRINUSE/)
    // Attaching opened a connection that listens for other replicas' commits: it is closed again.
    expect(connections()).toBe(before)

    const server = await startServer({
      api: gardenApi,
      basePath: '/api',
      store,
      port: 0,
    })
    try {
      const response = await fetch(`${server.url}/api/plants/1`, {
        headers: { Authorization: 'Bearer admin-token' },
      })
      expect(response.status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
