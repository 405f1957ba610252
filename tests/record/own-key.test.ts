import { randomBytes } from 'node:crypto'
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRecordingProxy } from '../../src/record/recording-proxy.ts'
import { writeRecording } from '../../src/record/record.ts'
import { loadConfig } from '../../src/server/load-config.ts'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'

type Json = Record<string, unknown>

/**
 * A backend keyed by members of its own: users by the `username` a create gives, customers by a
 * `gid` it makes (`cus_…`), orders by an integer `id` and naming their customer by `customerId`.
 */
function startBackend(): Promise<{ url: string; server: Server }> {
  const tables: Record<string, { key: string; rows: Json[] }> = {
    users: {
      key: 'username',
      rows: [
        { username: 'ann smith', name: 'Ann', team: 'core' },
        { username: 'grace', name: 'Grace', team: 'docs' },
      ],
    },
    customers: {
      key: 'gid',
      rows: [
        { gid: 'cus_Q1w2E3r4T5y6U7', name: 'Acme' },
        { gid: 'cus_A9s8D7f6G5h4J3', name: 'Globex' },
      ],
    },
    orders: {
      key: 'id',
      rows: [{ id: 1, customerId: 'cus_Q1w2E3r4T5y6U7', total: 10 }],
    },
  }
  let nextOrder = 2
  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(
      status,
      body === undefined ? {} : { 'content-type': 'application/json' },
    )
    res.end(body === undefined ? undefined : JSON.stringify(body))
  }
  const read = async (req: IncomingMessage): Promise<Json> => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return JSON.parse(Buffer.concat(chunks).toString() || '{}') as Json
  }
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://backend')
    const [name, raw] = url.pathname.split('/').filter(Boolean)
    const table = tables[name ?? '']
    if (!table) return send(res, 404, { error: 'no such path' })
    const { key, rows } = table
    if (raw === undefined) {
      if (req.method === 'GET') return send(res, 200, rows)
      if (req.method !== 'POST') return send(res, 405)
      const body = await read(req)
      const row: Json =
        key === 'gid'
          ? { gid: `cus_${randomBytes(7).toString('hex')}`, ...body }
          : key === 'id'
            ? { id: nextOrder++, ...body }
            : body
      if (rows.some((r) => r[key] === row[key]))
        return send(res, 409, { error: 'taken' })
      rows.push(row)
      return send(res, 201, row)
    }
    const keyValue = decodeURIComponent(raw)
    const at = rows.findIndex((r) => String(r[key]) === keyValue)
    if (at === -1) return send(res, 404, { error: 'not found' })
    if (req.method === 'GET') return send(res, 200, rows[at])
    if (req.method === 'PUT') {
      rows[at] = { ...(await read(req)), [key]: rows[at]![key] }
      return send(res, 200, rows[at])
    }
    if (req.method === 'DELETE') {
      rows.splice(at, 1)
      return send(res, 204)
    }
    return send(res, 405)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        server,
      }),
    ),
  )
}

// Written inside the repository, as in a user's project: the declaration imports zod and hypermock-api.
const out = path.resolve('test-results/record/own-key')
let backend: Server
let served: RunningServer
let report: string
let source: string

const json = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

beforeAll(async () => {
  const started = await startBackend()
  backend = started.server
  const proxy = await startRecordingProxy({ target: started.url, port: 0 })
  const via = async (p: string, init?: RequestInit) => {
    const response = await fetch(proxy.url + p, init)
    expect(response.status, `${init?.method ?? 'GET'} ${p}`).toBeLessThan(300)
    return response.status === 204
      ? undefined
      : ((await response.json()) as Json)
  }
  // What an app does against it: lists, reads, creates, replaces and deletes, each by its key.
  await via('/users')
  await via('/users/ann%20smith')
  await via('/users/grace')
  await via('/users', json({ username: 'bo', name: 'Bo', team: 'core' }))
  await via(
    '/users/bo',
    json({ username: 'bo', name: 'Bo B', team: 'core' }, 'PUT'),
  )
  await via('/users/bo', { method: 'DELETE' })
  await via('/customers')
  await via('/customers/cus_Q1w2E3r4T5y6U7')
  const made = await via('/customers', json({ name: 'Initech' }))
  await via(
    `/customers/${String(made!.gid)}`,
    json({ name: 'Initrode' }, 'PUT'),
  )
  await via(`/customers/${String(made!.gid)}`, { method: 'DELETE' })
  await via('/orders')
  await via('/orders/1')
  await via('/orders', json({ customerId: 'cus_A9s8D7f6G5h4J3', total: 25 }))
  await proxy.close()
  rmSync(out, { recursive: true, force: true })
  ;({ report } = await writeRecording(proxy.exchanges, out))
  source = readFileSync(path.join(out, 'api.ts'), 'utf8')
  served = await startServer({
    api: await loadConfig(path.join(out, 'api.ts')),
    port: 0,
  })
}, 60_000)

afterAll(async () => {
  await served?.close()
  await new Promise((resolve) => backend?.close(resolve))
})

const call = async (p: string, init?: RequestInit) => {
  const response = await fetch(served.url + p, init)
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: (text === '' ? undefined : JSON.parse(text)) as Json & Json[],
  }
}

describe('a backend keyed by members of its own, recorded and served', () => {
  it('declares each resource keyed by the member its paths named', () => {
    expect(source).toContain(
      'dialect: { keys: { member: "username", generate: "string" } },',
    )
    expect(source).toContain(
      'dialect: { keys: { member: "gid", generate: { prefix: "cus_" } } },',
    )
    // Orders keep `id`, the default: no dialect.
    expect(source).not.toMatch(
      /const orders = defineResource\(\{\n[^}]*dialect/,
    )
  })

  it('says in the report which member keys each resource, and why', () => {
    expect(report).toContain(
      '  key: username (string, given by the client in its create): equals the path segment in 4 of 4 item request(s)',
    )
    expect(report).toContain(
      '  key: gid (strings beginning cus_, made by the server): equals the path segment in 3 of 3 item request(s)',
    )
    expect(report).toContain(
      '  key: id (integer, made by the server): equals the path segment in 1 of 1 item request(s)',
    )
  })

  it('serves the records as the backend held them, without an id of its own', async () => {
    const users = await call('/users')
    expect(users.body).toEqual([
      { username: 'ann smith', name: 'Ann', team: 'core' },
      { username: 'grace', name: 'Grace', team: 'docs' },
    ])
    const ann = await call('/users/ann%20smith')
    expect(ann.status).toBe(200)
    expect(ann.body).toEqual({
      username: 'ann smith',
      name: 'Ann',
      team: 'core',
    })
  })

  it('walks create, list, read, update and delete of a user by the username the client gives', async () => {
    const created = await call(
      '/users',
      json({ username: 'zoë q', name: 'Zoë', team: 'core' }),
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toEqual({
      username: 'zoë q',
      name: 'Zoë',
      team: 'core',
    })
    expect(created.headers.get('location')).toBe('/users/zo%C3%AB%20q')
    const listed = await call('/users')
    expect(listed.body.map((u) => u.username)).toContain('zoë q')
    const read = await call('/users/zo%C3%AB%20q')
    expect(read.body).toMatchObject({ name: 'Zoë' })
    const updated = await call(
      '/users/zo%C3%AB%20q',
      json({ username: 'zoë q', name: 'Zoë Q', team: 'docs' }, 'PUT'),
    )
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect((await call('/users/zo%C3%AB%20q')).body).toEqual({
      username: 'zoë q',
      name: 'Zoë Q',
      team: 'docs',
    })
    const taken = await call(
      '/users',
      json({ username: 'grace', name: 'Another', team: 'core' }),
    )
    expect(taken.status).toBe(422)
    expect(
      (await call('/users/zo%C3%AB%20q', { method: 'DELETE' })).status,
    ).toBe(204)
    expect((await call('/users/zo%C3%AB%20q')).status).toBe(404)
    expect((await call('/users')).body.map((u) => u.username)).not.toContain(
      'zoë q',
    )
  })

  it('makes a customer key as the backend did, and reads, updates and deletes by it', async () => {
    const created = await call('/customers', json({ name: 'Umbrella' }))
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const gid = created.body.gid as string
    expect(gid).toMatch(/^cus_[A-Za-z0-9]{14}$/)
    expect(created.body).not.toHaveProperty('id')
    expect((await call(`/customers/${gid}`)).body).toEqual({
      gid,
      name: 'Umbrella',
    })
    const updated = await call(
      `/customers/${gid}`,
      json({ name: 'Umbrella Corp' }, 'PUT'),
    )
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect((await call('/customers')).body).toContainEqual({
      gid,
      name: 'Umbrella Corp',
    })
    expect((await call(`/customers/${gid}`, { method: 'DELETE' })).status).toBe(
      204,
    )
    expect((await call(`/customers/${gid}`)).status).toBe(404)
  })

  it('reads customerId as a relation to customers by their gid', async () => {
    expect(report).toContain('relations: customerId → customers')
    const ok = await call(
      '/orders',
      json({ customerId: 'cus_Q1w2E3r4T5y6U7', total: 3 }),
    )
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    const orphan = await call(
      '/orders',
      json({ customerId: 'cus_nobodyNobody1', total: 3 }),
    )
    expect(orphan.status).toBe(422)
  })
})
