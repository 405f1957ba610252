import { execFile } from 'node:child_process'
import { createServer, type IncomingMessage } from 'node:http'
import { promisify } from 'node:util'
import type { TestProject } from 'vitest/node'
import {
  findPostgresBin,
  startPostgres,
  type PostgresCluster,
} from '../integration/postgres/postgres-cluster.ts'
import {
  findHaproxy,
  killReplica,
  startHaproxy,
  startReplica,
  type Balancer,
  type Replica,
} from '../integration/postgres/replica-cluster.ts'
import { freePort } from './free-port.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's PostgreSQL databases and replica deployments are handed out. */
    postgresDeployments: string
  }
}

const run = promisify(execFile)

/** What a test file gets: see `shared-postgres.ts`. */
export interface DatabaseGrant {
  /** `postgres://…/<name>` */
  url: string
  name: string
}

export interface ReplicasGrant {
  id: number
  /** The database the replicas serve. */
  database: string
  /** HAProxy in front of the two replicas. */
  balancer: string
}

interface Deployment {
  grant: ReplicasGrant
  replicas: Replica[]
  balancer: Balancer
}

/**
 * One PostgreSQL cluster for a whole test run, started the first time a test file asks for it
 * (a run without PostgreSQL tests never starts it), handed out as a database per request. Replica
 * deployments (a database, two `serve --data postgres://…` replicas, HAProxy in front) are lent to
 * one test file at a time and reused by the next: the contract target resets the shared state
 * at the start of each test anyway. Test files ask over loopback HTTP (see `shared-postgres.ts`),
 * since a global setup can hand them only plain values.
 */
export default async function setup(project: TestProject) {
  let cluster: Promise<PostgresCluster> | null = null
  let databases = 0
  const idle: Deployment[] = []
  const deployments: Deployment[] = []

  const startCluster = () => {
    cluster ??= (async () => {
      const bin = findPostgresBin()
      if (!bin)
        throw new Error(
          'PostgreSQL server binaries (initdb, pg_ctl) were not found: apt-get install postgresql, or set HYPERMOCK_PG_BIN.',
        )
      return startPostgres(bin)
    })()
    return cluster
  }

  async function database(prefix: string): Promise<DatabaseGrant> {
    if (!/^[a-z][a-z0-9_]{0,40}$/.test(prefix))
      throw new Error(
        `A database prefix is lowercase letters, got "${prefix}".`,
      )
    const { url } = await startCluster()
    const name = `${prefix}_${++databases}`
    // Not psql's synchronous run: this process also runs the reporter and serves every worker.
    await run('psql', [
      url,
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `CREATE DATABASE ${name}`,
    ])
    return { url: url.replace(/\/postgres$/, `/${name}`), name }
  }

  async function deploy(): Promise<ReplicasGrant> {
    const reused = idle.pop()
    if (reused) return reused.grant
    const haproxy = findHaproxy()
    if (!haproxy)
      throw new Error(
        'HAProxy was not found: apt-get install haproxy, or set HYPERMOCK_HAPROXY.',
      )
    const { url } = await database('replicas')
    const ports = [await freePort(), await freePort()]
    const replicas: Replica[] = []
    for (const port of ports) replicas.push(await startReplica(url, port))
    const balancer = await startHaproxy(haproxy, ports)
    const deployment: Deployment = {
      grant: {
        id: deployments.length + 1,
        database: url,
        balancer: balancer.url,
      },
      replicas,
      balancer,
    }
    deployments.push(deployment)
    return deployment.grant
  }

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readJson(request)
      switch (request.url) {
        case '/start':
          await startCluster()
          return {}
        case '/database':
          return database(String(body.prefix ?? 'db'))
        case '/replicas':
          return deploy()
        case '/replicas/release': {
          const returned = deployments.find((d) => d.grant.id === body.id)
          if (returned && !idle.includes(returned)) idle.push(returned)
          return {}
        }
        default:
          throw new Error(`Unknown request ${request.url}`)
      }
    })().then(
      (answer) => {
        response.writeHead(200, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify(answer))
      },
      (error: unknown) => {
        response.writeHead(500, { 'Content-Type': 'text/plain' })
        response.end(error instanceof Error ? error.message : String(error))
      },
    )
  })
  await new Promise<void>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve()),
  )
  const { port } = server.address() as { port: number }
  project.provide('postgresDeployments', `http://127.0.0.1:${port}`)

  return async () => {
    server.close()
    for (const { balancer, replicas } of deployments) {
      await balancer.stop()
      for (const replica of replicas) await killReplica(replica)
    }
    if (cluster) (await cluster.catch(() => null))?.destroy()
  }
}

async function readJson(
  request: IncomingMessage,
): Promise<Record<string, unknown>> {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>)
}
