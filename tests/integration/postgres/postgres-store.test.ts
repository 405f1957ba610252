import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { runStoreSuite, type MockStore } from 'hypermock-api/store'
import { PostgresStore } from '../../../src/server/postgres-store.ts'
import {
  sharedDatabase,
  startSharedPostgres,
  type SharedDatabase,
} from '../../support/shared-postgres.ts'
import { findPostgresBin } from './postgres-cluster.ts'

const bin = findPostgresBin()

test('PostgreSQL is installed where CI runs this suite', () => {
  if (!bin && (process.env.CI || process.env.HYPERMOCK_REQUIRE_POSTGRES))
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) were not found: .ci/run installs the postgresql package; set HYPERMOCK_PG_BIN to their folder otherwise.',
    )
  if (!bin)
    console.warn(
      'PostgreSQL server binaries not found (apt-get install postgresql): the PostgreSQL store tests are skipped.',
    )
})

describe.skipIf(!bin)(
  "on the run's PostgreSQL cluster, a database each",
  () => {
    beforeAll(startSharedPostgres, 60_000)
    const databases = new WeakMap<MockStore, SharedDatabase>()
    runStoreSuite(
      { describe, test, expect, afterEach },
      {
        name: 'PostgreSQL',
        async open() {
          const database = await sharedDatabase('store')
          const store = await PostgresStore.open(database.url)
          databases.set(store, database)
          return store
        },
        async reopen(store) {
          await store.close()
          const database = databases.get(store)!
          const again = await PostgresStore.open(database.url)
          databases.set(again, database)
          return again
        },
      },
    )

    test('a database migrated by a newer hypermock is refused with a clear error, and left as it is', async () => {
      const database = await sharedDatabase('newer')
      const store = await PostgresStore.open(database.url)
      await store.close()
      database.psql('INSERT INTO hypermock_migrations (version) VALUES (99)')
      await expect(PostgresStore.open(database.url)).rejects.toThrow(
        /made by a newer hypermock/,
      )
      expect(
        database.psql('SELECT max(version) FROM hypermock_migrations'),
      ).toBe('99\n')
    })

    test('a user without permission to create tables gets a clear error', async () => {
      const database = await sharedDatabase('locked')
      database.psql(
        `CREATE ROLE ${database.name}_visitor LOGIN; REVOKE CREATE ON SCHEMA public FROM PUBLIC`,
      )
      await expect(
        PostgresStore.open(
          database.url.replace('postgres@', `${database.name}_visitor@`),
        ),
      ).rejects.toThrow(/no permission .*Grant the user CREATE/)
    })

    test('nothing listening: a clear error in bounded time', async () => {
      const { url } = await sharedDatabase('unused')
      const port = new URL(url).port
      await expect(
        PostgresStore.open(url.replace(`:${port}/`, ':1/')),
      ).rejects.toThrow(
        /Failed to use PostgreSQL 127\.0\.0\.1:1\/unused_\d+: nothing answers there/,
      )
    })
  },
)
