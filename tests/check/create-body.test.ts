import { expect, it } from 'vitest'
import { describedOperations } from '../../src/check/openapi-document.ts'
import type { OpenApiDocument } from '../../src/check/openapi-document.ts'
import { requestBodyValidator } from '../../src/check/request-body-validator.ts'
import { validBody } from '../../src/check/sample-body.ts'

const base = new URL('http://127.0.0.1/')

function describe(schema: Record<string, unknown>) {
  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/things': {
        post: {
          requestBody: { content: { 'application/json': { schema } } },
          responses: { '201': { description: 'created' } },
        },
      },
    },
  } as unknown as OpenApiDocument
  const [operation] = describedOperations(doc, base)
  return { doc, valid: requestBodyValidator(doc, operation!)! }
}

const thing = {
  type: 'object',
  required: ['id', 'code', 'kind', 'on', 'label'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', readOnly: true },
    code: { type: 'string', pattern: '^[A-Z]{2}[0-9]{3}$' },
    kind: { type: 'string', enum: ['a', 'b'] },
    on: { type: 'string', format: 'date' },
    label: { type: 'string', minLength: 20 },
    note: { type: 'string' },
  },
}

it('sends the first example the request schema accepts, without its read-only members', () => {
  const { doc, valid } = describe(thing)
  const good = {
    id: 7,
    code: 'AB123',
    kind: 'b',
    on: '2030-02-03',
    label: 'a label long enough here',
  }
  const body = validBody(doc, thing, [{ code: 'x' }, good], undefined, valid)
  expect(body).toEqual({
    from: 'example',
    body: {
      code: 'AB123',
      kind: 'b',
      on: '2030-02-03',
      label: 'a label long enough here',
    },
  })
})

it('draws a body that meets patterns, enums, formats and lengths when no example does', () => {
  const { doc, valid } = describe(thing)
  const body = validBody(doc, thing, [{ code: 'x' }], undefined, valid)
  expect(body?.from).toBe('schema')
  expect(valid(body?.body)).toBe(true)
  expect(Object.keys(body!.body).sort()).toEqual([
    'code',
    'kind',
    'label',
    'on',
  ])
  // The same seed draws the same body on every run.
  expect(validBody(doc, thing, [], undefined, valid)).toEqual(body)
})

it('builds a readable body from the required members when it meets the schema', () => {
  const simple = {
    type: 'object',
    required: ['name', 'email', 'born'],
    properties: {
      name: { type: 'string', minLength: 20 },
      email: { type: 'string', format: 'email' },
      born: { type: 'string', format: 'date' },
    },
  }
  const { doc, valid } = describe(simple)
  expect(validBody(doc, simple, [], undefined, valid)).toEqual({
    from: 'schema',
    body: {
      name: 'hypermock-check-----',
      email: 'check@example.com',
      born: '2030-01-01',
    },
  })
})

it('sends the built body unchecked when ajv cannot take the description in', () => {
  const schema = {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' } },
  }
  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    // Two schemas with one $id, as a real description has: ajv refuses the whole document.
    components: {
      schemas: {
        a: { $id: 'urn:same', type: 'string' },
        b: { $id: 'urn:same', type: 'integer' },
      },
    },
    paths: {
      '/things': {
        post: {
          requestBody: { content: { 'application/json': { schema } } },
          responses: { '201': { description: 'created' } },
        },
      },
    },
  } as unknown as OpenApiDocument
  const [operation] = describedOperations(doc, base)
  const valid = requestBodyValidator(doc, operation!)
  expect(valid).toBeNull()
  expect(validBody(doc, schema, [], undefined, valid)).toEqual({
    from: 'schema',
    body: { name: 'hypermock-check' },
  })
})
