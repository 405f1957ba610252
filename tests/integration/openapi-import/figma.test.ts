import { signedFetch } from '../../support/signed-fetch.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  formatReport,
  importOpenApi,
  loadOpenApi,
  STATELESS_HEADER,
} from '../../../src/openapi-import/index.ts'
import type { ApiDeclaration, MockApi } from '../../../src/index.ts'
import { describedCaller } from '../../support/imported-conformance.ts'
import { openApiFixtures } from '../../support/openapi-fixtures.ts'

const file = openApiFixtures.figma
const origin = 'http://figma.test'
// Figma's description has 47 paths under /v1 and /v2; its webhooks are the CRUD collection.
const overrides = { include: ['/v2/webhooks'], count: 25 }

let api: MockApi<ApiDeclaration>
let call: ReturnType<typeof describedCaller>
let openapi: Record<string, unknown>

beforeAll(async () => {
  openapi = await loadOpenApi(file)
  api = createOpenApiMock({ openapi, overrides })
  // Figma names its personal access token first: an API key in X-Figma-Token.
  call = describedCaller({ fetch: signedFetch(api, 'figma-token') }, openapi, {
    origin,
  })
})

type Webhook = { id: string; endpoint: string; status: string }
type Page = {
  webhooks: Webhook[]
  pagination?: { prev_page?: string; next_page?: string }
}

const hook = {
  event_type: 'FILE_UPDATE',
  context: 'team',
  context_id: '1234',
  endpoint: 'https://hooks.example.test/figma',
  passcode: 'opensesame',
}

describe("Figma's REST API (OpenAPI 3.1, cursor paging, string ids), its webhooks imported", () => {
  it('reports the webhooks as a collection paged by cursor, and the rest as left out', () => {
    const report = formatReport(importOpenApi(openapi, overrides).report)
    expect(report).toMatch(/GET \/webhooks\s+list \(webhooks\)/)
    expect(report).toMatch(/PUT \/webhooks\/\{webhook_id\}\s+replace/)
    expect(report).toContain(
      '{ webhooks, pagination: { prev_page, next_page } }, cursor paging (cursor)',
    )
    expect(report).toContain("string ids, from the record's id")
    expect(report).toMatch(
      /\d+ of the description's \d+ operations are outside include/,
    )
  })

  it('refuses an include that names no path, with the pointer', () => {
    expect(() => importOpenApi(openapi, { include: ['/v3/webhooks'] })).toThrow(
      /include \(\/v3\/webhooks\) names no path of the description/,
    )
  })

  it("lists { webhooks, pagination } and follows the description's next_page by cursor", async () => {
    const first = await call('GET', '/v2/webhooks')
    expect(first.status).toBe(200)
    const page = (await first.json()) as Page
    expect(page.webhooks).toHaveLength(20)
    for (const webhook of page.webhooks)
      expect(typeof webhook.id).toBe('string')
    expect(page.pagination?.prev_page).toBeUndefined()
    const next = page.pagination!.next_page!
    expect(next).toMatch(/^\/v2\/webhooks\?cursor=[\w-]+/)
    expect(first.headers.get('Link')).toContain(`<${next}>; rel="next"`)
    const second = await call('GET', next)
    const rest = (await second.json()) as Page
    expect(rest.webhooks).toHaveLength(5)
    expect(rest.pagination?.next_page).toBeUndefined()
    expect(rest.pagination?.prev_page).toBeDefined()
    const ids = [...page.webhooks, ...rest.webhooks].map((w) => w.id)
    expect(new Set(ids).size).toBe(25)
    const forged = await call('GET', '/v2/webhooks?cursor=not-ours')
    expect(forged.status).toBe(400)
  })

  it('creates, reads, replaces and deletes a webhook, with ETags and 412', async () => {
    const created = await call('POST', '/v2/webhooks', hook)
    expect(created.status).toBe(200)
    const webhook = (await created.json()) as Webhook
    expect(webhook.id).toMatch(/^[\w-]+$/)
    expect(webhook).toMatchObject({ endpoint: hook.endpoint })
    const path = `/v2/webhooks/${webhook.id}`
    const read = await call('GET', path)
    expect(await read.json()).toMatchObject({
      id: webhook.id,
      endpoint: hook.endpoint,
    })
    const etag = read.headers.get('ETag')!
    expect(etag).toMatch(/^"/)
    const replacement = {
      event_type: 'FILE_COMMENT',
      team_id: '1234',
      endpoint: 'https://hooks.example.test/comments',
      passcode: 'opensesame',
      status: 'PAUSED',
    }
    const stale = await call('PUT', path, replacement, {
      'If-Match': '"stale"',
    })
    expect(stale.status).toBe(412)
    const replaced = await call('PUT', path, replacement, { 'If-Match': etag })
    expect(replaced.status).toBe(200)
    expect(await replaced.json()).toMatchObject({
      id: webhook.id,
      event_type: 'FILE_COMMENT',
      status: 'PAUSED',
    })
    expect(replaced.headers.get('ETag')).not.toBe(etag)
    expect(
      (await call('DELETE', path, undefined, { 'If-Match': etag })).status,
    ).toBe(412)
    const deleted = await call('DELETE', path, undefined, {
      'If-Match': replaced.headers.get('ETag')!,
    })
    expect(deleted.ok).toBe(true)
    expect((await call('GET', path)).status).toBe(404)
  })

  it('answers every invalid field of a create in one 400, as Figma documents, by JSON pointer', async () => {
    const response = await call('POST', '/v2/webhooks', {
      event_type: 'EVERYTHING',
      endpoint: 42,
      context: 'team',
    })
    // Every write of Figma's description documents 400 for a bad request, none 422.
    expect(response.status).toBe(400)
    const problem = (await response.json()) as { errors: { pointer: string }[] }
    expect(problem.errors.map((e) => e.pointer).sort()).toEqual([
      '#/context_id',
      '#/endpoint',
      '#/event_type',
      '#/passcode',
    ])
  })

  it('replays a repeated Idempotency-Key, and refuses it with another body', async () => {
    const key = { 'Idempotency-Key': 'figma-hook-1' }
    const first = await call('POST', '/v2/webhooks', hook, key)
    const again = await call('POST', '/v2/webhooks', hook, key)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(await first.json())
    const other = await call(
      'POST',
      '/v2/webhooks',
      { ...hook, passcode: 'other' },
      key,
    )
    expect(other.status).toBe(422)
  })

  it('asks for the key its description names, and answers the webhook requests log from its schema, marked', async () => {
    const anonymous = await api.fetch(new Request(`${origin}/v2/webhooks`))
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('WWW-Authenticate')).toBe(
      'ApiKey realm="hypermock", in="header", name="X-Figma-Token"',
    )
    const [one] = ((await (await call('GET', '/v2/webhooks')).json()) as Page)
      .webhooks
    const log = await call('GET', `/v2/webhooks/${one!.id}/requests`)
    expect(log.status).toBe(200)
    expect(log.headers.get(STATELESS_HEADER)).toMatch(/^(example|generated)$/)
    expect((await call('GET', '/v1/files/abc')).status).toBe(404)
  })
})
