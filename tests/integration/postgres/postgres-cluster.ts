import { execFileSync, spawnSync } from 'node:child_process'
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../support/free-port.ts'

/**
 * A PostgreSQL cluster of the test's own: `initdb` in a temporary folder, a free loopback port,
 * torn down after. As root it runs as the `postgres` user (PostgreSQL refuses root). Nothing
 * depends on a system service.
 */
export interface PostgresCluster {
  readonly url: string
  readonly port: number
  /** A fast shutdown, as an operator's `pg_ctl stop` (clients are disconnected). */
  stop(): void
  start(): void
  /** Runs SQL through psql (in `database`, default `postgres`), answering its output. */
  psql(sql: string, database?: string): string
  destroy(): void
}

/** Where the PostgreSQL server binaries are: `HYPERMOCK_PG_BIN`, Debian's folders, or `pg_config`. */
export function findPostgresBin(): string | null {
  const given = process.env.HYPERMOCK_PG_BIN
  if (given) return existsSync(join(given, 'initdb')) ? given : null
  const root = '/usr/lib/postgresql'
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions[0]) return join(root, versions[0], 'bin')
  }
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  const bin = found.status === 0 ? found.stdout.trim() : ''
  return bin && existsSync(join(bin, 'initdb')) ? bin : null
}

const asRoot = process.getuid?.() === 0

function run(bin: string, args: string[], cwd?: string) {
  const [command, rest] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', bin, ...args]]
    : [bin, args]
  return execFileSync(command, rest, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd && { cwd }),
  })
}

/** Runs SQL through psql on the database at `url`, answering its output (unaligned, tuples only). */
export function psqlAt(url: string, sql: string): string {
  return execFileSync(
    'psql',
    [url, '-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-c', sql],
    { encoding: 'utf8' },
  )
}

export async function startPostgres(bin: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'hypermock-pg-'))
  if (asRoot) {
    const user = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
    chownSync(dir, Number(user), Number(group))
  }
  const data = join(dir, 'data')
  run(
    join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'],
    dir,
  )
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c shared_buffers=16MB -c max_connections=40`
  const ctl = (...args: string[]) =>
    run(join(bin, 'pg_ctl'), ['-D', data, ...args], dir)
  const start = () => {
    ctl('-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start')
  }
  start()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    port,
    start,
    stop: () => void ctl('-m', 'fast', '-w', 'stop'),
    psql: (sql, database = 'postgres') =>
      psqlAt(url.replace(/\/postgres$/, `/${database}`), sql),
    destroy() {
      try {
        ctl('-m', 'immediate', '-w', 'stop')
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
