import { compileErrors, validate } from '@readme/openapi-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlRoutes } from '../../../src/mock-server/control/control-routes.ts'
import { buildControlApiDocument } from '../../../src/mock-server/openapi/control-api-document.ts'
import type { OpenApiDocument } from '../../../src/mock-server/openapi/build-openapi-document.ts'
import {
  startServer,
  type RunningServer,
} from '../../../src/server/start-server.ts'

// ajv-formats is CommonJS with a default export that TypeScript sees one level down.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

type Operation = {
  responses: Record<
    string,
    { content?: Record<string, { schema: unknown }>; headers?: object }
  >
}

/** `METHOD /path/{id}` of every operation the route table serves under `controlPath`. */
const served = (controlPath: string) =>
  controlRoutes.flatMap((route) =>
    Object.keys(route.methods).map(
      (method) =>
        `${method} ${controlPath}${route.path.replace(/:(\w+)/g, '{$1}')}`,
    ),
  )

const described = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  )

describe("the control API's OpenAPI description", () => {
  let server: RunningServer
  let document: OpenApiDocument
  beforeAll(async () => {
    server = await startServer({ port: 0 })
    const response = await fetch(`${server.url}/__mock/openapi.json`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toContain('no-store')
    document = (await response.json()) as OpenApiDocument
  })
  afterAll(() => server.close())

  it('is served at GET /__mock/openapi.json as a valid OpenAPI 3.1 document with no warning', async () => {
    const result = await validate(structuredClone(document) as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect(result.warnings).toEqual([])
  })

  it('describes every method of every control route, and nothing else', () => {
    expect(served('/__mock').length).toBeGreaterThan(10)
    expect(described(document).sort()).toEqual(served('/__mock').sort())
  })

  it('refuses to describe a route table with a route it has no words for', () => {
    const extra = { path: '/extra', methods: { GET: () => new Response() } }
    expect(() =>
      buildControlApiDocument([...controlRoutes, extra], '/__mock'),
    ).toThrow(/GET \/extra has no entry/)
  })

  it('follows the control path it is served under', () => {
    const moved = buildControlApiDocument(controlRoutes, '/_control')
    expect(described(moved).sort()).toEqual(served('/_control').sort())
  })

  it("matches the server's answers: every read, and a fault rule added", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(ajv)
    const check = async (method: string, path: string, response: Response) => {
      const operation = (
        document.paths[path] as Record<string, Operation> | undefined
      )?.[method.toLowerCase()]
      const described = operation?.responses[String(response.status)]
      expect(described, `${method} ${path} → ${response.status}`).toBeDefined()
      const schema = described!.content?.['application/json']?.schema
      if (response.status === 204) return expect(schema).toBeUndefined()
      const validateBody = ajv.compile(schema as object)
      const body: unknown = await response.json()
      expect(
        validateBody(body) ? [] : validateBody.errors,
        `${method} ${path}`,
      ).toEqual([])
    }
    const reads = served('/__mock').filter(
      (operation) => operation.startsWith('GET ') && !operation.includes('{'),
    )
    expect(reads.length).toBeGreaterThan(6)
    for (const read of reads) {
      const path = read.slice('GET '.length)
      await check('GET', path, await fetch(`${server.url}${path}`))
    }
    const added = await fetch(`${server.url}/__mock/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        match: { method: 'get', path: '/api/orders' },
        effect: { kind: 'status', status: 503 },
        times: 1,
      }),
    })
    expect(added.status).toBe(201)
    await check('POST', '/__mock/faults', added)
    const refused = await fetch(`${server.url}/__mock/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceMs: -1 }),
    })
    const operation = (
      document.paths['/__mock/clock'] as Record<string, Operation>
    ).post!
    expect(Object.keys(operation.responses)).toContain(String(refused.status))
  })
})
