import { describe, expect, test } from 'vitest'
import { asCurl, asFetch } from './copy-as.ts'

const request = {
  method: 'POST',
  path: '/api/payments',
  headers: [
    ['Authorization', 'Bearer customer-1-token'],
    ['Idempotency-Key', 'k-1'],
  ] as [string, string][],
  body: `{"amount":1999,"currency":"usd","note":"it's"}`,
}

describe('copy as', () => {
  test('curl quotes every word for the shell', () => {
    expect(asCurl(request, 'http://127.0.0.1:5173')).toBe(
      [
        `curl -i -X POST 'http://127.0.0.1:5173/api/payments'`,
        `-H 'Authorization: Bearer customer-1-token'`,
        `-H 'Idempotency-Key: k-1'`,
        `--data-raw '{"amount":1999,"currency":"usd","note":"it'\\''s"}'`,
      ].join(' \\\n  '),
    )
  })

  test('fetch carries method, headers and body', () => {
    const code = asFetch(request, 'http://127.0.0.1:5173')
    expect(
      code.startsWith('await fetch("http://127.0.0.1:5173/api/payments", '),
    ).toBe(true)
    const init = JSON.parse(code.slice(code.indexOf(', ') + 2, -1)) as unknown
    expect(init).toEqual({
      method: 'POST',
      headers: {
        Authorization: 'Bearer customer-1-token',
        'Idempotency-Key': 'k-1',
      },
      body: request.body,
    })
  })

  test('a GET has no body option', () => {
    expect(asCurl({ method: 'GET', path: '/api' }, 'http://x')).toBe(
      `curl -i -X GET 'http://x/api'`,
    )
  })
})
