import { describe, expect, it } from 'vitest'
import { requestIdOf } from './request-id.ts'

describe('requestIdOf', () => {
  it('writes the number in base 36, padded to six digits, past every padding length', () => {
    const cases: [number, string][] = [
      [1, 'req-000001'],
      [35, 'req-00000z'],
      [36, 'req-000010'],
      [36 ** 5 - 1, 'req-0zzzzz'],
      [36 ** 5, 'req-100000'],
      [36 ** 6 - 1, 'req-zzzzzz'],
      [36 ** 6, 'req-1000000'],
    ]
    for (const [n, id] of cases) expect(requestIdOf(n)).toBe(id)
  })
})
