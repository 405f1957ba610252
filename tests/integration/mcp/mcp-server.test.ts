import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const CLI = new URL('../../../src/server/cli.ts', import.meta.url).pathname
/** Handed to the server with --token: it must never come back in a tool result. */
const SECRET = 'admin-token'

const text = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('')

// One child process for the file: the real CLI, driven by the SDK's own client over stdio.
describe('hypermock-api mcp, starting the mock', { timeout: 30_000 }, () => {
  const client = new Client({ name: 'hypermock-test', version: '1.0.0' })
  const stderr: string[] = []
  let apiUrl = ''

  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--token', SECRET],
      stderr: 'pipe',
    })
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(String(chunk)))
    await client.connect(transport)
    const described = await call('list_resources')
    apiUrl = (described.structuredContent as { api: string }).api
  }, 30_000)
  afterAll(() => client.close())

  it('lists its tools, each with a description and an input schema', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'add_fault',
      'advance_clock',
      'apply_scenario',
      'clear_faults',
      'create_row',
      'list_operations',
      'list_resources',
      'query_rows',
      'read_journal',
      'reset_mock',
      'run_action',
      'run_check',
      'update_row',
    ])
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(60)
      expect(tool.inputSchema.type).toBe('object')
    }
    const addFault = tools.find((tool) => tool.name === 'add_fault')!
    expect(Object.keys(addFault.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['match', 'effect', 'times']),
    )
  })

  it('describes the resources with their states and actions, on a loopback URL', async () => {
    expect(apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/)
    const described = (await call('list_resources')).structuredContent as {
      resources: {
        name: string
        collection: string
        states?: { transitions: Record<string, { path: string }> }
      }[]
    }
    const orders = described.resources.find((r) => r.name === 'orders')!
    expect(orders.collection).toBe('/api/orders')
    expect(orders.states?.transitions.pay?.path).toBe('payment')
  })

  it('creates a row through the API, which an app then reads over HTTP', async () => {
    const result = await call('create_row', {
      resource: 'orders',
      body: { total: 12.5, currency: 'eur', customerId: 1, note: 'from mcp' },
    })
    expect(result.isError, text(result)).toBeFalsy()
    const { status, location, row } = result.structuredContent as {
      status: number
      location: string
      row: { id: number; note: string }
    }
    expect(status).toBe(201)
    expect(row.note).toBe('from mcp')
    const seen = await fetch(new URL(location, apiUrl), {
      headers: { Authorization: 'Bearer customer-1-token' },
    })
    expect(seen.status).toBe(200)
    expect(await seen.json()).toMatchObject({ id: row.id, note: 'from mcp' })

    const queried = await call('query_rows', {
      resource: 'orders',
      query: { id: row.id },
      limit: 5,
    })
    expect(queried.structuredContent).toMatchObject({
      rows: [{ id: row.id }],
      total: 1,
    })
  })

  it("updates a row and runs its actions, the state's 409 as a tool error", async () => {
    const created = await call('create_row', {
      resource: 'orders',
      body: { total: 3, currency: 'usd', customerId: 2 },
    })
    const { id } = (created.structuredContent as { row: { id: number } }).row
    const updated = await call('update_row', {
      resource: 'orders',
      id,
      changes: { note: 'gift wrap' },
    })
    expect(updated.structuredContent).toMatchObject({
      status: 200,
      row: { id, note: 'gift wrap' },
    })
    const paid = await call('run_action', {
      resource: 'orders',
      id,
      action: 'pay',
    })
    expect(paid.isError, text(paid)).toBeFalsy()
    const order = await call('query_rows', {
      resource: 'orders',
      query: { id },
    })
    expect(order.structuredContent).toMatchObject({
      rows: [{ status: 'paid' }],
    })

    const again = await call('run_action', {
      resource: 'orders',
      id,
      action: 'cancel',
    })
    expect(again.isError).toBe(true)
    expect(text(again)).toContain(`POST /api/orders/${id}/cancel answered 409`)
  })

  it('answers an invalid row with a tool error listing every invalid field', async () => {
    const result = await call('create_row', {
      resource: 'orders',
      body: { total: 'lots', currency: 'zzz' },
    })
    expect(result.isError).toBe(true)
    const message = text(result)
    expect(message).toContain('POST /api/orders answered 422')
    expect(message).toMatch(/^- total: /m)
    expect(message).toMatch(/^- currency: /m)
    expect(message).toMatch(/^- customerId: /m)
    expect(result.structuredContent).toMatchObject({
      problem: { status: 422, errors: expect.any(Array) },
    })
  })

  it('adds a 503 fault the next HTTP request meets, and reads the retry back with its verdict', async () => {
    const added = await call('add_fault', {
      match: { method: 'GET', path: '/api/customers' },
      effect: { kind: 'status', status: 503, retryAfter: 5 },
      times: 1,
    })
    expect(added.isError, text(added)).toBeFalsy()
    expect(added.structuredContent).toMatchObject({
      rule: { id: expect.stringMatching(/^fault-/), times: 1 },
    })

    const headers = { Authorization: 'Bearer customer-1-token' }
    const first = await fetch(`${apiUrl}/customers`, { headers })
    expect(first.status).toBe(503)
    expect(first.headers.get('retry-after')).toBe('5')
    // Retried at once, five seconds too early.
    const second = await fetch(`${apiUrl}/customers`, { headers })
    expect(second.status).toBe(200)

    const listed = await call('list_operations', { path: '/api/customers' })
    const { operations } = listed.structuredContent as {
      operations: {
        attempts: { status: number }[]
        verdicts: { id: string }[]
      }[]
    }
    const operation = operations.at(-1)!
    expect(operation.attempts.map((a) => a.status)).toEqual([503, 200])
    expect(operation.verdicts.map((v) => v.id)).toContain(
      'retried-before-retry-after',
    )
    // No events fault ran: no consumer was judged.
    expect(listed.structuredContent).toHaveProperty('eventVerdicts', [])
  })

  it('runs check against the mock, its credential shown as $TOKEN', async () => {
    const result = await call('run_check', {
      rules: ['not-found-404', 'unauthenticated-401'],
    })
    expect(result.isError, text(result)).toBeFalsy()
    expect(result.structuredContent).toMatchObject({
      baseUrl: apiUrl,
      exitCode: 0,
      summary: { pass: 2, fail: 0 },
    })
    expect(text(result)).not.toContain(SECRET)
  })

  it('serves the OpenAPI description as a resource', async () => {
    const { resources } = await client.listResources()
    expect(resources.map((r) => r.uri)).toEqual(['hypermock://openapi.json'])
    const { contents } = await client.readResource({
      uri: 'hypermock://openapi.json',
    })
    const content = contents[0]
    expect(content?.mimeType).toBe('application/json')
    const document = JSON.parse(
      content && 'text' in content ? content.text : '',
    ) as {
      openapi: string
      paths: Record<string, unknown>
    }
    expect(document.openapi).toMatch(/^3\.1/)
    expect(Object.keys(document.paths)).toContain('/api/orders/{id}/payment')
  })

  it('refuses to run check against a host the user did not open', async () => {
    const result = await call('run_check', { url: 'http://example.com/api' })
    expect(result.isError).toBe(true)
    expect(text(result)).toContain('is not on this machine')
    expect(text(result)).toContain('--allowed-hosts example.com')
  })

  it('never shows the credential it was handed, and logs to stderr only', async () => {
    const described = await call('list_resources')
    expect(text(described)).not.toContain(SECRET)
    expect(text(described)).toContain('***')
    expect(stderr.join('')).toContain('tools ready on stdio')
    expect(stderr.join('')).not.toContain(SECRET)
  })
})
