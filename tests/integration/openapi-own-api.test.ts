import { compileErrors, validate } from '@readme/openapi-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  createOpenApiDocument,
  defineApi,
  defineResource,
  type ApiDeclaration,
  type OpenApiDocument,
} from '../../src/index.ts'
import { describedResponseErrors } from '../support/openapi-conformance.ts'

// ajv-formats is CommonJS with a default export that TypeScript sees one level down.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

// The example imports the package by name, as its users do; here that is the source entry.
vi.mock('hypermock-api', () => import('../../src/index.ts'))

// A lending library, unlike the built-in domain: integer books, members with UUIDs and a hidden PIN,
// and loans that are active, overdue or returned.
const stamp = z.iso.datetime()

const books = defineResource({
  schema: z.object({
    id: z.number().int().positive(),
    title: z.string().min(1),
    isbn: z.string().startsWith('978'),
    available: z.boolean().default(true),
    version: z.number().int().positive(),
    createdAt: stamp,
    updatedAt: stamp,
  }),
  description: 'Books on the shelves.',
  seed: [
    { id: 1, title: 'Dune', isbn: '9780441013593', available: false },
    { id: 2, title: 'Emma', isbn: '9780141439587', available: true },
  ],
})

const members = defineResource({
  schema: z.object({
    id: z.uuid(),
    name: z.string().min(1),
    email: z.email(),
    pin: z.string().length(4),
  }),
  id: 'uuid',
  hidden: ['pin'],
  seed: [
    {
      id: '3f6c2a1e-8b4d-4c5e-9f7a-1b2c3d4e5f60',
      name: 'Ada',
      email: 'ada@library.example',
      pin: '1234',
    },
  ],
})

const loans = defineResource({
  schema: z.object({
    id: z.number().int().positive(),
    bookId: z.number().int().positive(),
    memberId: z.uuid(),
    status: z.enum(['active', 'overdue', 'returned']),
    renewals: z.number().int().nonnegative(),
    version: z.number().int().positive(),
  }),
  create: {
    input: z.strictObject({ bookId: z.number().int(), memberId: z.uuid() }),
    prepare: () => ({ renewals: 0 }),
  },
  replace: false,
  relations: {
    book: { field: 'bookId', to: 'books', nested: 'loans' },
    member: { field: 'memberId', to: 'members', nested: 'loans' },
  },
  state: {
    field: 'status',
    initial: 'active',
    transitions: {
      return: {
        from: ['active', 'overdue'],
        to: 'returned',
        title: 'Return the book',
        run(ctx) {
          ctx.data.table('books').update(ctx.item.bookId, { available: true })
        },
      },
      renew: {
        from: ['active', 'overdue'],
        to: 'active',
        input: z.strictObject({ days: z.number().int().min(1).max(28) }),
        guard(ctx) {
          if (ctx.item.renewals >= 2)
            ctx.fail('renewal-limit', {
              detail: `Loan ${ctx.item.id} was renewed twice already.`,
              members: { renewals: ctx.item.renewals, limit: 2 },
            })
        },
        run: (ctx) => ({ set: { renewals: ctx.item.renewals + 1 } }),
      },
    },
  },
  seed: [
    {
      id: 1,
      bookId: 1,
      memberId: '3f6c2a1e-8b4d-4c5e-9f7a-1b2c3d4e5f60',
      status: 'active',
      renewals: 0,
    },
    {
      id: 2,
      bookId: 2,
      memberId: '3f6c2a1e-8b4d-4c5e-9f7a-1b2c3d4e5f60',
      status: 'returned',
      renewals: 2,
    },
  ],
})

const library = defineApi({
  name: 'Library',
  description: 'Books, members and their loans.',
  base: '/',
  resources: { books, members, loans },
  problems: {
    'renewal-limit': {
      status: 422,
      title: 'Renewal limit reached',
      summary: 'A loan may be renewed twice; return the book instead.',
      members: z.object({ renewals: z.number().int(), limit: z.number() }),
    },
  },
})

type Operation = {
  operationId: string
  summary: string
  tags: string[]
  parameters?: { name?: string; schema?: unknown }[]
  requestBody?: { required: boolean; content: Record<string, unknown> }
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, unknown> }
  >
}
type Schemas = Record<
  string,
  {
    properties?: Record<string, { required?: string[] } & object>
    required?: string[]
    oneOf?: { $ref: string }[]
    'x-hypermock-states'?: unknown
  }
>

const op = (doc: OpenApiDocument, path: string, method: string) =>
  doc.paths[path]?.[method] as Operation

describe('the OpenAPI description of a declared API', () => {
  const doc = createOpenApiDocument({ api: library })
  const schemas = doc.components.schemas as Schemas

  it('is a valid OpenAPI 3.1 document with no warning, at the root, under a path and on a host', async () => {
    for (const basePath of ['/', '/v1', 'https://api.example.test']) {
      const result = await validate(
        createOpenApiDocument({ api: library, basePath }) as never,
      )
      expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
      expect(result.warnings).toEqual([])
    }
    const hosted = createOpenApiDocument({
      api: library,
      basePath: 'https://api.example.test',
    })
    expect(hosted.servers).toEqual([
      expect.objectContaining({ url: 'https://api.example.test' }),
    ])
    expect(Object.keys(hosted.paths)).toContain('/books/{id}')
    expect(doc.paths['/']).toBeDefined()
  })

  it('names operations after the resources, their actions and nested lists', () => {
    expect(
      [
        op(doc, '/books', 'get'),
        op(doc, '/books', 'post'),
        op(doc, '/books/{id}', 'get'),
        op(doc, '/books/{id}', 'put'),
        op(doc, '/books/{id}', 'delete'),
        op(doc, '/loans/{id}/return', 'post'),
        op(doc, '/loans/{id}/renew', 'post'),
        op(doc, '/books/{id}/loans', 'get'),
        op(doc, '/members/{id}/loans', 'get'),
      ].map((o) => o.operationId),
    ).toEqual([
      'listBooks',
      'createBook',
      'getBook',
      'replaceBook',
      'deleteBook',
      'returnLoan',
      'renewLoan',
      'listBookLoans',
      'listMemberLoans',
    ])
    expect(op(doc, '/loans/{id}/return', 'post')).toMatchObject({
      summary: 'Return the book',
      tags: ['Loans'],
    })
    expect(op(doc, '/books/{id}/loans', 'get')).toMatchObject({
      summary: 'Loans of a book',
      tags: ['Books'],
    })
    expect(doc.tags).toContainEqual({
      name: 'Books',
      description: 'Books on the shelves.',
    })
    expect(doc.paths['/loans/{id}']?.put).toMatchObject({
      operationId: 'putLoansIdNotAllowed',
      responses: { '405': expect.anything() },
    })
  })

  it('shows records less hidden fields, with their links per state and the transitions', () => {
    expect(Object.keys(schemas.Member?.properties ?? {})).toEqual([
      'id',
      'name',
      'email',
      '_links',
    ])
    expect(schemas.Loan?.oneOf).toEqual([
      { $ref: '#/components/schemas/ActiveLoan' },
      { $ref: '#/components/schemas/OverdueLoan' },
      { $ref: '#/components/schemas/ReturnedLoan' },
    ])
    expect(schemas.Loan?.['x-hypermock-states']).toEqual({
      field: 'status',
      initial: 'active',
      states: ['active', 'overdue', 'returned'],
      transitions: {
        return: {
          from: ['active', 'overdue'],
          to: 'returned',
          path: 'return',
          title: 'Return the book',
        },
        renew: { from: ['active', 'overdue'], to: 'active', path: 'renew' },
      },
    })
    expect(schemas.ActiveLoan?.properties?._links?.required).toEqual([
      'self',
      'book',
      'member',
      'return',
      'renew',
    ])
    expect(schemas.ReturnedLoan?.properties?._links?.required).toEqual([
      'self',
      'book',
      'member',
    ])
    expect(schemas.Book?.properties?._links?.required).toEqual([
      'self',
      'loans',
    ])
    expect(
      op(doc, '/members/{id}', 'get').parameters?.find((p) => p.name === 'id'),
    ).toMatchObject({ schema: { type: 'string', format: 'uuid' } })
  })

  it('takes bodies from the inputs, and keeps server-set fields out of them', () => {
    expect(Object.keys(schemas.BookCreate?.properties ?? {})).toEqual([
      'title',
      'isbn',
      'available',
    ])
    expect(schemas.BookCreate?.required).toEqual(['title', 'isbn'])
    expect(op(doc, '/loans/{id}/renew', 'post').requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/RenewLoanInput' },
        },
      },
    })
    expect(op(doc, '/loans/{id}/return', 'post').requestBody?.required).toBe(
      false,
    )
  })

  it('describes the declared problem with its members, on the operations whose hooks raise it', () => {
    const problem = schemas.RenewalLimitProblem!
    expect(problem.required).toEqual(
      expect.arrayContaining(['type', 'status', 'renewals', 'limit']),
    )
    expect(problem.properties?.type).toEqual({
      type: 'string',
      const: '/problems/renewal-limit',
    })
    expect(schemas.Problem?.oneOf).toContainEqual({
      $ref: '#/components/schemas/RenewalLimitProblem',
    })
    // Shared responses are resolved: the problem's schema is what matters.
    const answers = (path: string, method: string) =>
      JSON.stringify(
        Object.values(op(doc, path, method).responses).map((r) => {
          const ref = (r as { $ref?: string }).$ref
          return ref ? doc.components.responses?.[ref.split('/').pop()!] : r
        }),
      )
    expect(answers('/loans/{id}/renew', 'post')).toContain(
      'RenewalLimitProblem',
    )
    expect(answers('/books', 'post')).not.toContain('RenewalLimitProblem')
    // Deleting a book that a loan names is refused (the default rule).
    expect(Object.keys(op(doc, '/books/{id}', 'delete').responses)).toContain(
      '409',
    )
  })

  it('writes no format beyond the standard ones (zod writes starts_with)', () => {
    expect(JSON.stringify(doc)).not.toContain('starts_with')
  })

  it('shows seed rows and bodies as examples that validate against their own schemas', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(ajv)
    ajv.addSchema(doc, 'openapi')
    const checked = Object.entries(
      doc.components.schemas as Record<string, { examples?: unknown[] }>,
    ).flatMap(([name, schema]) =>
      (schema.examples ?? []).map((example) => {
        const check = ajv.compile({
          $ref: `openapi#/components/schemas/${name}`,
        })
        return { name, valid: check(example), errors: check.errors }
      }),
    )
    expect(checked.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'Root',
        'Book',
        'Member',
        'ActiveLoan',
        'ReturnedLoan',
        'BookCreate',
      ]),
    )
    expect(checked.filter((c) => !c.valid)).toEqual([])
  })
})

describe('a declared API’s responses against its description', () => {
  const base = 'https://api.example.test'
  const api = createMockApi({ api: library, basePath: base })
  const drift: string[] = []
  const send = async (
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const response = await api.fetch(
      new Request(`${base}${path}`, {
        method,
        headers: {
          Authorization: 'Bearer any-token',
          ...(init.body !== undefined && {
            'Content-Type': 'application/json',
          }),
          ...init.headers,
        },
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      }),
    )
    drift.push(
      ...(await describedResponseErrors(
        base,
        method,
        path,
        response.clone(),
        library,
      )),
    )
    return response
  }

  it('answers, in success and in error, as the description says', async () => {
    const statuses: number[] = []
    const expectStatus = async (
      status: number,
      ...args: Parameters<typeof send>
    ) => {
      const response = await send(...args)
      statuses.push(response.status)
      expect(response.status, `${args[0]} ${args[1]}`).toBe(status)
      return response
    }
    await expectStatus(200, 'GET', '/')
    await expectStatus(
      200,
      'GET',
      '/books?sort=-title&title=Dune,Emma&version[gte]=1',
    )
    const book = await expectStatus(200, 'GET', '/books/1')
    const etag = book.headers.get('ETag')!
    await expectStatus(304, 'GET', '/books/1', {
      headers: { 'If-None-Match': etag },
    })
    await expectStatus(201, 'POST', '/books', {
      body: { title: 'Beloved', isbn: '9781400033416' },
    })
    await expectStatus(422, 'POST', '/books', {
      body: { title: '', isbn: '123', colour: 'red' },
    })
    await expectStatus(412, 'PUT', '/books/1', {
      body: { title: 'Dune', isbn: '9780441013593', available: false },
      headers: { 'If-Match': '"book-1-v9"' },
    })
    await expectStatus(200, 'PUT', '/books/1', {
      body: { title: 'Dune', isbn: '9780441013593', available: false },
      headers: { 'If-Match': etag },
    })
    await expectStatus(409, 'DELETE', '/books/1')
    await expectStatus(200, 'GET', '/books/1/loans')
    await expectStatus(
      200,
      'GET',
      '/members/3f6c2a1e-8b4d-4c5e-9f7a-1b2c3d4e5f60/loans',
    )
    await expectStatus(404, 'GET', '/members/not-a-member')
    await expectStatus(201, 'POST', '/loans', {
      body: { bookId: 2, memberId: '3f6c2a1e-8b4d-4c5e-9f7a-1b2c3d4e5f60' },
      headers: { 'Idempotency-Key': 'loan-1' },
    })
    await expectStatus(201, 'POST', '/loans', {
      body: { bookId: 2, memberId: '3f6c2a1e-8b4d-4c5e-9f7a-1b2c3d4e5f60' },
      headers: { 'Idempotency-Key': 'loan-1' },
    })
    await expectStatus(200, 'POST', '/loans/1/renew', { body: { days: 7 } })
    await expectStatus(200, 'POST', '/loans/1/renew', { body: { days: 7 } })
    await expectStatus(422, 'POST', '/loans/1/renew', { body: { days: 7 } })
    await expectStatus(200, 'POST', '/loans/1/return')
    await expectStatus(409, 'POST', '/loans/1/return')
    await expectStatus(405, 'PATCH', '/books')
    await expectStatus(405, 'GET', '/loans/1/return')
    await expectStatus(204, 'OPTIONS', '/loans/1')
    await expectStatus(200, 'GET', '/openapi.json')
    await expectStatus(401, 'GET', '/books', {
      headers: { Authorization: 'Basic x' },
    })
    expect(drift).toEqual([])
    expect(statuses).toContain(405)
  })
})

describe('the example’s lending library (examples/own-api) against its description', () => {
  it('has a valid description with no warning, and answers a whole visit as it says', async () => {
    // Loaded by URL, so the project's type-check (which has no `hypermock-api` to resolve) does
    // not follow it; the example type-checks in its own package.
    const url = new URL('../../examples/own-api/library.ts', import.meta.url)
    const { library: example } = (await import(
      /* @vite-ignore */ url.href
    )) as { library: ApiDeclaration }
    const result = await validate(
      createOpenApiDocument({ api: example }) as never,
    )
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect(result.warnings).toEqual([])

    const api = createMockApi({ api: example })
    const drift: string[] = []
    const send = async (
      status: number,
      method: string,
      path: string,
      token: string | null,
      init: { body?: unknown; headers?: Record<string, string> } = {},
    ) => {
      const response = await api.fetch(
        new Request(`http://library.test${path}`, {
          method,
          headers: {
            ...(token !== null && { Authorization: `Bearer ${token}` }),
            ...(init.body !== undefined && {
              'Content-Type': 'application/json',
            }),
            ...init.headers,
          },
          ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
        }),
      )
      expect(response.status, `${method} ${path}`).toBe(status)
      drift.push(
        ...(await describedResponseErrors(
          '/api',
          method,
          path,
          response.clone(),
          example,
        )),
      )
      return response
    }
    await send(200, 'GET', '/api', null)
    await send(
      200,
      'GET',
      '/api/books?status=available&sort=-year',
      'ada-token',
    )
    const book = await send(200, 'GET', '/api/books/2', 'ada-token')
    await send(304, 'GET', '/api/books/2', 'ada-token', {
      headers: { 'If-None-Match': book.headers.get('ETag')! },
    })
    const key = { 'Idempotency-Key': 'borrow-2' }
    await send(201, 'POST', '/api/loans', 'ada-token', {
      body: { bookId: 2 },
      headers: key,
    })
    await send(201, 'POST', '/api/loans', 'ada-token', {
      body: { bookId: 2 },
      headers: key,
    })
    await send(422, 'POST', '/api/books', 'librarian-token', {
      body: { title: '', year: 'soon', auther: 'x' },
    })
    await send(200, 'POST', '/api/loans/1/renew', 'ada-token')
    await send(200, 'POST', '/api/loans/1/renew', 'ada-token')
    await send(409, 'POST', '/api/loans/1/renew', 'ada-token')
    await send(200, 'POST', '/api/loans/1/return', 'ada-token')
    await send(409, 'POST', '/api/loans/1/return', 'ada-token')
    await send(200, 'GET', '/api/books/1/loans', 'ada-token')
    await send(200, 'GET', '/api/members/1/loans', 'ada-token')
    await send(404, 'GET', '/api/loans/1', 'grace-token')
    await send(405, 'DELETE', '/api/loans/1', 'ada-token')
    await send(403, 'POST', '/api/loans', 'visitor-token', {
      body: { bookId: 3 },
    })
    await send(401, 'GET', '/api/loans', null)
    expect(drift).toEqual([])
  })
})

describe('names that a declaration makes meet', () => {
  it('still gives every operation its own id', async () => {
    const schema = z.object({
      id: z.number().int(),
      status: z.enum(['open', 'shut']),
    })
    const api = defineApi({
      name: 'Clash',
      resources: {
        books: defineResource({
          schema,
          state: {
            field: 'status',
            initial: 'open',
            transitions: { get: { from: ['open'], to: 'shut' } },
          },
          collections: { loans: { of: 'book-loans', where: () => true } },
        }),
        'book-loans': defineResource({ schema: z.object({ id: z.number() }) }),
      },
    })
    const doc = createOpenApiDocument({ api })
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((op) => (op as Operation).operationId),
    )
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(
      expect.arrayContaining(['getBook', 'getBook2', 'listBookLoans']),
    )
    const result = await validate(doc as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
  })
})
