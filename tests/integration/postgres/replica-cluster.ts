import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../support/free-port.ts'

const CLI = fileURLToPath(
  new URL('../../../src/server/cli.ts', import.meta.url),
)

/** One `serve --data postgres://…` child process on a fixed port (a restart takes the same one). */
export interface Replica {
  readonly url: string
  readonly port: number
  child: ChildProcess
  output: string
}

/** The replica's command line after `hypermock-api` (the deployment guide shows the same). */
export const serveArgs = (database: string, port: number) => [
  'serve',
  '--port',
  String(port),
  '--data',
  database,
]

/** Starts `hypermock-api serve --port <port> --data <database>`; resolves once it listens. */
export function startReplica(
  database: string,
  port: number,
  args: string[] = [],
): Promise<Replica> {
  const child = spawn(
    process.execPath,
    [CLI, ...serveArgs(database, port), ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const replica: Replica = {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: '',
  }
  return new Promise((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      replica.output += chunk.toString()
      if (/listening on http:\/\//.test(replica.output)) resolve(replica)
    }
    child.stdout!.on('data', seen)
    child.stderr!.on('data', (chunk: Buffer) => (replica.output += chunk))
    child.once('exit', (code) =>
      reject(
        new Error(
          `serve exited (${code}) before listening:\n${replica.output}`,
        ),
      ),
    )
  })
}

/** `kill -9`, resolved once the process is gone. */
export async function killReplica(replica: Replica) {
  const { child } = replica
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise((done) => child.once('exit', done))
  child.kill('SIGKILL')
  await gone
}

export function findHaproxy(): string | null {
  for (const candidate of [
    process.env.HYPERMOCK_HAPROXY,
    '/usr/sbin/haproxy',
    'haproxy',
  ]) {
    if (!candidate) continue
    const probe = spawnSync(candidate, ['-v'], { encoding: 'utf8' })
    if (probe.status === 0) return candidate
  }
  return null
}

/** HAProxy in front of the replicas: round robin, one request at a time to each in turn. */
export interface Balancer {
  readonly url: string
  stop(): Promise<void>
}

export function haproxyConfig(port: number, backends: number[]) {
  return `global
  maxconn 256

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout check 5s
  option http-server-close

frontend hypermock
  bind 127.0.0.1:${port}
  default_backend replicas

backend replicas
  balance roundrobin
  option httpchk
  http-check send meth GET uri /__mock/clock ver HTTP/1.1 hdr Host localhost
  default-server check inter 300ms fall 2 rise 1
${backends.map((backend, i) => `  server replica-${i + 1} 127.0.0.1:${backend}`).join('\n')}
`
}

export async function startHaproxy(
  binary: string,
  backends: number[],
): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), 'hypermock-haproxy-'))
  const port = await freePort()
  const config = join(dir, 'haproxy.cfg')
  writeFileSync(config, haproxyConfig(port, backends))
  const child = spawn(binary, ['-db', '-f', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  // Ready once it answers through to a replica.
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null)
      throw new Error(`haproxy exited (${child.exitCode}):\n${output}`)
    try {
      const response = await fetch(`${url}/__mock/clock`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (attempt > 100) throw new Error(`haproxy did not start:\n${output}`)
    await new Promise((done) => setTimeout(done, 100))
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((done) => child.once('exit', done))
        child.kill('SIGTERM')
        await gone
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
