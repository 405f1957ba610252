import { afterAll } from 'vitest'
import { withDefaultApi } from '../../src/default-mock-api.ts'
import { createMockInstance } from '../../src/mock-server/create-mock-api.ts'
import { attachStore } from '../../src/mock-server/store/attach-store.ts'
import { PostgresStore } from '../../src/server/postgres-store.ts'
import { findPostgresBin } from '../integration/postgres/postgres-cluster.ts'
import { findHaproxy } from '../integration/postgres/replica-cluster.ts'
import type { ContractTargetFactory } from './contract-target.ts'
import { sharedReplicas, type SharedReplicas } from './shared-postgres.ts'

let deployment: Promise<SharedReplicas> | null = null

/**
 * PostgreSQL, two `serve` replicas and HAProxy in front, borrowed from the run's deployments (see
 * `postgres-global-setup.ts`) for this test file, and given back after it for the next file.
 */
function deploy() {
  deployment ??= sharedReplicas()
  return deployment
}

afterAll(async () => {
  if (!deployment) return
  const lent = await deployment
  deployment = null
  await lent.release()
})

/** Whether this machine can run the target (PostgreSQL and HAProxy installed). */
export const replicasAvailable = () =>
  findPostgresBin() !== null && findHaproxy() !== null

/**
 * The built-in API served by two `serve --data postgres://…` replicas behind HAProxy (round robin):
 * every request of the suite goes through the balancer. `api` is a third replica in this process,
 * on the same database, holding the test's options: its seed and config become the shared state
 * when the target starts, what the test changes through it is committed before each request, and
 * it catches up with the replicas' commits after each answer, so `api.state.snapshot()` reads
 * what they wrote.
 */
export const replicasTarget: ContractTargetFactory = {
  name: 'two replicas on PostgreSQL behind HAProxy',
  oneAtATime: true,
  startTimeoutMs: 60_000,
  async start(options) {
    const { database, balancer } = await deploy()
    // Made with its runtime, which catches up below.
    const { api, runtime } = createMockInstance(withDefaultApi(options))
    const attached = await attachStore(
      runtime,
      await PostgresStore.open(database),
    )
    api.reset()
    await attached.flush()
    const url = (path: string) => `${balancer}${path}`
    return {
      api,
      url,
      async fetch(path, init) {
        await attached.flush()
        const response = await fetch(url(path), init)
        // Catches up with what the replicas committed, writing nothing.
        await runtime.replica!.refresh()
        return response
      },
      close: () => attached.close(),
    }
  },
}
