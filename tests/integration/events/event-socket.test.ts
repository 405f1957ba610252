import { CloudEvent } from 'cloudevents'
import { afterEach, describe, expect, test } from 'vitest'
import { WebSocket as WsClient } from 'ws'
import type { CloudEventJson } from '../../../src/mock-server/store/state-event.ts'
import { setupMockServer } from '../../../src/msw/node.ts'
import {
  startServer,
  type RunningServer,
} from '../../../src/server/start-server.ts'
import { gardenApi } from './garden-api.ts'

const admin = { Authorization: 'Bearer admin-token' }

let cleanups: (() => Promise<unknown> | unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

async function serve() {
  const running: RunningServer = await startServer({
    port: 0,
    api: gardenApi,
    basePath: '/api',
    shutdownGraceMs: 100,
  })
  cleanups.push(() => running.close())
  return running
}

/** A WebSocket (Node's own, or msw's stand-in for it) read message by message. */
function consume(socket: WebSocket) {
  const got: string[] = []
  const waiters: (() => void)[] = []
  let closed: { code: number; reason: string } | null = null
  socket.addEventListener('message', (message) => {
    const { id, event, data } = JSON.parse(String(message.data)) as {
      id: string
      event: string
      data: CloudEventJson
    }
    new CloudEvent({ ...data }, true).validate()
    expect(event).toBe(data.type)
    got.push(`${id} ${data.type} ${data.subject}`)
    waiters.splice(0).forEach((wake) => wake())
  })
  socket.addEventListener('close', (event) => {
    closed = { code: event.code, reason: event.reason }
    waiters.splice(0).forEach((wake) => wake())
  })
  cleanups.push(() => socket.close())
  return {
    got,
    opened: new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve())
      socket.addEventListener('error', () => reject(new Error('no socket')))
    }),
    /** Resolves once `count` events have come (or the socket closed). */
    async until(count: number) {
      while (got.length < count && closed === null)
        await new Promise<void>((resolve) => waiters.push(resolve))
      return got.slice(0, count)
    },
    async closed() {
      while (closed === null)
        await new Promise<void>((resolve) => waiters.push(resolve))
      return closed
    },
  }
}

const post = (origin: string, path: string, body: unknown = {}) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { ...admin, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => expect(response.status).toBeLessThan(300))

/** What a refused handshake answered: the `ws` package shows the HTTP answer. */
function refusal(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const client = new WsClient(url, { headers })
    client.on('open', () => reject(new Error('the upgrade was accepted')))
    client.on('unexpected-response', (_request, response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body }),
      )
    })
    client.on('error', () => {})
  })
}

describe('<base>/events over a WebSocket on serve', () => {
  test("Node's WebSocket receives the events of a change made over REST, as the stream does", async () => {
    const running = await serve()
    const ws = `${running.url.replace('http', 'ws')}/api/events`
    const socket = consume(new WebSocket(`${ws}?access_token=ann-token`))
    await socket.opened
    await post(running.url, '/api/plants/1/harvest')
    expect(await socket.until(2)).toEqual([
      '1 plants.harvest /api/plants/1',
      '2 beds.updated /api/beds/1',
    ])
    // Ann owns gardener 1's rows only: plant 2 (gardener 2) never reaches her socket.
    await post(running.url, '/api/plants/2/harvest')
    await post(running.url, '/api/plants', {
      name: 'Basil',
      bedId: 1,
      gardenerId: 1,
    })
    expect(await socket.until(3)).toContain('5 plants.created /api/plants/3')
  })

  test('filters by ?types= and ?subject=, and resumes from ?last_event_id= or a first message', async () => {
    const running = await serve()
    const ws = `${running.url.replace('http', 'ws')}/api/events?access_token=admin-token`
    await post(running.url, '/api/plants/1/harvest') // 1, 2
    await post(running.url, '/api/plants/2/harvest') // 3, 4
    const byQuery = consume(
      new WebSocket(`${ws}&last_event_id=1&types=plants.harvest,beds.updated`),
    )
    expect(await byQuery.until(3)).toEqual([
      '2 beds.updated /api/beds/1',
      '3 plants.harvest /api/plants/2',
      '4 beds.updated /api/beds/2',
    ])
    const bySubject = new WebSocket(`${ws}&subject=/api/plants`)
    const byMessage = consume(bySubject)
    await byMessage.opened
    bySubject.send(JSON.stringify({ lastEventId: '0' }))
    expect(await byMessage.until(2)).toEqual([
      '1 plants.harvest /api/plants/1',
      '3 plants.harvest /api/plants/2',
    ])
    // Live after the resend, nothing twice.
    await post(running.url, '/api/plants/1/harvest').catch(() => {})
    await post(running.url, '/api/plants', {
      name: 'Leek',
      bedId: 1,
      gardenerId: 1,
    })
    expect(await byMessage.until(3)).toEqual([
      '1 plants.harvest /api/plants/1',
      '3 plants.harvest /api/plants/2',
      '5 plants.created /api/plants/3',
    ])
  })

  test('a first message that is not a resume point closes the socket with 4400', async () => {
    const running = await serve()
    const raw = new WebSocket(
      `${running.url.replace('http', 'ws')}/api/events?access_token=admin-token`,
    )
    const socket = consume(raw)
    await socket.opened
    raw.send('hello')
    const closed = await socket.closed()
    expect(closed.code).toBe(4400)
    expect(closed.reason).toMatch(/lastEventId/)
  })

  test('a handshake is refused as the stream would be: a bad filter, a bad token, a foreign origin or Host', async () => {
    const running = await serve()
    const ws = `${running.url.replace('http', 'ws')}/api/events`
    const badFilter = await refusal(`${ws}?types=plants`, admin)
    expect(badFilter.status).toBe(400)
    expect(JSON.parse(badFilter.body)).toMatchObject({
      errors: [expect.objectContaining({ field: 'types' })],
    })
    expect((await refusal(`${ws}?access_token=nobody`)).status).toBe(401)
    const foreign = await refusal(ws, {
      ...admin,
      Origin: 'http://evil.example',
    })
    expect(foreign.status).toBe(403)
    const rebound = await refusal(ws, { ...admin, Host: 'evil.example' })
    expect(rebound.status).toBe(403)
    expect(rebound.body).toMatch(/DNS rebinding/)
    // Only <base>/events upgrades.
    expect(
      (await refusal(`${running.url.replace('http', 'ws')}/api/plants`, admin))
        .status,
    ).toBe(404)
  })

  test('events faults reach the socket: a duplicate twice, a disconnect closes it (1012) and a consumer back without resuming is judged', async () => {
    const running = await serve()
    const ws = `${running.url.replace('http', 'ws')}/api/events?access_token=admin-token&types=plants.harvest`
    const fault = (effect: object) =>
      post(running.url, '/__mock/faults', {
        target: 'events',
        effect,
        times: 1,
      })
    const socket = consume(new WebSocket(ws))
    await socket.opened
    await fault({ kind: 'duplicate' })
    await post(running.url, '/api/plants/1/harvest') // 1 (twice), 2
    expect(await socket.until(2)).toEqual([
      '1 plants.harvest /api/plants/1',
      '1 plants.harvest /api/plants/1',
    ])
    await fault({ kind: 'disconnect' })
    await post(running.url, '/api/plants/2/harvest') // 3 closes it
    const closed = await socket.closed()
    expect(closed.code).toBe(1012)
    const verdicts = async () =>
      (
        (await (await fetch(`${running.url}/__mock/operations`)).json()) as {
          eventVerdicts: { id: string; channel: string }[]
        }
      ).eventVerdicts
    // Back with the id it had: event 3 is resent, no verdict.
    const resumed = consume(new WebSocket(`${ws}&last_event_id=1`))
    expect(await resumed.until(1)).toEqual(['3 plants.harvest /api/plants/2'])
    expect(await verdicts()).toEqual([])
    await post(running.url, '/api/plants', {
      name: 'Leek',
      bedId: 1,
      gardenerId: 1,
    })
    // The fault takes the next event announced: plant 3's harvest.
    await fault({ kind: 'disconnect' })
    await post(running.url, '/api/plants/3/harvest')
    expect((await resumed.closed()).code).toBe(1012)
    // Back without a resume point: the next event it gets is a live one.
    const naive = consume(new WebSocket(ws))
    await naive.opened
    await post(running.url, '/api/plants', {
      name: 'Kale',
      bedId: 1,
      gardenerId: 1,
    })
    await post(running.url, '/api/plants/4/harvest')
    expect(await naive.until(1)).toEqual(['9 plants.harvest /api/plants/4'])
    expect(await verdicts()).toEqual([
      expect.objectContaining({
        id: 'reconnected-without-last-event-id',
        channel: 'websocket',
      }),
    ])
  })

  test('closing the server closes its sockets (1001)', async () => {
    const running = await serve()
    const socket = consume(
      new WebSocket(
        `${running.url.replace('http', 'ws')}/api/events?access_token=admin-token`,
      ),
    )
    await socket.opened
    await running.close()
    expect((await socket.closed()).code).toBe(1001)
  })
})

describe("<base>/events over msw's ws under setupServer", () => {
  test('the global WebSocket receives the events; a refused handshake closes with 4000 + status', async () => {
    const { server } = setupMockServer({ api: gardenApi, basePath: '/api' })
    server.listen({ onUnhandledFrame: 'error' })
    cleanups.push(() => server.close())
    const socket = consume(
      new WebSocket('ws://localhost/api/events?access_token=admin-token'),
    )
    await socket.opened
    await post('http://localhost', '/api/plants/1/harvest')
    expect(await socket.until(2)).toEqual([
      '1 plants.harvest /api/plants/1',
      '2 beds.updated /api/beds/1',
    ])
    const resumed = consume(
      new WebSocket(
        'ws://localhost/api/events?access_token=admin-token&last_event_id=1',
      ),
    )
    expect(await resumed.until(1)).toEqual(['2 beds.updated /api/beds/1'])
    const refused = consume(
      new WebSocket('ws://localhost/api/events?access_token=nobody'),
    )
    const closed = await refused.closed()
    expect(closed.code).toBe(4401)
  })
})
