import { spawnSync } from 'node:child_process'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../../src/server/index.ts'

const CLI = new URL('../../../src/server/cli.ts', import.meta.url).pathname

const text = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('')

describe(
  'hypermock-api mcp --url, attached to a running serve',
  { timeout: 30_000 },
  () => {
    let server: RunningServer
    const client = new Client({ name: 'hypermock-test', version: '1.0.0' })

    const call = async (name: string, args: Record<string, unknown> = {}) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult

    beforeAll(async () => {
      server = await startServer({ port: 0 })
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [
            CLI,
            'mcp',
            '--url',
            server.url.replace('127.0.0.1', 'localhost'),
          ],
          stderr: 'ignore',
        }),
      )
    }, 30_000)
    afterAll(async () => {
      await client.close()
      await server.close()
    })

    it('refuses a URL that is not on this machine unless --allowed-hosts opens it', () => {
      for (const url of ['http://example.com:8787', 'http://10.0.0.7:8787']) {
        const result = spawnSync(process.execPath, [CLI, 'mcp', '--url', url], {
          encoding: 'utf8',
          input: '',
        })
        expect(result.status).toBe(1)
        expect(result.stdout).toBe('')
        expect(result.stderr).toContain('is not on this machine')
        expect(result.stderr).toContain('--allowed-hosts')
      }
    })

    it("adds a fault on the server's own control API, which its next request meets", async () => {
      const added = await call('add_fault', {
        match: { path: '/api/orders' },
        effect: { kind: 'status', status: 503 },
        times: 1,
      })
      expect(added.isError, text(added)).toBeFalsy()
      expect(server.api.faults.list()).toMatchObject([
        { match: { path: '/api/orders' }, effect: { status: 503 } },
      ])
      const answer = await fetch(`${server.url}/api/orders`, {
        headers: { Authorization: 'Bearer admin-token' },
      })
      expect(answer.status).toBe(503)
      const journal = await call('read_journal', {
        path: '/api/orders',
        limit: 1,
      })
      expect(journal.structuredContent).toMatchObject({
        entries: [{ status: 503, fault: expect.stringContaining('status') }],
      })
    })

    it('applies a declared scenario and moves the clock on the server', async () => {
      const applied = await call('apply_scenario', { id: 'flaky-payments' })
      expect(applied.isError, text(applied)).toBeFalsy()
      expect(server.api.faults.list().length).toBeGreaterThan(0)

      const before = Date.parse(server.api.clock.now())
      const moved = await call('advance_clock', { ms: 3_600_000 })
      expect(moved.isError, text(moved)).toBeFalsy()
      expect(
        Date.parse(server.api.clock.now()) - before,
      ).toBeGreaterThanOrEqual(3_600_000)
      const cleared = await call('clear_faults')
      expect(cleared.structuredContent).toMatchObject({ remaining: [] })
      expect(server.api.faults.list()).toEqual([])
    })

    it('names the scenarios it knows when asked for another', async () => {
      const result = await call('apply_scenario', { id: 'no-such-thing' })
      expect(result.isError).toBe(true)
      expect(text(result)).toContain('happy-path')
    })
  },
)
