import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { expect } from 'vitest'
import { normalise30 } from '../../src/openapi-import/schema-view.ts'

// ajv-formats is CommonJS with a default export that TypeScript sees one level down.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

type Json = Record<string, unknown>

const escape = (part: string) =>
  part.replaceAll('~', '~0').replaceAll('/', '~1')

/**
 * Checks each success response the mock gives against the description it was imported from: the
 * operation is found by path template and method, the status must be one it lists, and a JSON
 * body must match that status's schema.
 */
export function describedBy(bundled: Json, basePath: string) {
  const document = String(bundled.openapi).startsWith('3.0.')
    ? (normalise30(bundled) as Json)
    : bundled
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false })
  addFormats(ajv)
  ajv.addSchema(document, 'openapi')
  const paths = document.paths as Record<string, Json>
  const templates = Object.keys(paths).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  const compiled = new Map<string, ValidateFunction>()
  const resolveRef = (node: Json, pointer: string): [Json, string] => {
    if (typeof node.$ref !== 'string') return [node, pointer]
    const target = node.$ref
    const value = target
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (at, key) =>
          (at as Json)[key.replaceAll('~1', '/').replaceAll('~0', '~')],
        document,
      )
    return [value as Json, target]
  }

  return expectPath

  async function expectPath(
    method: string,
    fullPath: string,
    response: Response,
  ) {
    expect(response.ok, `${method} ${fullPath} is a success`).toBe(true)
    const path = fullPath.split('?')[0]!.slice(basePath.length) || '/'
    const template = templates.find((t) => t.pattern.test(path))
    expect(template, `${path} is a path of the description`).toBeDefined()
    const operation = paths[template!.path]![method.toLowerCase()] as Json
    expect(operation, `${method} ${template!.path} is described`).toBeDefined()
    const status = String(response.status)
    const responses = operation.responses as Json
    expect(
      Object.keys(responses),
      `${method} ${template!.path} lists ${status}`,
    ).toContain(status)
    const [described, at] = resolveRef(
      responses[status] as Json,
      `#/paths/${escape(template!.path)}/${method.toLowerCase()}/responses/${status}`,
    )
    const content = described.content as Record<string, Json> | undefined
    const body = await response.clone().text()
    if (!content || body === '') return
    const media = content['application/json']
      ? 'application/json'
      : Object.keys(content)[0]!
    const pointer = `openapi${at}/content/${escape(media)}/schema`
    let validate = compiled.get(pointer)
    if (!validate) {
      validate = ajv.compile({ $ref: pointer })
      compiled.set(pointer, validate)
    }
    const valid = validate(JSON.parse(body))
    expect(
      valid ? [] : validate.errors,
      `${method} ${path} ${status} matches the description`,
    ).toEqual([])
  }
}

/**
 * Sends requests to an imported mock, each success checked against the description it came from.
 * `path` is the description's own (`/pets/1`), sent below `base` on `origin`; `headers` go with
 * every request (a token), and a body is sent as JSON.
 */
export function describedCaller(
  api: { fetch(request: Request): Promise<Response> },
  bundled: Json,
  options: { origin: string; base?: string; headers?: Record<string, string> },
) {
  const { origin, base = '', headers = {} } = options
  const described = describedBy(bundled, base)
  return async (
    method: string,
    path: string,
    body?: unknown,
    more: Record<string, string> = {},
  ) => {
    const full = `${base}${path}`
    const response = await api.fetch(
      new Request(`${origin}${full}`, {
        method,
        headers: {
          ...headers,
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
          ...more,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    if (response.ok) await described(method, full, response)
    return response
  }
}
