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

  it('knows common irregular plurals, in the last word of a compound name too', () => {
    expect(
      [
        'shelves',
        'bookShelves',
        'people',
        'statuses',
        'order_statuses',
        'indices',
        'archives',
        'children',
        'Analyses',
      ].map(singularOf),
    ).toEqual([
      'shelf',
      'bookShelf',
      'person',
      'status',
      'order_status',
      'index',
      'archive',
      'child',
      'Analysis',
    ])
  })
})
