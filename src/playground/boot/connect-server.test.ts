import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { library } from '../../../examples/own-api/library.ts'
import type { MockEvent } from '../../index.ts'
import { startServer, type RunningServer } from '../../server/index.ts'
import { connectToServer } from './connect-server.ts'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ api: library, port: 0 })
})
afterAll(() => server.close())

const at = (input: RequestInfo | URL, init?: RequestInit) =>
  input instanceof Request
    ? fetch(new Request(new URL(input.url, server.url), input), init)
    : fetch(new URL(String(input), server.url), init)

describe('the playground connected to a server over HTTP', () => {
  it("sends its changes to the server and follows the server's journal", async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] })
    try {
      const api = await connectToServer(
        { basePath: '/api', controlPath: '/__mock' },
        at,
      )
      expect(api.state.snapshot()).toHaveProperty('loans')
      const rule = api.faults.add({
        match: { method: 'GET', path: '/api/loans*' },
        effect: { kind: 'status', status: 503 },
        times: 1,
      })
      // Checked here as the server checks it, and in the page's copy at once.
      expect(rule.match.path).toBe('/api/loans*')
      expect(() =>
        api.faults.add({ effect: { kind: 'status', status: 200 } } as never),
      ).toThrow()
      await api.shared.settled()
      const served = (await (await at('/__mock/faults')).json()) as {
        rules: unknown[]
      }
      expect(served.rules).toHaveLength(1)

      // A request someone else sends (curl) shows up on the next poll.
      const events: MockEvent[] = []
      api.subscribe((event) => events.push(event))
      const answered = await at('/api/loans', {
        headers: { Authorization: 'Bearer librarian-token' },
      })
      expect(answered.status).toBe(503)
      await vi.advanceTimersByTimeAsync(1_000)
      await vi.waitFor(() =>
        expect(api.journal.list().at(-1)).toMatchObject({
          path: '/api/loans',
          status: 503,
        }),
      )
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'request' }),
      )

      // Its own write refreshed what it shows already; another client's write asks it to read again.
      let remoteChanges = 0
      api.shared.onRemoteChange(() => (remoteChanges += 1))
      const renew = (init: RequestInit) =>
        new Request(new URL('/api/loans/1/renew', server.url), {
          method: 'POST',
          headers: { Authorization: 'Bearer librarian-token' },
          ...init,
        })
      expect((await api.fetch(renew({}))).status).toBe(200)
      await vi.advanceTimersByTimeAsync(1_000)
      await vi.waitFor(() =>
        expect(api.journal.list().at(-1)?.path).toBe('/api/loans/1/renew'),
      )
      expect(remoteChanges).toBe(0)
      expect((await at(renew({}))).status).toBe(200)
      await vi.advanceTimersByTimeAsync(1_000)
      await vi.waitFor(() => expect(remoteChanges).toBe(1))

      // A reset reaches the server, and the copy follows it.
      api.reset()
      await api.shared.settled()
      expect(
        ((await (await at('/__mock/journal')).json()) as { entries: [] })
          .entries,
      ).toEqual([])
      await vi.waitFor(() => expect(api.faults.list()).toEqual([]))
    } finally {
      vi.useRealTimers()
    }
  })

  it('asks each second only whether anything changed, and reads the rows again only when they did', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] })
    const asked: string[] = []
    const counting = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      asked.push(new URL(url, server.url).pathname)
      return at(input, init)
    }
    try {
      const api = await connectToServer(
        { basePath: '/api', controlPath: '/__mock' },
        counting,
      )
      asked.length = 0
      // Quiet: one small request a second, nothing else.
      await vi.waitFor(async () => {
        await vi.advanceTimersByTimeAsync(1_000)
        expect(asked.length).toBeGreaterThanOrEqual(3)
      })
      expect(new Set(asked)).toEqual(new Set(['/__mock/changes']))

      // A read by someone else: the journal again, not the rows.
      asked.length = 0
      await at('/api/loans', {
        headers: { Authorization: 'Bearer librarian-token' },
      })
      await vi.advanceTimersByTimeAsync(1_000)
      await vi.waitFor(() =>
        expect(api.journal.list().at(-1)?.path).toBe('/api/loans'),
      )
      expect(asked).toContain('/__mock/journal')
      expect(asked).not.toContain('/__mock/state')

      // A write by someone else: the rows too.
      asked.length = 0
      const renewed = await at('/api/loans/1/renew', {
        method: 'POST',
        headers: { Authorization: 'Bearer librarian-token' },
      })
      expect(renewed.status).toBe(200)
      await vi.advanceTimersByTimeAsync(1_000)
      await vi.waitFor(() => expect(asked).toContain('/__mock/state'))
    } finally {
      vi.useRealTimers()
    }
  })

  it('reads everything each second from a server that counts no changes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] })
    const asked: string[] = []
    const older = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      const path = new URL(url, server.url).pathname
      asked.push(path)
      return path === '/__mock/changes'
        ? Promise.resolve(new Response(null, { status: 404 }))
        : at(input, init)
    }
    try {
      const api = await connectToServer(
        { basePath: '/api', controlPath: '/__mock' },
        older,
      )
      await at('/api/loans', {
        headers: { Authorization: 'Bearer librarian-token' },
      })
      asked.length = 0
      await vi.advanceTimersByTimeAsync(1_000)
      await vi.waitFor(() =>
        expect(api.journal.list().at(-1)?.path).toBe('/api/loans'),
      )
      expect(asked).toContain('/__mock/state')
    } finally {
      vi.useRealTimers()
    }
  })
})
