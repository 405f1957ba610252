import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMockApi, defineApi, defineResource } from '../../../src/index.ts'
import { seedDrawnOnFirstRead } from '../../../src/mock-server/declare/seed-rows.ts'
import { createOpenApiMock } from '../../../src/openapi-import/index.ts'

/** Two collections of records with generated seeds: `/rooms` and `/guests`. */
function description() {
  const json = (schema: unknown) => ({ 'application/json': { schema } })
  const paths: Record<string, unknown> = {}
  const schemas: Record<string, unknown> = {}
  for (const [name, schema] of [
    ['rooms', 'Room'],
    ['guests', 'Guest'],
  ] as const) {
    const ref = { $ref: `#/components/schemas/${schema}` }
    schemas[schema] = {
      type: 'object',
      required: ['id', 'name', 'floor'],
      properties: {
        id: { type: 'integer', readOnly: true },
        name: { type: 'string', minLength: 3, maxLength: 20 },
        floor: { type: 'integer', minimum: 1, maximum: 9 },
      },
    }
    paths[`/${name}`] = {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: json({ type: 'array', items: ref }),
          },
        },
      },
      post: {
        requestBody: { content: json(ref) },
        responses: { '201': { description: 'created', content: json(ref) } },
      },
    }
    paths[`/${name}/{id}`] = {
      get: {
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'integer' },
          },
        ],
        responses: { '200': { description: 'ok', content: json(ref) } },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Hotel', version: '1' },
    servers: [{ url: '/api' }],
    paths,
    components: { schemas },
  }
}

const read = async (
  api: { fetch(r: Request): Promise<Response> },
  path: string,
) => (await api.fetch(new Request(`http://localhost/api${path}`))).json()

describe("an imported description's seed rows, drawn when a table is first read", () => {
  it('are the same rows whichever table a client reads first, and on every reset', async () => {
    const first = createOpenApiMock({ openapi: description() })
    const rooms = await read(first, '/rooms')
    const guests = await read(first, '/guests')

    const second = createOpenApiMock({ openapi: description() })
    expect(await read(second, '/guests')).toEqual(guests)
    expect(await read(second, '/rooms')).toEqual(rooms)

    expect(rooms).toHaveLength(10)
    for (const room of rooms as { name: string; floor: number }[]) {
      expect(room.name.length).toBeGreaterThanOrEqual(3)
      expect(room.floor).toBeGreaterThanOrEqual(1)
      expect(room.floor).toBeLessThanOrEqual(9)
    }
    first.reset()
    expect(await read(first, '/guests')).toEqual(guests)
  })

  it('are in a snapshot taken before any read, with writes beside them', async () => {
    const api = createOpenApiMock({ openapi: description() })
    const created = await api.fetch(
      new Request('http://localhost/api/guests', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Ada Lovelace', floor: 3 }),
      }),
    )
    expect(created.status).toBe(201)
    const snapshot = api.state.snapshot() as Record<string, unknown[]>
    expect(snapshot.rooms).toHaveLength(10)
    expect(snapshot.guests).toHaveLength(11)
    expect(snapshot.guests!.at(-1)).toMatchObject({
      id: 11,
      name: 'Ada Lovelace',
    })
  })
})

describe('a seed drawn on first read (the engine)', () => {
  it('is drawn by the first request that reads its table, once, and never by the API description', async () => {
    let draws = 0
    const notes = defineResource({
      schema: z.object({ id: z.number().int(), title: z.string() }),
      seed: seedDrawnOnFirstRead(() => {
        draws += 1
        return [{ title: 'first' }, { title: 'second' }]
      }),
    })
    const tags = defineResource({
      schema: z.object({ id: z.number().int(), label: z.string() }),
      seed: [{ label: 'red' }],
    })
    const declaration = defineApi({
      name: 'notes',
      auth: false,
      resources: { notes, tags },
    })
    const api = createMockApi({ api: declaration })
    expect(draws).toBe(0)

    const description = await read(api, '/openapi.json')
    expect(description.paths['/api/notes']).toBeDefined()
    expect(await read(api, '/tags')).toMatchObject({ total: 1 })
    expect(draws).toBe(0)

    expect(await read(api, '/notes')).toMatchObject({
      items: [
        { id: 1, title: 'first' },
        { id: 2, title: 'second' },
      ],
    })
    expect(draws).toBe(1)

    // A second instance and a reset share the rows already drawn for this random seed.
    api.reset()
    const other = createMockApi({ api: declaration })
    expect(await read(other, '/notes/2')).toMatchObject({ title: 'second' })
    expect(draws).toBe(1)
  })
})
