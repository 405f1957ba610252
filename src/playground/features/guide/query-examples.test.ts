import { describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '../../../index.ts'
import { library } from '../../../../examples/own-api/library.ts'
import { hotelApi } from '../../../../tests/fixtures/hotel/hotel-api.ts'
import { queryExamples } from './query-examples.ts'

describe('query examples from a description', () => {
  it('takes a declared enum filter, a range and a sort from the hotel’s bookings', () => {
    expect(
      queryExamples(createOpenApiDocument({ api: hotelApi, basePath: '/api' })),
    ).toEqual({
      collection: '/api/bookings',
      filter: 'status=held,confirmed',
      range: 'roomId[gte]=2',
      sort: 'sort=status,-id',
    })
  })

  it('names only what the library declares', () => {
    const examples = queryExamples(createOpenApiDocument({ api: library }))
    expect(examples).not.toBeNull()
    expect(JSON.stringify(examples)).not.toMatch(
      /order|payment|pending|paid|total/,
    )
  })

  it('gives nothing until a description is known', () => {
    expect(queryExamples(undefined)).toBeNull()
    expect(queryExamples({ paths: {} })).toBeNull()
  })
})
