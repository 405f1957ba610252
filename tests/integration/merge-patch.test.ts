import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  type OpenApiDocument,
} from '../../src/mock-server/index.ts'
import {
  contractTargets,
  recordingTargets,
  useContractTarget,
  type ContractTarget,
} from '../support/contract-target.ts'
import { expectProblem } from '../support/expect-problem.ts'
import { describedResponseErrors } from '../support/openapi-conformance.ts'
import { auth, request, type HeaderMap } from '../support/request-init.ts'

const MERGE_PATCH = 'application/merge-patch+json'

function mergePatch(body: unknown, headers: HeaderMap = {}): RequestInit {
  return {
    method: 'PATCH',
    headers: { ...headers, 'Content-Type': MERGE_PATCH },
    body: JSON.stringify(body),
  }
}

const pointers = (problem: Record<string, unknown>) =>
  (problem.errors as { pointer: string }[]).map((e) => e.pointer).sort()

describe.each([...contractTargets, ...recordingTargets()])(
  'PATCH with a JSON Merge Patch on the built-in orders over $name',
  (factory) => {
    const target = useContractTarget(factory)
    const customer = auth('customer-1-token')

    it('changes the members sent and keeps every other', async () => {
      const before = await (
        await target.fetch('/api/orders/1', request(customer))
      ).json()
      const response = await target.fetch(
        '/api/orders/1',
        mergePatch({ note: 'Ring twice' }, customer),
      )
      expect(response.status).toBe(200)
      const order = await response.json()
      expect(order).toMatchObject({
        id: 1,
        note: 'Ring twice',
        total: before.total,
        currency: before.currency,
        status: 'pending',
        customerId: 1,
        version: before.version + 1,
      })
      expect(response.headers.get('ETag')).toBe(`"order-1-v${order.version}"`)
    })

    it('removes a member sent as null', async () => {
      const response = await target.fetch(
        '/api/orders/1',
        mergePatch({ note: null }, customer),
      )
      expect(response.status).toBe(200)
      // The order's note is nullable: a removed note is stored as null.
      expect((await response.json()).note).toBeNull()
    })

    it('refuses server-set members and invalid fields in one 422, each with its pointer', async () => {
      const response = await target.fetch(
        '/api/orders/1',
        mergePatch(
          {
            id: 9,
            status: 'paid',
            customerId: 2,
            createdAt: '2020-01-01T00:00:00.000Z',
            total: -5,
            currency: 'doubloons',
          },
          customer,
        ),
      )
      const problem = await expectProblem(response, 422, 'validation-failed')
      expect(pointers(problem)).toEqual([
        '#/createdAt',
        '#/currency',
        '#/customerId',
        '#/id',
        '#/status',
        '#/total',
      ])
      const after = await (
        await target.fetch('/api/orders/1', request(customer))
      ).json()
      expect(after.status).toBe('pending')
      expect(after.version).toBe(1)
    })

    it('answers 412 for a stale If-Match and applies a current one', async () => {
      const stale = await target.fetch(
        '/api/orders/1',
        mergePatch({ note: 'x' }, { ...customer, 'If-Match': '"order-1-v0"' }),
      )
      await expectProblem(stale, 412, 'precondition-failed')
      const current = await target.fetch(
        '/api/orders/1',
        mergePatch({ note: 'x' }, { ...customer, 'If-Match': '"order-1-v1"' }),
      )
      expect(current.status).toBe(200)
    })

    it('answers 409 version-mismatch for a version the order has left', async () => {
      const response = await target.fetch(
        '/api/orders/1',
        mergePatch({ note: 'x', version: 7 }, customer),
      )
      const problem = await expectProblem(response, 409, 'version-mismatch')
      expect(problem.currentVersion).toBe(1)
    })

    it('answers 409 state-conflict on an order no longer pending, as PUT does', async () => {
      const response = await target.fetch(
        '/api/orders/2',
        mergePatch({ note: 'x' }, customer),
      )
      await expectProblem(response, 409, 'state-conflict')
    })

    it('answers 415 with Accept-Patch for a body sent as application/json', async () => {
      const response = await target.fetch('/api/orders/1', {
        method: 'PATCH',
        headers: { ...customer, 'Content-Type': 'application/json' },
        body: JSON.stringify({ note: 'x' }),
      })
      await expectProblem(response, 415, 'unsupported-media-type')
      expect(response.headers.get('Accept-Patch')).toBe(MERGE_PATCH)
    })

    it('names the merge patch type with Allow on OPTIONS and on a 405', async () => {
      const options = await target.fetch(
        '/api/orders/1',
        request(customer, 'OPTIONS'),
      )
      expect(options.status).toBe(204)
      expect(options.headers.get('Allow')).toContain('PATCH')
      expect(options.headers.get('Accept-Patch')).toBe(MERGE_PATCH)
      const refused = await target.fetch(
        '/api/orders/1',
        request(customer, 'POST'),
      )
      await expectProblem(refused, 405, 'method-not-allowed')
      expect(refused.headers.get('Accept-Patch')).toBe(MERGE_PATCH)
    })

    it('answers 405 without Accept-Patch where no PATCH is declared', async () => {
      const response = await target.fetch(
        '/api/payments/1',
        mergePatch({}, customer),
      )
      await expectProblem(response, 405, 'method-not-allowed')
      expect(response.headers.get('Accept-Patch')).toBeNull()
    })
  },
)

/** A hotel unlike the shop: string ids, no auth, nested objects, arrays and a hidden member. */
const rooms = defineResource({
  schema: z.strictObject({
    id: z.string(),
    name: z.string().min(1),
    beds: z.number().int().min(1).max(6),
    features: z.strictObject({
      view: z.enum(['sea', 'garden', 'street']),
      balcony: z.boolean().optional(),
    }),
    tags: z.array(z.string()),
    notes: z.string().optional(),
    keyCode: z.string(),
    createdAt: z.iso.datetime(),
  }),
  id: 'string',
  hidden: ['keyCode'],
  patch: true,
  seed: [
    {
      id: 'sea-1',
      name: 'Sea One',
      beds: 2,
      features: { view: 'sea', balcony: true },
      tags: ['quiet', 'corner'],
      notes: 'Faces the harbour',
      keyCode: '4711',
    },
  ],
})

const hotel = defineApi({
  name: 'Hotel',
  base: '/',
  auth: false,
  resources: { rooms },
})

describe.each(contractTargets)(
  'PATCH on a declared API over $name',
  (factory) => {
    let target: ContractTarget
    let drift: string[] = []
    beforeAll(async () => {
      // The targets' options are typed for the built-in domain; any declaration is served alike.
      target = await factory.start({ api: hotel } as never)
    })
    afterEach(() => {
      target.api.reset()
      const found = drift
      drift = []
      expect(found).toEqual([])
    })
    afterAll(() => target.close())
    const send = async (path: string, init?: RequestInit) => {
      const response = await target.fetch(path, init)
      drift.push(
        ...(await describedResponseErrors(
          target.api.basePath || '/',
          init?.method ?? 'GET',
          path,
          response.clone(),
          hotel,
        )),
      )
      return response
    }

    it('merges nested objects, replaces arrays and removes a member sent as null', async () => {
      const response = await send(
        '/rooms/sea-1',
        mergePatch({
          features: { balcony: null, view: 'garden' },
          tags: ['family'],
          notes: null,
          beds: 3,
        }),
      )
      expect(response.status).toBe(200)
      const room = await response.json()
      expect(room).toMatchObject({
        id: 'sea-1',
        name: 'Sea One',
        beds: 3,
        features: { view: 'garden' },
        tags: ['family'],
      })
      expect(room.features).not.toHaveProperty('balcony')
      expect(room).not.toHaveProperty('notes')
      expect(room).not.toHaveProperty('keyCode')
      // The hidden member is kept as stored.
      const stored = target.api.state.snapshot() as unknown as {
        rooms: Record<string, unknown>[]
      }
      expect(stored.rooms[0]).toMatchObject({
        keyCode: '4711',
      })
    })

    it('lists every invalid field of the merged room in one 422', async () => {
      const response = await send(
        '/rooms/sea-1',
        mergePatch({
          keyCode: '0000',
          name: '',
          beds: 9,
          features: { view: 'moon' },
          tags: [1],
          extra: true,
        }),
      )
      expect(response.status).toBe(422)
      const problem = await response.json()
      expect(problem.type).toBe('/problems/validation-failed')
      expect(pointers(problem)).toEqual([
        '#/beds',
        '#/extra',
        '#/features/view',
        '#/keyCode',
        '#/name',
        '#/tags/0',
      ])
    })

    it('is described: the merge patch body, its answers and Accept-Patch', async () => {
      const response = await send('/openapi.json')
      const doc = (await response.json()) as OpenApiDocument
      const operation = doc.paths['/rooms/{id}']?.patch as {
        requestBody: { content: Record<string, { schema: { $ref: string } }> }
        responses: Record<string, unknown>
      }
      expect(Object.keys(operation.requestBody.content)).toEqual([MERGE_PATCH])
      expect(operation.requestBody.content[MERGE_PATCH]?.schema.$ref).toBe(
        '#/components/schemas/RoomMergePatch',
      )
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '404', '412', '415', '422']),
      )
      const options = doc.paths['/rooms/{id}']?.options as {
        responses: { 204: { headers: Record<string, unknown> } }
      }
      expect(Object.keys(options.responses[204].headers)).toContain(
        'Accept-Patch',
      )
    })
  },
)

it('keeps a required member stored as null when a merge patch leaves it alone', async () => {
  const visits = defineResource({
    schema: z.strictObject({
      id: z.number().int(),
      note: z.string(),
      endedAt: z.iso.datetime().nullable(),
    }),
    patch: true,
    seed: [{ note: 'checked in', endedAt: null }],
  })
  const mock = createMockApi({
    api: defineApi({ name: 'Clinic', auth: false, resources: { visits } }),
  })
  const response = await mock.fetch(
    new Request('http://localhost/api/visits/1', mergePatch({ note: 'x' })),
  )
  expect(response.status, await response.clone().text()).toBe(200)
  expect(await response.json()).toMatchObject({ note: 'x', endedAt: null })
  // Sent as null, the member is removed: required, it is refused, and nothing changes.
  const removed = await mock.fetch(
    new Request('http://localhost/api/visits/1', mergePatch({ endedAt: null })),
  )
  const problem = await expectProblem(removed, 422, 'validation-failed')
  expect(pointers(problem)).toEqual(['#/endedAt'])
  expect(mock.data.visits.get(1)).toMatchObject({ note: 'x', endedAt: null })
})

describe('PATCH on a resource declared without replace', () => {
  const api = createMockApi({
    api: defineApi({
      name: 'Notes',
      base: '/',
      auth: false,
      resources: {
        notes: defineResource({
          schema: z.strictObject({
            id: z.number().int(),
            text: z.string().min(1),
            pinned: z.boolean(),
          }),
          replace: false,
          patch: true,
          seed: [{ text: 'Milk', pinned: false }],
        }),
      },
    }),
  })
  const send = (method: string, body?: unknown) =>
    api.fetch(
      new Request('http://notes.test/notes/1', {
        method,
        ...(body !== undefined && {
          headers: { 'Content-Type': MERGE_PATCH },
          body: JSON.stringify(body),
        }),
      }),
    )

  it('merges a PATCH, checked as the replace body the schema implies, and has no PUT', async () => {
    const patched = await send('PATCH', { pinned: true })
    expect(patched.status).toBe(200)
    expect(await patched.json()).toMatchObject({
      id: 1,
      text: 'Milk',
      pinned: true,
    })
    const refused = await send('PATCH', { text: '' })
    expect(refused.status).toBe(422)
    expect(pointers(await refused.json())).toEqual(['#/text'])
    const put = await send('PUT', { text: 'Eggs', pinned: false })
    expect(put.status).toBe(405)
    expect(put.headers.get('Allow')).not.toContain('PUT')
  })
})
