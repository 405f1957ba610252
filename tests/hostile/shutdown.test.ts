import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { startServer } from '../../src/server/start-server.ts'
import { expectProblem } from '../support/expect-problem.ts'
import { CUSTOMER } from './support.ts'

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname

describe('graceful shutdown (finding 11: SIGTERM gave requests in flight an empty reply)', () => {
  it('lets a request in flight finish, and fails one that would not finish with a 503 problem', async () => {
    const server = await startServer({ port: 0, shutdownGraceMs: 300 })
    server.api.faults.add({
      match: { path: '/api/orders/1' },
      effect: { kind: 'delay', ms: 100 },
    })
    server.api.faults.add({
      match: { path: '/api/orders/2' },
      effect: { kind: 'hang' },
    })
    const slow = fetch(`${server.url}/api/orders/1`, { headers: CUSTOMER })
    const hung = fetch(`${server.url}/api/orders/2`, { headers: CUSTOMER })
    // Both are in flight once their fault rules have seen them.
    for (
      let i = 0;
      i < 200 && server.api.faults.list().some((rule) => rule.matched === 0);
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 5))
    const closed = server.close()
    const finished = await slow
    expect(finished.status).toBe(200)
    expect(finished.headers.get('Connection')).toBe('close')
    expect((await finished.json()).id).toBe(1)
    const failed = await hung
    const problem = await expectProblem(failed, 503, 'service-unavailable')
    expect(problem.detail).toContain('shutting down')
    expect(failed.headers.get('Retry-After')).toBe('1')
    await closed
    await expect(fetch(`${server.url}/api`)).rejects.toThrow()
  })

  it('hypermock-api serve: SIGTERM lets a request in flight finish, then exits 0', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const exited = once(child, 'exit')
    // Started when it says so: a busy machine may take longer than usual, within the test's time.
    while (!/listening on (\S+)/.test(output) && child.exitCode === null)
      await Promise.race([once(child.stdout, 'data'), exited])
    const base = /listening on (\S+)/.exec(output)?.[1]
    expect(base, output).toBeDefined()
    const added = await fetch(`${base!}/__mock/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ effect: { kind: 'delay', ms: 300 }, times: 1 }),
    })
    expect(added.status).toBe(201)
    const inFlight = fetch(`${base!}/api`)
    // The rule retires when it fires: from then on the request is in flight.
    for (let i = 0; i < 200; i++) {
      const { rules } = await (await fetch(`${base!}/__mock/faults`)).json()
      if (rules.length === 0) break
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    child.kill('SIGTERM')
    const response = await inFlight
    expect(response.status).toBe(200)
    expect((await response.json())._links).toBeDefined()
    const [code] = await exited
    expect(code, output).toBe(0)
  })
})
