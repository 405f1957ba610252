import { describe, expect, it, test } from 'vitest'
import { asCurl } from '../components/copy-as.ts'
import {
  draftFromParams,
  requestOf,
} from '../features/console/console-draft.ts'
import {
  declaredCredentials,
  type DeclaredAuth,
} from './declared-credentials.ts'

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

describe('credentials in the API’s own scheme', () => {
  const curlFor = (
    auth: Exclude<DeclaredAuth['auth'], undefined>,
    token: string,
  ) => {
    const credentials = declaredCredentials({
      auth,
      tokens: [{ token, expired: false, owns: 'all', scopes: ['read'] }],
    })
    const draft = draftFromParams(
      new URLSearchParams('path=/api/pets'),
      token,
      '/api/pets',
      credentials,
    )
    return asCurl(requestOf(draft), 'http://127.0.0.1:8787')
  }

  it('copies a curl with HTTP Basic for an API that takes Basic', () => {
    expect(curlFor('basic', 'vet:secret')).toContain(
      `-H 'Authorization: Basic ${btoa('vet:secret')}'`,
    )
  })

  it('copies a curl with the key and its prefix for Token token=', () => {
    expect(
      curlFor(
        {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          prefix: 'Token token=',
        },
        'abc',
      ),
    ).toContain(`-H 'Authorization: Token token=abc'`)
  })

  it('keeps Bearer for the default scheme', () => {
    expect(curlFor('bearer', 'abc')).toContain(`-H 'Authorization: Bearer abc'`)
  })
})
