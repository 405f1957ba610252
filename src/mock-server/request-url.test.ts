import fc from 'fast-check'
import { expect, it } from 'vitest'
import { plainPathAndQuery } from './request-url.ts'

// Characters a request target may carry, the awkward ones (escapes, dots, quotes, brackets) weighted in.
const piece = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ...'/?#%.\'"<>`{}[]|\\^ @:;=&+,$!*()~_-aZ09é'.split(''),
        '%2e',
        '%2E',
        '..',
        '/./',
        '/../',
        '%20',
      ),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''))

it('reads the path and query exactly as the URL parser does, or declines', () => {
  let plain = 0
  fc.assert(
    fc.property(
      fc.constantFrom('http://', 'https://', 'HTTP://'),
      fc.constantFrom('127.0.0.1:8080', 'hypermock.test', 'Example.COM', 'a@b'),
      piece,
      (scheme, host, rest) => {
        const href = `${scheme}${host}/${rest}`
        let url: URL
        try {
          url = new URL(href)
        } catch {
          expect(plainPathAndQuery(href)).toBeNull()
          return
        }
        const read = plainPathAndQuery(href)
        if (read === null) return
        plain += 1
        expect(read).toEqual({ path: url.pathname, search: url.search })
      },
    ),
    { numRuns: 3_000 },
  )
  // The check above means something only if plain URLs come up often.
  expect(plain).toBeGreaterThan(300)
})

it('reads the URLs requests usually have', () => {
  expect(plainPathAndQuery('http://127.0.0.1:3000/api/orders/1')).toEqual({
    path: '/api/orders/1',
    search: '',
  })
  expect(
    plainPathAndQuery(
      'http://localhost/api/orders?status=paid,pending&total[gte]=5',
    ),
  ).toBeNull() // brackets: the parser keeps them, but the fast path leaves them to it
  expect(
    plainPathAndQuery('http://localhost/api/orders?status=paid&page=2'),
  ).toEqual({ path: '/api/orders', search: '?status=paid&page=2' })
  expect(plainPathAndQuery('http://localhost/api/../__mock/reset')).toBeNull()
  expect(plainPathAndQuery('http://localhost/api/%2e%2e/x')).toBeNull()
})
