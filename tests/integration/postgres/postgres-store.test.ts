import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeStore, storeAt } from '../../support/store-suite.ts'
import { PostgresStore } from '../../../src/server/postgres-store.ts'
import {
  findPostgresBin,
  startPostgres,
  type PostgresCluster,
} from './postgres-cluster.ts'

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

describe.skipIf(!bin)('on a PostgreSQL cluster of its own', () => {
  let cluster: PostgresCluster
  beforeAll(async () => {
    cluster = await startPostgres(bin!)
  }, 60_000)
  afterAll(() => cluster?.destroy())

  let count = 0
  const database = (name: string) => {
    cluster.psql(`CREATE DATABASE ${name}`)
    return cluster.url.replace(/\/postgres$/, `/${name}`)
  }

  describeStore(
    'PostgreSQL',
    storeAt(
      () => database(`store_${++count}`),
      (url) => PostgresStore.open(url),
    ),
  )

  test('a database migrated by a newer hypermock is refused with a clear error, and left as it is', async () => {
    const url = database('newer')
    const store = await PostgresStore.open(url)
    await store.close()
    cluster.psql(
      'INSERT INTO hypermock_migrations (version) VALUES (99)',
      'newer',
    )
    await expect(PostgresStore.open(url)).rejects.toThrow(
      /made by a newer hypermock/,
    )
  })

  test('a user without permission to create tables gets a clear error', async () => {
    const url = database('locked')
    cluster.psql(
      'CREATE ROLE visitor LOGIN; REVOKE CREATE ON SCHEMA public FROM PUBLIC',
    )
    await expect(
      PostgresStore.open(url.replace('postgres@', 'visitor@')),
    ).rejects.toThrow(/no permission .*Grant the user CREATE/)
  })

  test('nothing listening: a clear error in bounded time', async () => {
    const url = cluster.url.replace(`:${cluster.port}/`, ':1/')
    await expect(PostgresStore.open(url)).rejects.toThrow(
      /Failed to use PostgreSQL 127\.0\.0\.1:1\/postgres: nothing answers there/,
    )
  })
})
