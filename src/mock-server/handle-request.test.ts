import { describe, expect, it } from 'vitest'
import { createMockApi } from '../index.ts'
import { answerOf } from './handle-request.ts'

const order1 = () =>
  new Request('http://localhost/api/orders/1', {
    headers: { Authorization: 'Bearer customer-1-token' },
  })

describe('answerOf: the handler behind an instance’s fetch', () => {
  it('answers a read at once, journaled, with the same answer fetch gives', async () => {
    const api = createMockApi()
    const answer = answerOf(api.fetch)!
    const response = answer(order1())
    expect(response).toBeInstanceOf(Response)
    const now = response as Response
    expect(now.status).toBe(200)
    expect(now.headers.get('ETag')).toBe('"order-1-v1"')
    expect(now.headers.get('Cache-Control')).toBe('private, no-cache')
    // The rate limit's headers, set after the stages behind it answered.
    expect(now.headers.get('RateLimit')).toMatch(/^"default";r=\d+;t=\d+$/)
    expect(api.journal.list().at(-1)).toMatchObject({
      method: 'GET',
      path: '/api/orders/1',
      status: 200,
    })
    const fetched = await api.fetch(order1())
    expect(await now.text()).toBe(await fetched.text())
  })

  it('hands back a promise when a stage waits, and the same answer', async () => {
    const waits: number[] = []
    const api = createMockApi({
      config: { latencyMs: 20 },
      sleep: async (ms) => {
        waits.push(ms)
      },
    })
    const pending = answerOf(api.fetch)!(order1())
    expect(pending).toBeInstanceOf(Promise)
    const response = await pending
    expect(response.status).toBe(200)
    expect(waits).toEqual([20])
  })

  it('answers a failure at once as the one 500, never a throw', async () => {
    const errors: unknown[] = []
    const api = createMockApi({
      now: () => Number.NaN,
      onUnhandledError: (error) => errors.push(error),
    })
    const response = answerOf(api.fetch)!(order1())
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).status).toBe(500)
    expect(errors).toHaveLength(1)
  })

  it('knows no fetch it did not make', () => {
    const api = createMockApi()
    expect(answerOf((request) => api.fetch(request))).toBeUndefined()
  })
})
