import { inject } from 'vitest'
import { psqlAt } from '../integration/postgres/postgres-cluster.ts'
import type { DatabaseGrant, ReplicasGrant } from './postgres-global-setup.ts'

async function ask<T>(path: string, body: object = {}): Promise<T> {
  const base = inject('postgresDeployments')
  if (!base)
    throw new Error(
      'No PostgreSQL deployments in this run: the node project of vite.config.ts sets tests/support/postgres-global-setup.ts as its globalSetup.',
    )
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`PostgreSQL for the tests: ${await response.text()}`)
  return (await response.json()) as T
}

/**
 * Starts the run's PostgreSQL cluster unless it runs already: call it from a `beforeAll` with a
 * long enough timeout, so that the first test does not pay for it.
 */
export async function startSharedPostgres(): Promise<void> {
  await ask('/start')
}

/** A database of its own on the run's one PostgreSQL cluster (started by the first file that asks). */
export interface SharedDatabase extends DatabaseGrant {
  /** Runs SQL in this database through psql, answering its output. */
  psql(sql: string): string
}

export async function sharedDatabase(prefix: string): Promise<SharedDatabase> {
  const grant = await ask<DatabaseGrant>('/database', { prefix })
  return { ...grant, psql: (sql) => psqlAt(grant.url, sql) }
}

/**
 * Two `serve` replicas on one database behind HAProxy, lent to this test file until `release()`
 * (the next file gets the same ones: start each test from a reset).
 */
export interface SharedReplicas extends ReplicasGrant {
  release(): Promise<void>
}

export async function sharedReplicas(): Promise<SharedReplicas> {
  const grant = await ask<ReplicasGrant>('/replicas')
  return {
    ...grant,
    release: () => ask('/replicas/release', { id: grant.id }),
  }
}
