import { describe, expect, test } from 'vitest'
import { declaredCredentials } from './declared-credentials.ts'

const visitor = {
  token: 'visitor-token',
  expired: false,
  owns: [],
  scopes: ['read'],
}

const labelOf = (owned: string[], unowned: string[]) =>
  declaredCredentials({ tokens: [visitor], resources: { owned, unowned } })[0]!
    .label

describe('a declared token without owners', () => {
  test('is labelled with the resources it sees, those without an owner', () => {
    expect(labelOf(['loans'], ['books', 'authors'])).toBe(
      'visitor-token (books and authors only, read-only)',
    )
    expect(labelOf(['loans'], ['books', 'authors', 'shelves'])).toBe(
      'visitor-token (books, authors and shelves only, read-only)',
    )
  })

  test('past three such resources, says how many', () => {
    expect(labelOf(['loans'], ['a', 'b', 'c', 'd'])).toBe(
      'visitor-token (only the 4 resources without an owner, read-only)',
    )
  })

  test('from a mock that does not say which resources have owners, claims no rows either way', () => {
    expect(declaredCredentials({ tokens: [visitor] })[0]!.label).toBe(
      'visitor-token (no owner, read-only)',
    )
  })
})
