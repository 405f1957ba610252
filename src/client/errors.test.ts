import { describe, expect, test, vi } from 'vitest'
import {
  HttpError,
  HypermockClientError,
  MissingLinkError,
  NetworkError,
  TimeoutError,
  isHttpError,
  isHypermockClientError,
  isMissingLinkError,
  isNetworkError,
  isTimeoutError,
} from './index.ts'
import { createTestClient, hang, json, networkError } from './test-harness.ts'

const order = {
  id: 1,
  _links: {
    self: { href: '/api/orders/1' },
    cancel: { href: '/api/orders/1/cancel', method: 'POST' },
  },
}

describe('one family of errors', () => {
  test('HttpError, NetworkError, TimeoutError and MissingLinkError extend HypermockClientError', async () => {
    const { client } = createTestClient(
      [json({ type: 'about:blank' }, 404), networkError],
      { attempts: 1 },
    )
    const caught = [
      await client.get('/api/orders/9').catch((e: unknown) => e),
      await client.get('/api/orders/1').catch((e: unknown) => e),
      new TimeoutError(5000),
      await client.follow(order, 'pay').catch((e: unknown) => e),
    ]
    expect(caught.map((error) => (error as Error).name)).toEqual([
      'HttpError',
      'NetworkError',
      'TimeoutError',
      'MissingLinkError',
    ])
    for (const error of caught) {
      expect(error).toBeInstanceOf(HypermockClientError)
      expect(error).toBeInstanceOf(Error)
      expect(isHypermockClientError(error)).toBe(true)
    }
    expect(isHttpError(caught[0])).toBe(true)
    expect(isNetworkError(caught[1])).toBe(true)
    expect(isTimeoutError(caught[2])).toBe(true)
    expect(isMissingLinkError(caught[3])).toBe(true)
  })

  test('a MissingLinkError carries the relation asked for and the ones offered', async () => {
    const { client, requests } = createTestClient([])
    const error: unknown = await client
      .follow(order, 'pay')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MissingLinkError)
    expect(error).toMatchObject({ rel: 'pay', available: ['self', 'cancel'] })
    expect(requests).toHaveLength(0)
  })

  test('a 2xx body that is not JSON is a HypermockClientError caused by the parse error', async () => {
    const { client } = createTestClient([
      () =>
        new Response('<html>', { headers: { 'Content-Type': 'text/html' } }),
    ])
    const error: unknown = await client.get('/api/orders').catch((e) => e)
    expect(isHypermockClientError(error)).toBe(true)
    expect((error as Error).message).toMatch(
      /200 body is not JSON \(Content-Type: text\/html\)/,
    )
    expect((error as Error).cause).toBeInstanceOf(SyntaxError)
  })

  test('misuse is a TypeError, not a client error', async () => {
    const { client, requests } = createTestClient([])
    const error: unknown = await client
      .request('/api/orders', { json: {}, body: 'x' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect(isHypermockClientError(error)).toBe(false)
    expect(requests).toHaveLength(0)
  })

  test('the caller abort keeps its own reason', async () => {
    const { client } = createTestClient([hang])
    const controller = new AbortController()
    const pending = client.request('/api/orders', { signal: controller.signal })
    const reason = new Error('left the page')
    controller.abort(reason)
    const error: unknown = await pending.catch((e: unknown) => e)
    expect(error).toBe(reason)
    expect(isHypermockClientError(error)).toBe(false)
  })

  test('plain errors and look-alikes are not client errors', () => {
    expect(isHypermockClientError(new Error('x'))).toBe(false)
    expect(isHypermockClientError({ name: 'HypermockClientError' })).toBe(false)
    expect(isHypermockClientError(null)).toBe(false)
    expect(isHttpError(new Error('x'))).toBe(false)
  })
})

describe('realm-safe guards', () => {
  test('recognise errors made by a second copy of the module', async () => {
    vi.resetModules()
    const copy = await import('./errors.ts')
    expect(copy.HttpError).not.toBe(HttpError)
    const response = new Response(null, { status: 503 })
    const errors = {
      http: new copy.HttpError(response, null, { method: 'GET', url: '/' }),
      network: new copy.NetworkError('no response', [], { cause: null }),
      timeout: new copy.TimeoutError(100),
      link: new copy.MissingLinkError('pay', [], undefined),
    }
    expect(errors.http).not.toBeInstanceOf(HypermockClientError)
    expect(errors.network).not.toBeInstanceOf(NetworkError)
    expect(isHttpError(errors.http)).toBe(true)
    expect(isNetworkError(errors.network)).toBe(true)
    expect(isTimeoutError(errors.timeout)).toBe(true)
    expect(isMissingLinkError(errors.link)).toBe(true)
    for (const error of Object.values(errors))
      expect(isHypermockClientError(error)).toBe(true)
  })
})
