import { describe, expect, it } from 'vitest'
import { createMockApi, defineApi, type MockApi } from '../index.ts'
import { notesApi } from '../../tests/integration/conventions/notes-api.ts'
import { gardenApi } from '../../tests/integration/events/garden-api.ts'
import { mockHandle, type ControlTransport } from './mock-handle.ts'

/** The control API of an instance, as the fixture reaches a server's: real requests and answers. */
const overFetch =
  (api: { fetch(request: Request): Promise<Response> }): ControlTransport =>
  async (method, path, body) => {
    const response = await api.fetch(
      new Request(`http://localhost/__mock${path}`, {
        method,
        ...(body !== undefined && {
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      }),
    )
    return { status: response.status, text: await response.text() }
  }

const notes = defineApi({
  ...notesApi,
  scenarios: [
    {
      id: 'slow-notes',
      title: 'Slow notes',
      description: 'Every note answers after a while, and ideas not at all.',
      token: 'reader-token',
      config: { latencyMs: 250 },
      faults: [
        {
          match: { path: '/notes/ideas' },
          effect: { kind: 'status', status: 503 },
        },
      ],
    },
  ],
})

describe('the fixture’s handle: scenarios of the loaded API', () => {
  it('lists the scenarios the served API declares, and applies one by id over the control API', async () => {
    const api = createMockApi({ api: notes })
    const mock = mockHandle<typeof notes>(overFetch(api))
    expect((await mock.scenarios()).map((s) => s.id)).toEqual(['slow-notes'])
    api.faults.add({ match: {}, effect: { kind: 'hang' } })
    const scenario = await mock.applyScenario('slow-notes')
    expect(scenario.token).toBe('reader-token')
    expect(api.config.get().latencyMs).toBe(250)
    expect(api.faults.list().map((rule) => rule.match.path)).toEqual([
      '/notes/ideas',
    ])
    await expect(mock.applyScenario('fast-notes')).rejects.toThrow(
      /"fast-notes": the API's scenarios are slow-notes\./,
    )
  })

  it('with the default API, they are the shop’s: the handle names none itself', async () => {
    const api = createMockApi() as MockApi
    const mock = mockHandle(overFetch(api))
    expect((await mock.scenarios()).map((s) => s.id)).toEqual(
      (api.declaration.scenarios ?? []).map((s) => s.id),
    )
    expect((await mock.scenarios()).length).toBeGreaterThan(0)
  })
})

describe('the fixture’s handle: the event consumers’ verdicts', () => {
  it('reads the verdict on a stream reopened without Last-Event-ID after a disconnect fault', async () => {
    const api = createMockApi({ api: gardenApi, basePath: '/api' })
    const mock = mockHandle<typeof gardenApi>(overFetch(api))
    const admin = { Authorization: 'Bearer admin-token' }
    const open = () =>
      api.fetch(new Request('http://localhost/api/events', { headers: admin }))
    await mock.faults.add({
      target: 'events',
      effect: { kind: 'disconnect' },
      times: 1,
    })
    const first = await open()
    const harvest = await api.fetch(
      new Request('http://localhost/api/plants/1/harvest', {
        method: 'POST',
        headers: { ...admin, 'Content-Type': 'application/json' },
        body: '{}',
      }),
    )
    expect(harvest.status).toBe(200)
    // The fault closed the first stream: its body ends.
    expect(await first.text()).toMatch(/^retry: /)
    expect(await mock.eventVerdicts()).toEqual([])
    const second = await open()
    await second.body!.cancel()
    expect(await mock.eventVerdicts()).toEqual([
      expect.objectContaining({
        id: 'reconnected-without-last-event-id',
        channel: 'sse',
      }),
    ])
  })
})
