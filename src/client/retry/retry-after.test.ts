import { describe, expect, test } from 'vitest'
import { parseRetryAfter } from './retry-after.ts'

const now = Date.UTC(2015, 9, 21, 7, 28, 0)

describe('parseRetryAfter', () => {
  test('reads delay-seconds as milliseconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000)
    expect(parseRetryAfter('0', now)).toBe(0)
  })

  test('measures an IMF-fixdate from the injected clock', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', now)).toBe(5000)
  })

  test('accepts the obsolete RFC 850 and asctime date forms', () => {
    expect(parseRetryAfter('Wednesday, 21-Oct-15 07:28:07 GMT', now)).toBe(7000)
    expect(parseRetryAfter('Wed Oct 21 07:28:09 2015', now)).toBe(9000)
    expect(
      parseRetryAfter(
        'Sun Nov  6 08:49:37 1994',
        Date.UTC(1994, 10, 6, 8, 49, 30),
      ),
    ).toBe(7000)
  })

  test('turns a date in the past into an immediate retry', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0)
  })

  test.each([
    ['a fraction', '1.5'],
    ['a negative number', '-1'],
    ['words', 'soon'],
    ['an empty value', ''],
    ['an impossible date', 'Sat, 31 Feb 2015 07:28:05 GMT'],
    ['a date without GMT', 'Wed, 21 Oct 2015 07:28:05'],
    ['an ISO timestamp', '2015-10-21T07:28:05Z'],
  ])('rejects %s as malformed', (_name, value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined()
  })

  test('gives undefined when the header is absent', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })
})
