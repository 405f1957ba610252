import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname

/** Runs the `hypermock-api` command line with this Node, collecting its output. */
function runCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  const waitFor = async (pattern: RegExp) => {
    for (let i = 0; i < 200 && !pattern.test(output); i++)
      await new Promise((resolve) => setTimeout(resolve, 25))
    return pattern.exec(output)
  }
  return { child, exited, waitFor, output: () => output }
}

describe('the standalone server', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ port: 0 })
  })
  afterAll(() => server.close())

  it('answers a CORS preflight with the allowed headers and methods', async () => {
    const response = await fetch(`${server.url}/api/payments`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,idempotency-key',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(
      'http://localhost:5173',
    )
    const allowed = response.headers
      .get('Access-Control-Allow-Headers')!
      .toLowerCase()
      .split(/,\s*/)
    expect(allowed).toEqual([
      'authorization',
      'content-type',
      'idempotency-key',
      'if-match',
      'if-none-match',
    ])
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain(
      'POST',
    )
  })

  it('exposes the API headers a browser app must read', async () => {
    const response = await fetch(`${server.url}/api/orders`, {
      headers: {
        Origin: 'http://localhost:5173',
        Authorization: 'Bearer customer-1-token',
      },
    })
    const exposed = response.headers
      .get('Access-Control-Expose-Headers')!
      .split(/,\s*/)
    expect(exposed).toEqual([
      'Location',
      'ETag',
      'Link',
      'Retry-After',
      'RateLimit',
      'RateLimit-Policy',
      'WWW-Authenticate',
      'Idempotent-Replayed',
      'Allow',
      'Accept-Patch',
    ])
  })

  it('leaves a plain OPTIONS to the API: 204 with Allow', async () => {
    const response = await fetch(`${server.url}/api/orders/1`, {
      method: 'OPTIONS',
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('Allow')).toBe(
      'GET, HEAD, PUT, PATCH, DELETE, OPTIONS',
    )
  })

  it('drops the connection for a network-error fault', async () => {
    server.api.faults.add({ effect: { kind: 'network-error' }, times: 1 })
    const error = await fetch(`${server.url}/api`).then(
      () => null,
      (e: unknown) => e as Error & { cause?: { code?: string } },
    )
    expect(error).toBeInstanceOf(TypeError)
    expect(['UND_ERR_SOCKET', 'ECONNRESET']).toContain(error?.cause?.code)
  })
})

describe('hypermock-api serve', () => {
  it('prints where it listens, serves, and shuts down cleanly on SIGTERM', async () => {
    const cli = runCli(['serve', '--port', '0', '--host', '127.0.0.1'])
    const match = await cli.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/)
    expect(match, cli.output()).not.toBeNull()
    const root = await fetch(`${match![1]}/api`)
    expect(root.status).toBe(200)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
    expect(cli.output()).toMatch(/SIGTERM received: closing hypermock/)
  })

  it('says clearly when the port is taken, and exits 1', async () => {
    const busy = await startServer({ port: 0 })
    const port = new URL(busy.url).port
    try {
      const cli = runCli(['serve'], { PORT: port })
      expect(await cli.exited).toBe(1)
      expect(cli.output()).toContain(
        `port ${port} on 127.0.0.1 is already in use`,
      )
      expect(cli.output()).toContain('--port')
    } finally {
      await busy.close()
    }
  })

  it('rejects a malformed port with a usage hint', async () => {
    const cli = runCli(['serve', '--port', 'eighty'])
    expect(await cli.exited).toBe(1)
    expect(cli.output()).toContain(
      '--port must be a number from 0 to 65535, got "eighty"',
    )
  })
})
