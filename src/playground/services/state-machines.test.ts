import { describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '../../index.ts'
import { library } from '../../../examples/own-api/library.ts'
import { readStateMachines, stateMachineFor } from './state-machines.ts'

describe('state machines from a description', () => {
  it('finds the declared lifecycle of a loan at its item path, and none elsewhere', () => {
    const description = createOpenApiDocument({ api: library })
    const loan = stateMachineFor(description, '/api/loans/3')
    expect(loan).toMatchObject({
      name: 'Loan',
      field: 'status',
      initial: 'active',
      states: ['active', 'overdue', 'returned'],
    })
    expect(loan?.transitions).toContainEqual({
      rel: 'return',
      from: 'overdue',
      to: 'returned',
    })
    expect(stateMachineFor(description, '/api/loans')).toBeUndefined()
    expect(stateMachineFor(description, '/api/loans/3/return')).toBeUndefined()
    expect(stateMachineFor(description, '/api/members/1')).toBeUndefined()
  })

  it("reads the built-in domain's order lifecycle the same way", () => {
    const order = stateMachineFor(createOpenApiDocument(), '/api/orders/1')
    expect(order?.states).toEqual(['pending', 'paid', 'cancelled'])
  })

  it('finds a lifecycle whose reads answer a +json type of their own (mediaType)', () => {
    const loans = library.resources.loans!
    const description = createOpenApiDocument({
      api: {
        ...library,
        resources: {
          ...library.resources,
          loans: { ...loans, mediaType: 'application/vnd.library+json' },
        },
      },
    })
    expect(stateMachineFor(description, '/api/loans/3')?.states).toEqual([
      'active',
      'overdue',
      'returned',
    ])
  })

  it('gives nothing for a document that is not a description', () => {
    expect(readStateMachines(null)).toEqual([])
    expect(readStateMachines({ paths: 'x' })).toEqual([])
  })
})
