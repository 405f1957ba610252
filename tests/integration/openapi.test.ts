import { compileErrors, validate } from '@readme/openapi-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { mkdir, writeFile } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOpenApiDocument, type OpenApiDocument } from '../../src/index.ts'
import { problemCatalogue } from '../support/shop-fixtures.ts'
import { shopApi } from '../../src/domains/shop/index.ts'
import { compiledApi } from '../../src/mock-server/declare/compiled-api-cache.ts'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'
import { describedResponseErrors } from '../support/openapi-conformance.ts'

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

type Operation = {
  operationId: string
  summary: string
  parameters?: { name?: string; $ref?: string }[]
  responses: Record<string, Response>
  security?: unknown[]
}

type Response = { $ref?: string; headers?: Record<string, unknown> }

/** A response, or the shared one (`components.responses`) it refers to. */
const resolved = (doc: OpenApiDocument, response: Response | undefined) =>
  response?.$ref
    ? (doc.components.responses?.[response.$ref.split('/').pop()!] as Response)
    : response

const operations = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      path,
      method,
      op: op as Operation,
    })),
  )

describe('the OpenAPI description', () => {
  it('is a valid OpenAPI 3.1 document, for the default base, another path, the root and a host', async () => {
    for (const basePath of [
      '/api',
      '/v2/shop',
      '/',
      'https://api.example.test',
    ]) {
      const result = await validate(
        createOpenApiDocument({ basePath }) as never,
      )
      expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
      expect(result.warnings).toEqual([])
    }
    // Four whole documents validated: about 2 s alone, more on a machine busy with other suites.
  }, 30_000)

  it('describes every route and method the API serves, HEAD with each GET and OPTIONS everywhere', () => {
    const doc = createOpenApiDocument()
    const expected = compiledApi(shopApi).routes.flatMap((route) => {
      const path = `/api${route.path}`.replace(/:(\w+)/g, '{$1}')
      const methods = Object.keys(route.methods).map((m) => m.toLowerCase())
      if (methods.includes('get')) methods.push('head')
      return [...methods, 'options'].map((method) => `${method} ${path}`)
    })
    const served = operations(doc).filter(
      ({ op }) => !op.operationId.endsWith('NotAllowed'),
    )
    const described = served.map(({ method, path }) => `${method} ${path}`)
    expect(described.sort()).toEqual(expected.sort())
    expect(new Set(operations(doc).map(({ op }) => op.operationId)).size).toBe(
      operations(doc).length,
    )
  })

  it('documents on every path the 405 with Allow that each method it lacks answers', () => {
    const doc = createOpenApiDocument()
    const methods = ['get', 'head', 'post', 'put', 'patch', 'delete']
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of methods) {
        const op = item[method] as Operation | undefined
        expect(op, `${method} ${path}`).toBeDefined()
        if (!op!.operationId.endsWith('NotAllowed')) continue
        expect(op!.security).toEqual([])
        expect(resolved(doc, op!.responses['405'])?.headers).toHaveProperty(
          'Allow',
        )
        expect(Object.keys(op!.responses)).not.toContain('200')
      }
    }
    expect(
      (doc.paths['/api/orders/{id}/payment']!.get as Operation).responses[
        '405'
      ],
    ).toBeDefined()
    expect((doc.paths['/api/orders']!.patch as Operation).operationId).toBe(
      'patchOrdersNotAllowed',
    )
  })

  it('derives operation ids and summaries from the resources and their actions', () => {
    const doc = createOpenApiDocument()
    const op = (path: string, method: string) =>
      doc.paths[path]?.[method] as Operation
    expect(op('/api/orders', 'get').operationId).toBe('listOrders')
    expect(op('/api/orders', 'post').operationId).toBe('createOrder')
    expect(op('/api/orders/{id}', 'get').operationId).toBe('getOrder')
    expect(op('/api/orders/{id}', 'put').operationId).toBe('replaceOrder')
    expect(op('/api/orders/{id}', 'delete').operationId).toBe('deleteOrder')
    expect(op('/api/orders/{id}/cancel', 'post').operationId).toBe(
      'cancelOrder',
    )
    expect(op('/api/orders/{id}/payment', 'post')).toMatchObject({
      operationId: 'payOrder',
      summary: 'Pay this order',
    })
    expect(op('/api/customers/{id}/orders', 'get').operationId).toBe(
      'listCustomerOrders',
    )
    expect(op('/api/accounts/{id}/transfers', 'get').summary).toBe(
      'Transfers in and out of an account',
    )
    expect(doc.tags).toContainEqual({
      name: 'Orders',
      description: 'Orders, whose `_links` follow their state.',
    })
  })

  it('writes only formats that OpenAPI 3.1 validators know', () => {
    const formats = new Set<string>()
    const visit = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(visit)
      else if (node !== null && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          if (key === 'format' && typeof value === 'string') formats.add(value)
          else visit(value)
        }
    }
    visit(createOpenApiDocument().components)
    visit(createOpenApiDocument().paths)
    expect([...formats].sort()).toEqual(['date-time'])
  })

  it('names the bearer scheme, and leaves only the public routes without it', () => {
    const doc = createOpenApiDocument()
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    })
    expect(doc.security).toEqual([{ bearerAuth: [] }])
    // OPTIONS and 405 are answered before the credential is looked at.
    const open = operations(doc)
      .filter(
        ({ method, op }) =>
          method !== 'options' &&
          !op.operationId.endsWith('NotAllowed') &&
          op.security,
      )
      .map(({ path }) => path)
    expect([...new Set(open)].sort()).toEqual(
      [
        '/api',
        '/api/openapi.json',
        '/api/asyncapi.json',
        '/api/problems',
        '/api/problems/{slug}',
      ].sort(),
    )
  })

  it('lists paging, sort, filters and range filters per collection, and the conditional and idempotency headers', () => {
    const doc = createOpenApiDocument()
    const names = (path: string, method: string) =>
      (doc.paths[path]?.[method] as Operation).parameters!.map(
        (p) => p.name ?? p.$ref?.split('/').pop(),
      )
    expect(names('/api/orders', 'get')).toEqual(
      expect.arrayContaining([
        'Page',
        'PerPage',
        'sort',
        'status',
        'currency',
        'total[gte]',
        'createdAt[lt]',
        'id[gt]',
      ]),
    )
    expect(names('/api/customers', 'get')).toEqual(
      expect.arrayContaining(['name', 'email']),
    )
    expect(names('/api/customers', 'get')).not.toContain('name[gte]')
    expect(names('/api/orders/{id}', 'get')).toContain('IfNoneMatch')
    expect(names('/api/orders/{id}', 'put')).toContain('IfMatch')
    expect(names('/api/orders/{id}/payment', 'post')).toEqual(
      expect.arrayContaining(['id', 'IfMatch', 'IdempotencyKey']),
    )
  })

  it('describes every problem type with its members, and every response header of the conventions', () => {
    const doc = createOpenApiDocument()
    const schemas = doc.components.schemas as Record<
      string,
      { properties: Record<string, unknown>; required: string[] }
    >
    for (const slug of Object.keys(problemCatalogue)) {
      const name = slug.replace(/(^|-)(\w)/g, (_, _d, c: string) =>
        c.toUpperCase(),
      )
      expect(schemas[`${name}Problem`]?.required).toEqual(
        expect.arrayContaining([
          'type',
          'title',
          'status',
          'detail',
          'instance',
          'requestId',
        ]),
      )
    }
    expect(schemas.ValidationFailedProblem?.required).toContain('errors')
    expect(schemas.InsufficientFundsProblem?.required).toEqual(
      expect.arrayContaining(['balance', 'requested', 'accountId']),
    )
    expect(schemas.StateConflictProblem?.required).toEqual(
      expect.arrayContaining(['currentStatus', 'allowedActions']),
    )
    const used = new Set(
      operations(doc).flatMap(({ op }) =>
        Object.values(op.responses).flatMap((r) =>
          Object.keys(resolved(doc, r)?.headers ?? {}),
        ),
      ),
    )
    for (const header of [
      'ETag',
      'Location',
      'Link',
      'RateLimit',
      'RateLimit-Policy',
      'Retry-After',
      'Idempotent-Replayed',
      'WWW-Authenticate',
      'Allow',
      'Cache-Control',
      'Preference-Applied',
      'Vary',
    ])
      expect(used).toContain(header)
    // An action that runs code of its own may answer 200 with the record, or 201 with one it made;
    // asked `Prefer: return=minimal`, 204 (or 201) without a body.
    const pay = doc.paths['/api/orders/{id}/payment']!.post as Operation
    expect(Object.keys(pay.responses)).toEqual([
      '200',
      '201',
      '204',
      '400',
      '401',
      '403',
      '404',
      '409',
      '412',
      '413',
      '415',
      '422',
      '429',
      '500',
      '502',
      '503',
      '504',
    ])
  })

  it('gives the links of each order state, its transitions, and examples from the seed data', () => {
    const schemas = createOpenApiDocument().components.schemas as Record<
      string,
      {
        properties: { _links: { required: string[] } }
        examples?: { id: number }[]
        'x-hypermock-states'?: unknown
      }
    >
    expect(schemas.Order?.['x-hypermock-states']).toEqual({
      field: 'status',
      initial: 'pending',
      states: ['pending', 'paid', 'cancelled'],
      transitions: {
        cancel: {
          from: ['pending'],
          to: 'cancelled',
          path: 'cancel',
          title: 'Cancel this order',
        },
        pay: {
          from: ['pending'],
          to: 'paid',
          path: 'payment',
          title: 'Pay this order',
        },
      },
      replaceIn: ['pending'],
      deleteIn: ['pending', 'cancelled'],
    })
    expect(schemas.PendingOrder?.properties._links.required).toEqual([
      'self',
      'customer',
      'cancel',
      'pay',
    ])
    expect(schemas.CancelledOrder?.properties._links.required).toEqual([
      'self',
      'customer',
    ])
    expect(schemas.PendingOrder?.examples?.[0]).toMatchObject({
      id: 1,
      total: 42.5,
      note: 'First order',
    })
    expect(schemas.Transfer?.examples?.[0]).toMatchObject({
      id: 1,
      amount: 2500,
    })
  })

  it('has examples that validate against their own schemas', () => {
    const doc = createOpenApiDocument()
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(ajv)
    ajv.addSchema(doc, 'openapi')
    const schemas = doc.components.schemas as Record<
      string,
      { examples?: unknown[] }
    >
    const checked = Object.entries(schemas).flatMap(([name, schema]) =>
      (schema.examples ?? []).map((example) => {
        const validate = ajv.compile({
          $ref: `openapi#/components/schemas/${name}`,
        })
        return { name, valid: validate(example), errors: validate.errors }
      }),
    )
    expect(checked.length).toBeGreaterThanOrEqual(12)
    expect(checked.filter((c) => !c.valid)).toEqual([])
  })
})

describe('drift between the mock and its description', () => {
  const order = {
    id: 1,
    status: 'pending',
    total: 42.5,
    currency: 'usd',
    customerId: 1,
    note: null,
    version: 1,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    _links: {
      self: { href: '/api/orders/1' },
      customer: { href: '/api/customers/1' },
      cancel: { href: '/api/orders/1/cancel', method: 'POST', title: 'Cancel' },
      pay: { href: '/api/orders/1/payment', method: 'POST', title: 'Pay' },
    },
  }
  const headers = {
    'Content-Type': 'application/json',
    'Cache-Control': 'private, no-cache',
    Vary: 'Authorization',
    ETag: '"order-1-v1"',
  }
  const errors = (
    body: unknown,
    init: { status?: number; headers?: Record<string, string> } = {},
  ) =>
    describedResponseErrors(
      '/api',
      'GET',
      '/api/orders/1',
      new Response(JSON.stringify(body), {
        status: init.status ?? 200,
        headers: init.headers ?? headers,
      }),
    )

  it('accepts a response that matches', async () => {
    expect(await errors(order)).toEqual([])
  })

  it('describes Vary as sent: Authorization on a read of a caller’s data, Origin added for CORS', async () => {
    expect(
      await errors(order, {
        headers: { ...headers, Vary: 'Authorization, Origin' },
      }),
    ).toEqual([])
    expect(
      await errors(order, { headers: { ...headers, Vary: 'Origin' } }),
    ).toEqual([expect.stringContaining('header Vary')])
    const notFound = {
      type: '/api/problems/not-found',
      title: problemCatalogue['not-found'].title,
      status: 404,
      detail: 'No order 1 exists for this credential.',
      instance: '/api/orders/1',
      requestId: 'req-1',
    }
    const problemInit = {
      status: 404,
      headers: {
        'Content-Type': 'application/problem+json',
        'Cache-Control': 'no-store',
        Vary: 'Origin',
        RateLimit: '"default";r=99;t=60',
        'RateLimit-Policy': '"default";q=100;w=60',
      },
    }
    expect(await errors(notFound, problemInit)).toEqual([])
    // The 404 is one of the responses operations share (components.responses): still checked.
    const getOrder = createOpenApiDocument().paths['/api/orders/{id}']!
      .get as Operation
    expect(getOrder.responses['404']?.$ref).toMatch(
      /^#\/components\/responses\//,
    )
    expect(
      await errors({ ...notFound, colour: 'red' }, problemInit),
    ).toContainEqual(
      expect.stringContaining('must NOT have additional properties'),
    )
    const { RateLimit: _r, ...withoutRateLimit } = problemInit.headers
    expect(
      await errors(notFound, {
        status: 404,
        headers: { ...withoutRateLimit, 'X-Debug': '1' },
      }),
    ).toEqual([expect.stringContaining('x-debug is not described')])
  })

  it('is caught in the body, the status, and the headers', async () => {
    expect(await errors({ ...order, colour: 'red' })).toContainEqual(
      expect.stringContaining('must NOT have additional properties'),
    )
    expect(await errors({ ...order, status: 'paid' })).not.toEqual([])
    expect(await errors(order, { status: 418 })).toEqual([
      expect.stringContaining('does not describe 418'),
    ])
    const { ETag: _etag, ...withoutEtag } = headers
    expect(await errors(order, { headers: withoutEtag })).toEqual([
      expect.stringContaining('required header ETag'),
    ])
    expect(
      await errors(order, { headers: { ...headers, ETag: 'W/"x"' } }),
    ).toEqual([expect.stringContaining('header ETag')])
    expect(
      await errors(order, { headers: { ...headers, 'X-Debug': '1' } }),
    ).toEqual([expect.stringContaining('x-debug is not described')])
    expect(
      await errors(order, {
        headers: { ...headers, 'Content-Type': 'text/plain' },
      }),
    ).toEqual([expect.stringContaining('text/plain is not described')])
  })
})

describe('the served description', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => server.close())

  it('is public, cacheable like the root, linked from the root as service-desc, and the same document', async () => {
    const root = await fetch(`${server.url}/api`)
    const { _links } = (await root.json()) as {
      _links: Record<string, { href: string }>
    }
    expect(_links['service-desc']).toEqual({
      href: '/api/openapi.json',
      title: 'OpenAPI description',
    })
    const response = await fetch(`${server.url}${_links['service-desc']!.href}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300')
    expect(await response.json()).toEqual(createOpenApiDocument())
  })

  it('describes the Vary a cross-origin read gets from the server (Authorization, Origin)', async () => {
    const headers = {
      Authorization: 'Bearer customer-1-token',
      Origin: 'http://localhost:5173',
    }
    const read = await fetch(`${server.url}/api/orders/1`, { headers })
    expect(read.headers.get('Vary')).toBe('Authorization, Origin')
    expect(
      await describedResponseErrors('/api', 'GET', '/api/orders/1', read),
    ).toEqual([])
    const missing = await fetch(`${server.url}/api/orders/999`, { headers })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('Vary')).toBe('Origin')
    expect(
      await describedResponseErrors('/api', 'GET', '/api/orders/999', missing),
    ).toEqual([])
    const wrong = await fetch(`${server.url}/api/orders`, {
      method: 'PATCH',
      headers,
    })
    expect(wrong.status).toBe(405)
    expect(
      await describedResponseErrors('/api', 'PATCH', '/api/orders', wrong),
    ).toEqual([])
  })

  it('reflects another base path', async () => {
    const other = await startServer({
      port: 0,
      host: '127.0.0.1',
      basePath: '/v2',
    })
    try {
      const doc = (await (
        await fetch(`${other.url}/v2/openapi.json`)
      ).json()) as OpenApiDocument
      expect(Object.keys(doc.paths).every((p) => p.startsWith('/v2'))).toBe(
        true,
      )
      expect(doc.paths['/v2/orders/{id}']).toBeDefined()
      expect(JSON.stringify(doc)).not.toContain('/api/')
      expect(doc).toEqual(createOpenApiDocument({ basePath: '/v2' }))
    } finally {
      await other.close()
    }
  })

  it('generates types with openapi-typescript that a typed openapi-fetch client pays an order with, without a cast', async () => {
    const ast = await openapiTS(new URL(`${server.url}/api/openapi.json`))
    const generated = new URL('./openapi-client/generated/', import.meta.url)
    await mkdir(generated, { recursive: true })
    await writeFile(new URL('hypermock-api.ts', generated), astToString(ast))

    const flow = fileURLToPath(
      new URL('./openapi-client/pay-pending-order.ts', import.meta.url),
    )
    const configPath = fileURLToPath(
      new URL('../../tsconfig.json', import.meta.url),
    )
    const config = ts.parseJsonConfigFileContent(
      ts.readConfigFile(configPath, ts.sys.readFile).config,
      ts.sys,
      fileURLToPath(new URL('../../', import.meta.url)),
    )
    const program = ts.createProgram([flow], config.options)
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    expect(diagnostics).toEqual([])
    const casts: string[] = []
    const visit = (node: ts.Node) => {
      if (
        ts.isAsExpression(node) ||
        ts.isTypeAssertionExpression(node) ||
        ts.isNonNullExpression(node) ||
        node.kind === ts.SyntaxKind.AnyKeyword
      )
        casts.push(node.getText())
      ts.forEachChild(node, visit)
    }
    visit(program.getSourceFile(flow)!)
    expect(casts).toEqual([])

    // Loaded by URL, so the project's own type-check (which runs before the types are generated)
    // does not follow it: the program above checked it against the generated types.
    const { payPendingOrder } = (await import(
      /* @vite-ignore */ pathToFileURL(flow).href
    )) as {
      payPendingOrder(
        origin: string,
        token: string,
      ): Promise<{
        order: { id: number; currency: string }
        payment: { id: number }
        location: string | null
      }>
    }
    const { order, payment, location } = await payPendingOrder(
      server.url,
      'customer-1-token',
    )
    expect(payment).toMatchObject({
      status: 'succeeded',
      orderId: order.id,
      currency: order.currency,
    })
    expect(location).toBe(`/api/payments/${payment.id}`)
    expect(
      server.api.state.snapshot().orders.find((o) => o.id === order.id)?.status,
    ).toBe('paid')
  }, 60_000)
})
