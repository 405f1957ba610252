import { describe, expect, it } from 'vitest'
import { createRandom } from '../random.ts'
import { newId } from './new-id.ts'

const UUID_V4 =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('a new id', () => {
  it('is the next integer for integer ids, whatever the random source says', () => {
    expect(newId('integer', 7, () => 0.5)).toBe(7)
  })

  it('is a version 4 UUID for uuid ids', () => {
    const random = createRandom(1)
    for (let i = 0; i < 50; i++)
      expect(newId('uuid', i, () => random.next())).toMatch(UUID_V4)
  })

  it('is twelve hex digits for string ids', () => {
    expect(newId('string', 1, () => 0.99)).toBe('ffffffffffff')
    expect(newId('string', 1, () => 0)).toBe('000000000000')
  })

  it('is the same for the same seed, so a reset gives the same ids', () => {
    const ids = (seed: number) => {
      const random = createRandom(seed)
      return [1, 2, 3].map((n) => newId('uuid', n, () => random.next()))
    }
    expect(ids(42)).toEqual(ids(42))
    expect(ids(42)).not.toEqual(ids(43))
  })
})
