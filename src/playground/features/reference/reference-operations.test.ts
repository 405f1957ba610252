import { describe, expect, it } from 'vitest'
import { createOpenApiDocument } from '../../../index.ts'
import { readOperations } from './reference-operations.ts'

describe('readOperations', () => {
  const groups = readOperations(createOpenApiDocument())
  const find = (method: string, path: string) =>
    groups
      .flatMap((g) => g.operations)
      .find((o) => o.method === method && o.path === path)

  it('groups every operation the API serves by tag, in the description’s order', () => {
    expect(groups.map((g) => g.tag)).toEqual([
      'Root',
      'Orders',
      'Payments',
      'Transfers',
      'Accounts',
      'Customers',
      'Problems',
      'Meta',
    ])
    const count = groups.reduce((n, g) => n + g.operations.length, 0)
    // Methods described only for their 405 are not operations to try.
    const served = Object.values(createOpenApiDocument().paths).reduce(
      (n, item) =>
        n +
        Object.values(item).filter(
          (op) =>
            (op as Record<string, unknown>)['x-hypermock-not-allowed'] !== true,
        ).length,
      0,
    )
    expect(count).toBe(served)
  })

  it('prefills the console with a seeded id and the example body', () => {
    expect(find('POST', '/api/orders/{id}/payment')?.console).toEqual({
      method: 'POST',
      path: '/api/orders/1/payment',
      body: '{}',
    })
    const create = find('POST', '/api/transfers')
    expect(JSON.parse(create?.console.body ?? '')).toEqual({
      fromAccountId: 1,
      toAccountId: 3,
      amount: 2500,
      currency: 'usd',
    })
    expect(find('GET', '/api/problems/{slug}')?.console.path).toBe(
      '/api/problems/not-found',
    )
  })

  it('says which operations need no credential, and lists the statuses', () => {
    expect(find('GET', '/api')?.public).toBe(true)
    expect(find('GET', '/api/orders')?.public).toBe(false)
    expect(find('GET', '/api/orders/{id}')?.statuses).toEqual([
      '200',
      '304',
      '401',
      '403',
      '404',
      '429',
      '500',
      '502',
      '503',
      '504',
    ])
  })

  it('refuses a document that is not an OpenAPI description, saying why', () => {
    expect(() => readOperations({ name: 'hypermock' })).toThrow(
      'not an OpenAPI document',
    )
  })
})
