import { describe, expect, it } from 'vitest'
import { samplePattern } from './sample-pattern.ts'

const seeded = (seed: number) => () => {
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
}

describe('samplePattern', () => {
  it.each([
    '^/v1/file_links',
    '^/v1/tax/transactions/[^/]+/line_items',
    '^tunnel_[a-z0-9]{32}$',
    '^[A-Za-z0-9_.-]+$',
    '^[0-9a-fA-F]+$',
    '^\\d{3}-\\d{2,4}$',
    '^refs/',
  ])('draws a string %s accepts', (pattern) => {
    const random = seeded(7)
    for (let i = 0; i < 20; i++) {
      const drawn = samplePattern(pattern, random)
      expect(drawn).toBeDefined()
      expect(new RegExp(pattern, 'u').test(drawn!)).toBe(true)
    }
  })

  it('leaves groups and alternation to the caller', () => {
    expect(
      samplePattern('^(?:first|last|after:\\d+)$', seeded(1)),
    ).toBeUndefined()
    expect(samplePattern('^ssh-(rsa|dss) ', seeded(1))).toBeUndefined()
  })
})
