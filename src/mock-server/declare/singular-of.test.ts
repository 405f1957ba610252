import { describe, expect, it } from 'vitest'
import { singularOf } from './singular-of.ts'

describe('singularOf', () => {
  it('makes a collection name singular by the common English rules', () => {
    expect(
      [
        'books',
        'categories',
        'boxes',
        'addresses',
        'batches',
        'keys',
        'status',
      ].map(singularOf),
    ).toEqual(['book', 'category', 'box', 'address', 'batch', 'key', 'status'])
  })
})
