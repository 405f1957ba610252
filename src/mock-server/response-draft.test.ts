import { describe, expect, it } from 'vitest'
import { recordName, sameName, withHeaders } from './response-draft.ts'

describe('header names in a draft', () => {
  it('are the same in any case of their letters, and only of their letters', () => {
    expect(sameName('Content-Type', 'content-type')).toBe(true)
    expect(sameName('ETAG', 'ETag')).toBe(true)
    expect(sameName('x-a', 'x-b')).toBe(false)
    expect(sameName('vary', 'vary ')).toBe(false)
    // '[' and '{', '@' and '`' differ by the case bit, but are not letters.
    expect(sameName('x[', 'x{')).toBe(false)
    expect(sameName('@a', '`a')).toBe(false)
  })

  it('are found as the record spells them', () => {
    const record = { 'content-type': 'text/plain', ETag: '"a"' }
    expect(recordName(record, 'Content-Type')).toBe('content-type')
    expect(recordName(record, 'ETag')).toBe('ETag')
    expect(recordName(record, 'Vary')).toBeUndefined()
  })

  it('replace a header of the same name in any case, keeping the order', () => {
    expect(
      withHeaders(
        { 'cache-control': 'no-store', ETag: '"a"', 'content-type': 'x' },
        { 'Cache-Control': 'private', 'content-type': 'y' },
      ),
    ).toEqual({ ETag: '"a"', 'Cache-Control': 'private', 'content-type': 'y' })
    expect(
      Object.keys(
        withHeaders(
          { 'cache-control': 'no-store', ETag: '"a"' },
          { 'Cache-Control': 'private' },
        ),
      ),
    ).toEqual(['ETag', 'Cache-Control'])
  })
})
