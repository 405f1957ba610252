import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  createOpenApiDocument,
  defineApi,
  defineResource,
} from '../../src/index.ts'

const bookings = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    guest: z.string(),
    checkIn: z.iso.date(),
  }),
  filters: ['checkIn'],
  seed: [
    { guest: 'Ada', checkIn: '2026-11-30' },
    { guest: 'Grace', checkIn: '2026-12-01' },
    { guest: 'Alan', checkIn: '2026-12-24' },
  ],
})
const hotel = defineApi({ name: 'Hotel', resources: { bookings } })

async function list(query: string) {
  const response = await createMockApi({ api: hotel }).fetch(
    new Request(`http://localhost/api/bookings?${query}`, {
      headers: { Authorization: 'Bearer any-token' },
    }),
  )
  return { status: response.status, body: (await response.json()) as never }
}

describe('range filters on a z.iso.date() field', () => {
  it('select by calendar day, as on a date-time', async () => {
    const { status, body } = await list(
      'checkIn[gte]=2026-12-01&checkIn[lt]=2026-12-24',
    )
    expect(status).toBe(200)
    expect(
      (body as { items: { guest: string }[] }).items.map((b) => b.guest),
    ).toEqual(['Grace'])
  })

  it('refuse a value that is not a calendar day, naming the format', async () => {
    const { status, body } = await list('checkIn[gte]=2026-02-30')
    expect(status).toBe(400)
    expect(body).toMatchObject({
      errors: [
        {
          field: 'checkIn[gte]',
          message: 'must be an ISO-8601 date (YYYY-MM-DD)',
        },
      ],
    })
  })

  it('are described as date parameters', () => {
    const parameters = (
      createOpenApiDocument({ api: hotel }) as unknown as {
        paths: Record<
          string,
          { get: { parameters: { name?: string; schema?: unknown }[] } }
        >
      }
    ).paths['/api/bookings']!.get.parameters
    expect(parameters.find((p) => p.name === 'checkIn[gte]')?.schema).toEqual({
      type: 'string',
      format: 'date',
    })
  })
})
