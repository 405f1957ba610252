import { describe, expect, test } from 'vitest'
import {
  createClient,
  defaultRetryPolicy,
  type ClientOptions,
} from './index.ts'

const baseUrl = 'http://hypermock.test/api'

describe('createClient options', () => {
  test.each<[string, Partial<ClientOptions>, string]>([
    [
      'attempts 0',
      { attempts: 0 },
      'Failed to create client: attempts must be an integer ≥ 1, got 0.',
    ],
    [
      'attempts 2.5',
      { attempts: 2.5 },
      'Failed to create client: attempts must be an integer ≥ 1, got 2.5.',
    ],
    [
      'timeoutMs 0',
      { timeoutMs: 0 },
      'Failed to create client: timeoutMs must be a number of milliseconds > 0 (Infinity for none), got 0.',
    ],
    [
      'a negative backoffBaseMs',
      { backoffBaseMs: -1 },
      'Failed to create client: backoffBaseMs must be a finite number of milliseconds ≥ 0, got -1.',
    ],
    [
      'an infinite jitterMaxMs',
      { jitterMaxMs: Infinity },
      'Failed to create client: jitterMaxMs must be a finite number of milliseconds ≥ 0, got Infinity.',
    ],
    [
      'a NaN maxBackoffMs',
      { maxBackoffMs: NaN },
      'Failed to create client: maxBackoffMs must be a number of milliseconds ≥ 0 (Infinity for no limit), got NaN.',
    ],
    [
      'a maxRetryAfterMs given as a string',
      { maxRetryAfterMs: '60000' as never },
      'Failed to create client: maxRetryAfterMs must be a number of milliseconds ≥ 0 (Infinity for no limit), got 60000.',
    ],
    [
      'an empty token',
      { token: '' },
      'Failed to create client: token must be a non-empty string',
    ],
    [
      'a sleep that is not a function',
      { sleep: 5 as never },
      'Failed to create client: sleep must be a function, got number.',
    ],
  ])(
    'rejects %s with a message that says how to fix it',
    (_name, options, message) => {
      expect(() => createClient({ baseUrl, ...options })).toThrow(message)
    },
  )

  test('rejects a missing baseUrl', () => {
    expect(() => createClient({ baseUrl: '' })).toThrow(
      /baseUrl must be the API's entry point URL/,
    )
  })

  test('rejects a relative baseUrl when there is no page to resolve it against', () => {
    expect(() => createClient({ baseUrl: '/api' })).toThrow(
      'Failed to create client: baseUrl "/api" is relative and there is no page location to resolve it against. Pass an absolute URL such as "http://localhost:5173/api".',
    )
  })

  test('accepts an Infinity time-out and an absolute baseUrl', () => {
    const client = createClient({ baseUrl, timeoutMs: Infinity })
    expect(client.baseUrl).toBe(baseUrl)
  })

  test('accepts no cap (Infinity) and zero for every retry setting that allows it', () => {
    expect(() =>
      createClient({
        baseUrl,
        backoffBaseMs: 0,
        jitterMaxMs: 0,
        maxBackoffMs: Infinity,
        maxRetryAfterMs: 0,
      }),
    ).not.toThrow()
  })

  test('keeps the defaults as data', () => {
    expect(defaultRetryPolicy).toEqual({
      attempts: 5,
      timeoutMs: 5000,
      backoffBaseMs: 1000,
      jitterMaxMs: 1000,
      maxBackoffMs: 30_000,
      maxRetryAfterMs: 60_000,
    })
    expect(Object.isFrozen(defaultRetryPolicy)).toBe(true)
  })
})
