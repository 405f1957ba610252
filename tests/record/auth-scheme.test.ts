import { describe, expect, it } from 'vitest'
import type { Exchange, Header } from '../../src/record/exchange.ts'
import { recordExchanges } from '../../src/record/record.ts'

const origin = 'https://teams.example'
const secret = 'k3Yx9QwZ7pLm2VbN8rTs'

function get(path: string, requestHeaders: Header[]): Exchange {
  return {
    source: `GET ${path}`,
    method: 'GET',
    url: new URL(path, origin),
    status: 200,
    requestHeaders,
    requestBody: undefined,
    requestContentType: null,
    responseHeaders: [],
    responseBody: [{ id: 1, name: 'Core' }],
    responseContentType: 'application/json',
  }
}

const recorded = (exchange: Exchange) => recordExchanges([exchange])

describe('the auth scheme a recording infers', () => {
  it('reads Token token= as an API key with that prefix, never writing the key', () => {
    const { api, source, report } = recorded(
      get('/teams', [
        { name: 'Authorization', value: `Token token="${secret}"` },
      ]),
    )
    expect(api.auth).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      prefix: 'Token token=',
    })
    expect(source).toContain('"prefix":"Token token="')
    expect(source).not.toContain(secret)
    expect(report).toContain('an API key in Authorization (Token token=<key>)')
  })

  it('reads HTTP Basic, a key header and a key query parameter', () => {
    expect(
      recorded(get('/teams', [{ name: 'Authorization', value: 'Basic dTpw' }]))
        .api.auth,
    ).toBe('basic')
    expect(
      recorded(get('/teams', [{ name: 'X-API-Key', value: secret }])).api.auth,
    ).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' })
    expect(recorded(get(`/teams?api_key=${secret}`, [])).api.auth).toEqual({
      type: 'apiKey',
      in: 'query',
      name: 'api_key',
    })
  })
})
