import { Parser } from '@asyncapi/parser'
import Ajv2020 from 'ajv/dist/2020.js'
import { afterEach, describe, expect, test } from 'vitest'
import { createMockApi } from '../../../src/mock-server/index.ts'
import type { CloudEventJson } from '../../../src/mock-server/store/state-event.ts'
import {
  startServer,
  type RunningServer,
} from '../../../src/server/start-server.ts'
import { sseReader } from '../../support/sse-frames.ts'
import { gardenApi } from './garden-api.ts'

type Doc = {
  asyncapi: string
  servers: Record<string, { host: string; protocol: string; pathname?: string }>
  channels: Record<string, { messages: Record<string, { $ref: string }> }>
  operations: Record<string, { action: string }>
  components: {
    schemas: Record<string, unknown>
    messages: Record<string, { name: string; payload: unknown }>
  }
}

let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** Errors and warnings of @asyncapi/parser for a document. */
async function problems(doc: unknown) {
  const { document, diagnostics } = await new Parser().parse(
    JSON.stringify(doc),
  )
  return {
    parsed: document !== undefined,
    found: diagnostics
      .filter((d) => d.severity <= 1)
      .map((d) => `${d.path.join('.')}: ${d.message}`),
  }
}

const TYPES = [
  'beds.created',
  'beds.updated',
  'beds.deleted',
  'plants.created',
  'plants.updated',
  'plants.deleted',
  'plants.harvest',
]

describe('<base>/asyncapi.json', () => {
  test('is an AsyncAPI 3.0 document @asyncapi/parser finds no error or warning in, on the host it was reached at', async () => {
    running = await startServer({
      port: 0,
      api: gardenApi,
      basePath: '/api',
      shutdownGraceMs: 100,
    })
    const response = await fetch(`${running.url}/api/asyncapi.json`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    const doc = (await response.json()) as Doc
    expect(doc.asyncapi).toBe('3.0.0')
    expect(await problems(doc)).toEqual({ parsed: true, found: [] })
    const host = new URL(running.url).host
    expect(doc.servers.http).toMatchObject({
      host,
      protocol: 'http',
      pathname: '/api',
    })
    expect(doc.servers.ws).toMatchObject({ host, protocol: 'ws' })
    // The check can fail: a document broken on purpose is refused.
    const broken = structuredClone(doc)
    broken.operations.sendStreamEvents!.action = 'emit'
    expect((await problems(broken)).found).not.toEqual([])
  }, 60_000)

  test("names every event type on the stream, the socket and the webhooks, each payload with its resource's schema as data", async () => {
    const api = createMockApi({ api: gardenApi, basePath: '/api' })
    const doc = (await (
      await api.fetch(new Request('http://localhost/api/asyncapi.json'))
    ).json()) as Doc
    for (const channel of ['stream', 'socket', 'webhooks']) {
      const names = Object.values(doc.channels[channel]!.messages).map(
        (message) =>
          doc.components.messages[message.$ref.split('/').at(-1)!]!.name,
      )
      // notes declares `events: false`: none of its changes are events.
      expect(names.filter((name) => name !== 'resume').sort()).toEqual(
        [...TYPES].sort(),
      )
    }
    expect(doc.components.messages.plantsHarvest!.payload).toEqual({
      $ref: '#/components/schemas/PlantsHarvestEvent',
    })
    expect(JSON.stringify(doc.components.schemas.PlantsHarvestEvent)).toContain(
      '"data":{"$ref":"#/components/schemas/Plant"}',
    )
  })

  test('a real event, as the stream sends it, matches its message payload; one with the wrong data does not', async () => {
    const api = createMockApi({ api: gardenApi, basePath: '/api' })
    const doc = (await (
      await api.fetch(new Request('http://localhost/api/asyncapi.json'))
    ).json()) as Doc
    const stream = await api.fetch(
      new Request('http://localhost/api/events', {
        headers: { Authorization: 'Bearer admin-token' },
      }),
    )
    const reader = sseReader(stream.body!)
    await api.fetch(
      new Request('http://localhost/api/plants/1/harvest', {
        method: 'POST',
        headers: {
          Authorization: 'Bearer admin-token',
          'Content-Type': 'application/json',
        },
        body: '{}',
      }),
    )
    const event = JSON.parse(
      (await reader.nextEvent())!.data!,
    ) as CloudEventJson
    await reader.cancel()
    expect(event.type).toBe('plants.harvest')
    const ajv = new Ajv2020({ strict: false })
    ajv.addSchema({
      $id: 'doc',
      components: doc.components,
    })
    const validate = ajv.compile({
      $ref: 'doc#/components/schemas/PlantsHarvestEvent',
    })
    expect(validate(event), JSON.stringify(validate.errors)).toBe(true)
    expect(validate({ ...event, type: 'plants.created' })).toBe(false)
    expect(validate({ ...event, data: { ...event.data, status: 7 } })).toBe(
      false,
    )
  })
})

describe("the OpenAPI description's webhooks", () => {
  test('list every event type as the signed POST an endpoint receives', async () => {
    const api = createMockApi({ api: gardenApi, basePath: '/api' })
    const doc = (await (
      await api.fetch(new Request('http://localhost/api/openapi.json'))
    ).json()) as {
      webhooks: Record<
        string,
        {
          post: {
            parameters: { name: string }[]
            requestBody: {
              content: Record<string, { schema: { $ref: string } }>
            }
          }
        }
      >
    }
    expect(Object.keys(doc.webhooks).sort()).toEqual([...TYPES].sort())
    const harvest = doc.webhooks['plants.harvest']!.post
    expect(harvest.parameters.map((p) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ])
    expect(harvest.requestBody.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/PlantsHarvestEvent',
    })
  })
})
