import { beforeAll, describe, expect, it } from 'vitest'
import {
  createMockApi,
  type ApiDeclaration,
  type MockApi,
} from '../../../src/mock-server/index.ts'
import {
  formatReport,
  importOpenApi,
  loadOpenApi,
} from '../../../src/openapi-import/index.ts'
import { describedBy } from '../../support/imported-conformance.ts'

const file = new URL(
  '../../fixtures/openapi/resend/openapi.yaml',
  import.meta.url,
).pathname
// The description's server.
const base = 'https://api.resend.com'

let api: MockApi<ApiDeclaration>
let described: ReturnType<typeof describedBy>
let report: string

beforeAll(async () => {
  const document = await loadOpenApi(file)
  const imported = importOpenApi(document, { base })
  report = formatReport(imported.report)
  api = createMockApi({ api: imported.api })
  described = describedBy(document, '')
})

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await api.fetch(
    new Request(`${base}${path}`, {
      method,
      headers: {
        Authorization: 'Bearer re_any_key',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  )
  if (response.ok) await described(method, path, response)
  return response
}

/** The `rel="next"` target of a Link header, relative to the base. */
function nextOf(response: Response) {
  const match = /<([^>]+)>;\s*rel="next"/.exec(
    response.headers.get('Link') ?? '',
  )
  return match?.[1]?.slice(base.length)
}

const webhook = {
  endpoint: 'https://example.com/hooks/resend',
  events: ['email.sent', 'email.bounced'],
}

describe('Resend API (OpenAPI 3.1, cursor paging, uuid and string ids), imported', () => {
  it('reports the collections, their cursor paging and their ids', () => {
    expect(report).toMatch(/GET \/webhooks\s+list \(webhooks\)/)
    expect(report).toContain('{ data }, cursor paging (after, limit)')
    expect(report).toMatch(/GET \/webhooks\/\{webhook_id\}\s+read \(webhooks\)/)
    expect(report).toContain('uuid ids')
    expect(report).toContain('string ids')
    expect(report).toMatch(/PATCH \/webhooks\/\{webhook_id\}\s+example only/)
    expect(report).toContain('auth: Bearer tokens (bearerAuth (http bearer))')
  })

  it("pages { data } by an opaque cursor under the description's name `after`", async () => {
    const seen: string[] = []
    let next: string | undefined = '/webhooks?limit=3'
    while (next) {
      const response = await call('GET', next)
      expect(response.status).toBe(200)
      const body = (await response.json()) as { data: { id: string }[] }
      expect(body.data.length).toBeLessThanOrEqual(3)
      seen.push(...body.data.map((w) => w.id))
      next = nextOf(response)
      if (next)
        expect(new URL(base + next).searchParams.has('after')).toBe(true)
    }
    const all = api.data.webhooks!.list().map((w) => String(w.id))
    // Every row once, none twice.
    expect(seen).toHaveLength(all.length)
    expect([...seen].sort()).toEqual([...all].sort())
    expect(all.length).toBeGreaterThan(3)
  })

  it('creates, reads, lists and deletes a webhook, with ETags and 412', async () => {
    const created = await call('POST', '/webhooks', webhook)
    expect(created.status).toBe(201)
    const row = (await created.json()) as { id: string }
    expect(row.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    )
    expect(created.headers.get('Location')).toBe(`${base}/webhooks/${row.id}`)
    const read = await call('GET', `/webhooks/${row.id}`)
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({ id: row.id, ...webhook })
    const etag = read.headers.get('ETag')!
    expect(etag).toMatch(/^"/)
    const list = (await (await call('GET', '/webhooks?limit=100')).json()) as {
      data: { id: string }[]
    }
    expect(list.data.map((w) => w.id)).toContain(row.id)
    expect(
      (
        await call('DELETE', `/webhooks/${row.id}`, undefined, {
          'If-Match': '"stale"',
        })
      ).status,
    ).toBe(412)
    // The description deletes with 200 and a body of its own.
    const deleted = await call('DELETE', `/webhooks/${row.id}`, undefined, {
      'If-Match': etag,
    })
    expect(deleted.status).toBe(200)
    expect((await call('GET', `/webhooks/${row.id}`)).status).toBe(404)
  })

  it('has no PUT in the description (its update is a PATCH), so PUT is 405', async () => {
    const [first] = api.data.webhooks!.list()
    const response = await call(
      'PUT',
      `/webhooks/${String(first!.id)}`,
      webhook,
    )
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).not.toContain('PUT')
  })

  it('answers every invalid field in one 422 with JSON pointers', async () => {
    const response = await call('POST', '/webhooks', {
      id: 'mine',
      endpoint: 42,
      events: [],
    })
    expect(response.status).toBe(422)
    const problem = (await response.json()) as { errors: { pointer: string }[] }
    expect(problem.errors.map((e) => e.pointer).sort()).toEqual([
      '#/endpoint',
      '#/events',
      '#/id',
    ])
  })

  it('replays a repeated Idempotency-Key', async () => {
    const key = { 'Idempotency-Key': 'webhook-1' }
    const first = await call('POST', '/webhooks', webhook, key)
    expect(first.status).toBe(201)
    const again = await call('POST', '/webhooks', webhook, key)
    expect(again.status).toBe(201)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(await first.json())
  })

  it('makes uuid ids where a plain string path parameter names a record whose id is a uuid', async () => {
    expect(report).toMatch(
      /GET \/events\/\{identifier\}\s+read \(events\)\n.*\n\s+uuid ids, from the record's id/,
    )
    const [first] = api.data.events!.list()
    const read = await call('GET', `/events/${String(first!.id)}`)
    expect(read.status).toBe(200)
    expect(((await read.json()) as { id: string }).id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    )
  })

  it('keeps string ids where the path parameter is a plain string', async () => {
    const [first] = api.data.templates!.list()
    const read = await call('GET', `/templates/${String(first!.id)}`)
    expect(read.status).toBe(200)
    expect(((await read.json()) as { id: unknown }).id).toBe(first!.id)
  })

  it('asks for a Bearer token with 401 and WWW-Authenticate', async () => {
    const response = await api.fetch(new Request(`${base}/webhooks`))
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm=/)
    expect(response.headers.get('Content-Type')).toBe(
      'application/problem+json',
    )
  })
})
