import { describe, expect, it } from 'vitest'
import type { Exchange } from '../../src/record/exchange.ts'
import { recordExchanges } from '../../src/record/record.ts'

const origin = 'https://people.example'

function exchange(
  method: string,
  path: string,
  status: number,
  responseBody?: unknown,
  requestBody?: unknown,
): Exchange {
  return {
    source: `${method} ${path}`,
    method,
    url: new URL(path, origin),
    status,
    requestHeaders: [],
    requestBody,
    requestContentType: requestBody === undefined ? null : 'application/json',
    responseHeaders: [],
    responseBody,
    responseContentType: responseBody === undefined ? null : 'application/json',
  }
}

const resource = (exchanges: Exchange[], name: string) => {
  const recording = recordExchanges(exchanges)
  return { recording, r: recording.api.resources.find((r) => r.name === name) }
}

describe('which member keys a recorded resource', () => {
  it('reads a key with spaces and non-ASCII letters from its URL-encoded segment', () => {
    const ann = { username: 'ann smith', name: 'Ann' }
    const zoe = { username: 'zoë/q', name: 'Zoë' }
    const { recording, r } = resource(
      [
        exchange('GET', '/users', 200, [ann, zoe]),
        exchange('GET', '/users/ann%20smith', 200, ann),
        exchange('GET', '/users/zo%C3%AB%2Fq', 200, zoe),
        exchange('DELETE', '/users/zo%C3%AB%2Fq', 204),
      ],
      'users',
    )
    expect(r?.key.member).toBe('username')
    // Both were listed before the delete: the seed holds each as first read.
    expect(r?.seed).toEqual([ann, zoe])
    expect(recording.report).toContain(
      'key: username (string): equals the path segment in 3 of 3 item request(s)',
    )
    expect(recording.source).toContain(
      'dialect: { keys: { member: "username", generate: "string" } },',
    )
  })

  it('reads a nested list below an item named by its own key', () => {
    const ann = { username: 'ann smith', name: 'Ann' }
    const post = (id: number, author: string) => ({ id, author, title: 't' })
    const { recording, r } = resource(
      [
        exchange('GET', '/users', 200, [ann, { username: 'bo', name: 'Bo' }]),
        exchange('GET', '/users/bo', 200, { username: 'bo', name: 'Bo' }),
        exchange('GET', '/posts', 200, [post(1, 'ann smith'), post(2, 'bo')]),
        exchange('GET', '/users/ann%20smith/posts', 200, [
          post(1, 'ann smith'),
        ]),
      ],
      'users',
    )
    expect(r?.key.member).toBe('username')
    expect(r?.collections).toEqual([
      { name: 'posts', of: 'posts', fields: ['author'] },
    ])
    expect(recording.source).toContain(
      'where: (row, parent) => row["author"] === parent["username"]',
    )
    expect(recording.report).not.toContain('/users/ann%20smith')
  })

  it('prefers id when it fits, and says which other member fitted too', () => {
    const tag = (id: string) => ({ id, slug: id, label: 'x' })
    const { recording, r } = resource(
      [
        exchange('GET', '/tags', 200, [tag('red'), tag('blue')]),
        exchange('GET', '/tags/red', 200, tag('red')),
      ],
      'tags',
    )
    expect(r?.key.member).toBe('id')
    expect(recording.report).toContain(
      'key: id (string): equals the path segment in 1 of 1 item request(s); slug equalled it too, but id is preferred',
    )
    expect(recording.source).toContain('id: "string",')
    expect(recording.source).not.toContain('keys:')
  })

  it('of two members that both equal the segment, takes the one no two records share', () => {
    // `label` equals the segment of every item read, but two records share a label.
    const { recording, r } = resource(
      [
        exchange('GET', '/plans', 200, [
          { label: 'basic', code: 'basic', price: 1 },
          { label: 'basic', code: 'basic-eu', price: 2 },
        ]),
        exchange('GET', '/plans/basic', 200, {
          label: 'basic',
          code: 'basic',
          price: 1,
        }),
      ],
      'plans',
    )
    expect(r?.key.member).toBe('code')
    expect([...r!.record.members.keys()][0]).toBe('code')
    expect(recording.report).toContain(
      'key: code (string): equals the path segment in 1 of 1 item request(s); label equalled it too, but code comes first and no two records share it',
    )
  })

  it('tells a key the server makes from one the client gives, and a prefix the engine can make', () => {
    const { recording, r } = resource(
      [
        exchange('GET', '/customers', 200, [
          { gid: 'cus_Q1w2E3r4T5y6U7', name: 'Acme' },
        ]),
        exchange(
          'POST',
          '/customers',
          201,
          { gid: 'cus_Z9x8C7v6B5n4M3', name: 'Initech' },
          { name: 'Initech' },
        ),
        exchange('GET', '/customers/cus_Q1w2E3r4T5y6U7', 200, {
          gid: 'cus_Q1w2E3r4T5y6U7',
          name: 'Acme',
        }),
        exchange('GET', '/members', 200, [{ handle: 'ann', name: 'Ann' }]),
        exchange(
          'PUT',
          '/members/bo',
          201,
          { handle: 'bo', name: 'Bo' },
          { handle: 'bo', name: 'Bo' },
        ),
        exchange('GET', '/members/ann', 200, { handle: 'ann', name: 'Ann' }),
      ],
      'customers',
    )
    expect(r?.key).toMatchObject({
      member: 'gid',
      madeBy: 'server',
      prefix: 'cus_',
    })
    expect(r?.createInput?.members.has('gid')).toBe(false)
    const members = recording.api.resources.find((m) => m.name === 'members')!
    expect(members.key).toMatchObject({ member: 'handle', madeBy: 'client' })
    // The PUT created bo: no seed row, and a create that takes the handle.
    expect(members.seed).toEqual([{ handle: 'ann', name: 'Ann' }])
    expect(members.createInput?.members.has('handle')).toBe(true)
    expect(recording.report).toContain(
      'key: handle (string, given by the client (a PUT created the record)): equals the path segment in 2 of 2 item request(s)',
    )
    expect(recording.report).toContain(
      'members: 1 record(s) were created by PUT on the item, under the key the client chose; the mock creates them by POST on members, the key in the body',
    )
  })

  it('falls back to id where no member fits every item request, and says so', () => {
    const { recording } = resource(
      [
        exchange('GET', '/people', 200, [
          { name: 'Ann', username: 'ann' },
          { name: 'Bob', username: 'bobby' },
        ]),
        exchange('GET', '/people/ann', 200, { name: 'Ann', username: 'ann' }),
        exchange('GET', '/people/bob', 200, { name: 'Bob', username: 'bobby' }),
        exchange('GET', '/pets', 200, [{ id: 1, name: 'Rex' }]),
      ],
      'people',
    )
    expect(recording.api.resources.map((r) => r.name)).toEqual(['pets'])
    expect(recording.report).toContain(
      'people: no member equals the path segment in every item request (username in 1 of 2), so its records were read as keyed by id, as by default',
    )
    expect(recording.report).toContain(
      'left out people: no record with an id was seen',
    )
    expect(recording.report).toContain(
      'key: id (integer, made by the server), as by default: no item request was recorded',
    )
  })
})
