import { CloudEvent } from 'cloudevents'
import { EventSource } from 'eventsource'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { CloudEventJson } from '../../../src/mock-server/store/state-event.ts'
import { PostgresStore } from '../../../src/server/postgres-store.ts'
import {
  startServer,
  type RunningServer,
} from '../../../src/server/start-server.ts'
import {
  sharedDatabase,
  startSharedPostgres,
} from '../../support/shared-postgres.ts'
import { gardenApi } from '../events/garden-api.ts'
import { findPostgresBin } from './postgres-cluster.ts'

const bin = findPostgresBin()
const admin = {
  Authorization: 'Bearer admin-token',
  'Content-Type': 'application/json',
}

/** One replica: a mock on the shared database, served over HTTP. */
async function replica(url: string) {
  return startServer({
    api: gardenApi,
    basePath: '/api',
    store: await PostgresStore.open(url),
    port: 0,
    shutdownGraceMs: 100,
  })
}

/** The events an `EventSource` on `base` receives, each checked by the CloudEvents SDK. */
function consume(base: string) {
  const source = new EventSource(`${base}/api/events?access_token=admin-token`)
  const got: { id: number; type: string; subject: string }[] = []
  let waiting: (() => void) | null = null
  for (const type of ['plants.created', 'plants.harvest', 'beds.updated'])
    source.addEventListener(type, (message) => {
      const event = JSON.parse(message.data) as CloudEventJson
      new CloudEvent({ ...event }, true).validate()
      got.push({
        id: Number(message.lastEventId),
        type,
        subject: event.subject,
      })
      waiting?.()
    })
  const opened = new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve()
    source.onerror = (error) => reject(new Error(error.message))
  })
  return {
    source,
    got,
    opened,
    async until(count: number) {
      while (got.length < count)
        await new Promise<void>((resolve) => (waiting = resolve))
    },
  }
}

describe.skipIf(!bin)('state events across two replicas on PostgreSQL', () => {
  beforeAll(startSharedPostgres, 60_000)
  const running: RunningServer[] = []
  const sources: EventSource[] = []
  afterEach(async () => {
    for (const source of sources.splice(0)) source.close()
    await Promise.all(running.splice(0).map((server) => server.close()))
  })

  test('a change made on one replica is delivered by the other, once, in the one order both share', async () => {
    const { url } = await sharedDatabase('events')
    const a = await replica(url)
    const b = await replica(url)
    running.push(a, b)
    const onA = consume(a.url)
    const onB = consume(b.url)
    sources.push(onA.source, onB.source)
    await Promise.all([onA.opened, onB.opened])

    const post = async (server: RunningServer, path: string, body = {}) => {
      const response = await fetch(`${server.url}/api${path}`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify(body),
      })
      expect(response.status).toBeLessThan(300)
    }
    await post(a, '/plants/1/harvest') // 1, 2 on A
    await post(b, '/plants', { name: 'Basil', bedId: 2, gardenerId: 2 }) // 3 on B
    await post(a, '/plants/2/harvest') // 4, 5 on A
    await post(b, '/plants/3/harvest') // 6, 7 on B

    await Promise.all([onA.until(7), onB.until(7)])
    const expected = [
      { id: 1, type: 'plants.harvest', subject: '/api/plants/1' },
      { id: 2, type: 'beds.updated', subject: '/api/beds/1' },
      { id: 3, type: 'plants.created', subject: '/api/plants/3' },
      { id: 4, type: 'plants.harvest', subject: '/api/plants/2' },
      { id: 5, type: 'beds.updated', subject: '/api/beds/2' },
      { id: 6, type: 'plants.harvest', subject: '/api/plants/3' },
      { id: 7, type: 'beds.updated', subject: '/api/beds/2' },
    ]
    expect(onB.got).toEqual(expected)
    expect(onA.got).toEqual(expected)
    // Nothing more comes: each was delivered once.
    await post(a, '/plants', { name: 'Leek', bedId: 1, gardenerId: 1 }) // 8
    await Promise.all([onA.until(8), onB.until(8)])
    expect(onB.got.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(onA.got.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })
})
