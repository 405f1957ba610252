import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startServe } from '../../src/server/serve.ts'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'
import { expectProblem } from '../support/expect-problem.ts'
import { CUSTOMER, mock } from './support.ts'

const EVIL = 'https://evil.example'

/** A raw request, so that `Host` can be anything (fetch always sends the URL's). */
function rawGet(url: string, headers: Record<string, string>) {
  const { hostname, port, pathname } = new URL(url)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, path: pathname, headers },
      (response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('the standalone server, as a hostile web page meets it (finding 4)', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ port: 0 })
  })
  afterAll(() => server.close())
  const url = (path: string) => `${server.url}${path}`

  it('answers another site 403 origin-not-allowed, without CORS headers, on the API and the control API', async () => {
    for (const path of ['/api', '/api/orders/1', '/__mock/state']) {
      const response = await fetch(url(path), {
        headers: { Origin: EVIL, ...CUSTOMER },
      })
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
      const problem = await expectProblem(response, 403, 'origin-not-allowed')
      expect(problem.detail).toContain('--allow-origin https://evil.example')
    }
  })

  it('refuses a bodiless cross-site form POST /__mock/reset, and resets nothing', async () => {
    server.api.faults.add({
      match: { path: '/nowhere' },
      effect: { kind: 'hang' },
    })
    const response = await fetch(url('/__mock/reset'), {
      method: 'POST',
      headers: {
        Origin: EVIL,
        'Sec-Fetch-Site': 'cross-site',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    })
    await expectProblem(response, 403, 'origin-not-allowed')
    expect(server.api.faults.list()).toHaveLength(1)
    server.api.faults.clear()
  })

  it('refuses a cross-site read of the control API that carries no Origin', async () => {
    const response = await fetch(url('/__mock/state'), {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    })
    await expectProblem(response, 403, 'origin-not-allowed')
  })

  it('answers a preflight from another site without allowing it', async () => {
    const response = await fetch(url('/__mock/reset'), {
      method: 'OPTIONS',
      headers: { Origin: EVIL, 'Access-Control-Request-Method': 'POST' },
    })
    expect(response.status).toBe(403)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('allows loopback origins, echoing the origin rather than *', async () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:3000',
      'http://[::1]:8080',
      'http://app.localhost',
    ]) {
      const response = await fetch(url('/__mock/config'), {
        headers: { Origin: origin },
      })
      expect(response.status, origin).toBe(200)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe(origin)
      expect(response.headers.get('Vary')).toContain('Origin')
    }
  })

  it('checks Host: a rebound name is refused, loopback names and IPs are answered', async () => {
    const { port } = new URL(server.url)
    const rebound = await rawGet(url('/__mock/state'), {
      Host: `evil.example:${port}`,
    })
    expect(rebound.status).toBe(403)
    expect(JSON.parse(rebound.body)).toMatchObject({
      type: '/api/problems/origin-not-allowed',
    })
    expect(rebound.body).toContain('--allowed-hosts')
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
    ])
      expect((await rawGet(url('/api'), { Host: host })).status, host).toBe(200)
  })
})

describe('what the user opens', () => {
  /** Starts `hypermock-api serve` in-process with `args`, collecting what it prints. */
  async function serveWith(args: string[]) {
    const printed: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((m) => {
      printed.push(String(m))
    })
    const error = vi.spyOn(console, 'error').mockImplementation((m) => {
      printed.push(String(m))
    })
    try {
      const server = await startServe(['--port', '0', ...args], {})
      return { server: server!, printed: printed.join('\n') }
    } finally {
      log.mockRestore()
      error.mockRestore()
    }
  }

  it('--allow-origin and --allowed-hosts open exactly the named origin and host', async () => {
    const { server, printed } = await serveWith([
      '--allow-origin',
      'https://app.example',
      '--allowed-hosts',
      'mock.internal,.dev.example',
    ])
    try {
      const allowed = await fetch(`${server.url}/api`, {
        headers: { Origin: 'https://app.example' },
      })
      expect(allowed.status).toBe(200)
      expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(
        'https://app.example',
      )
      const other = await fetch(`${server.url}/api`, {
        headers: { Origin: 'https://other.example' },
      })
      expect(other.status).toBe(403)
      const { port } = new URL(server.url)
      for (const host of ['mock.internal', 'dev.example', 'a.dev.example'])
        expect(
          (await rawGet(`${server.url}/api`, { Host: `${host}:${port}` }))
            .status,
          host,
        ).toBe(200)
      expect(
        (await rawGet(`${server.url}/api`, { Host: `evil.example:${port}` }))
          .status,
      ).toBe(403)
      expect(printed).not.toContain('warning')
    } finally {
      await server.close()
    }
  })

  it('warns when --host makes it reachable from other machines', async () => {
    const { server, printed } = await serveWith(['--host', '0.0.0.0'])
    await server.close()
    expect(printed).toMatch(
      /warning: listening on 0\.0\.0\.0 makes the mock reachable from other machines/,
    )
  })

  it('refuses a malformed --allow-origin with the expected shape', async () => {
    await expect(
      startServe(['--port', '0', '--allow-origin', 'app.example/path'], {}),
    ).rejects.toThrow(
      expect.objectContaining({
        name: 'CliError',
        message: expect.stringContaining(
          '--allow-origin takes origins such as',
        ),
      }),
    )
  })
})

describe('the same rules in the core, under msw or direct calls', () => {
  it('answers another origin 403 and the control API never answers a cross-site request', async () => {
    const { call } = mock()
    await expectProblem(
      await call('/api/orders/1', { headers: { Origin: EVIL, ...CUSTOMER } }),
      403,
      'origin-not-allowed',
    )
    await expectProblem(
      await call('/__mock/reset', {
        method: 'POST',
        headers: { Origin: 'null' },
      }),
      403,
      'origin-not-allowed',
    )
    await expectProblem(
      await call('/__mock/journal', {
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      }),
      403,
      'origin-not-allowed',
    )
  })

  it('answers its own origin and loopback origins, and what allowedOrigins adds', async () => {
    const { call } = mock({ allowedOrigins: ['https://app.example'] })
    for (const origin of [
      'http://hypermock.test',
      'http://localhost:5173',
      'https://app.example',
    ])
      expect(
        (await call('/api', { headers: { Origin: origin } })).status,
        origin,
      ).toBe(200)
  })
})
