import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { CONTROL_PATH } from '../../src/mock-server/control/control-path.ts'
import {
  createOpenApiDocument,
  type ApiDeclaration,
  type OpenApiDocument,
} from '../../src/index.ts'
import { shopApi } from '../../src/domains/shop/index.ts'

// ajv-formats is CommonJS with a default export that TypeScript sees one level down.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

/** Headers of the transport, not of the API: any response may carry them. */
const TRANSPORT_HEADERS =
  /^(content-type|content-length|date|connection|keep-alive|transfer-encoding|access-control-.*)$/

interface HeaderObject {
  required?: boolean
  schema: unknown
}

interface ResponseObject {
  $ref?: string
  headers?: Record<string, { $ref: string }>
  content?: Record<string, { schema: unknown }>
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

/** One API's description at one base, compiled once, and a check of responses against it. */
class Conformance {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true })
  private readonly compiled = new Map<string, ValidateFunction>()
  /** Many responses share a schema (a problem union, a `$ref`): each is compiled once. */
  private readonly bySchema = new Map<string, ValidateFunction>()
  private readonly doc: OpenApiDocument
  private readonly templates: { path: string; pattern: RegExp }[]

  constructor(basePath: string, api: ApiDeclaration) {
    this.doc = createOpenApiDocument({ basePath, api })
    addFormats(this.ajv)
    this.ajv.addSchema(this.doc, 'openapi')
    this.templates = Object.keys(this.doc.paths).map((path) => ({
      path,
      pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
    }))
  }

  /** Compiles every schema up front, so no check pauses a test that watches the clock. */
  warm() {
    this.validator('components/schemas/Problem')
    for (const [path, item] of Object.entries(this.doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const { responses } = operation as {
          responses: Record<string, ResponseObject>
        }
        for (const status of Object.keys(responses)) {
          const [response, at] = this.response(
            pointer('paths', path, method, 'responses', status),
          )
          for (const header of Object.values(response.headers ?? {}))
            this.validator(`${header.$ref.slice(2)}/schema`)
          for (const mediaType of Object.keys(response.content ?? {}))
            this.validator(`${at}/${pointer('content', mediaType, 'schema')}`)
        }
      }
    }
    return this
  }

  /** The response object at a pointer, and where it lives (a shared one in `components`). */
  private response(ref: string): [ResponseObject, string] {
    const response = resolve(this.doc, ref) as ResponseObject
    return response.$ref
      ? [
          resolve(this.doc, response.$ref.slice(2)) as ResponseObject,
          response.$ref.slice(2),
        ]
      : [response, ref]
  }

  private validator(ref: string) {
    let validate = this.compiled.get(ref)
    if (!validate) {
      const key = JSON.stringify(resolve(this.doc, ref))
      validate = this.bySchema.get(key)
      if (!validate) {
        validate = this.ajv.compile({ $ref: `openapi#/${ref}` })
        this.bySchema.set(key, validate)
      }
      this.compiled.set(ref, validate)
    }
    return validate
  }

  private errors(ref: string, value: unknown) {
    const validate = this.validator(ref)
    return validate(value) ? [] : (validate.errors ?? [])
  }

  /** Every way `response` disagrees with the description; empty when it agrees. */
  async check(method: string, path: string, response: Response) {
    const pathname = new URL(path, 'http://hypermock.invalid').pathname
    if (pathname === CONTROL_PATH || pathname.startsWith(`${CONTROL_PATH}/`))
      return []
    const what = `${method} ${pathname} → ${response.status}`
    const text = await response.text()
    const template = this.templates.find((t) => t.pattern.test(pathname))
    const operation = template
      ? (this.doc.paths[template.path]?.[method.toLowerCase()] as
          | { responses: Record<string, ResponseObject> }
          | undefined)
      : undefined
    if (!template || !operation) {
      // No operation: an unknown path (404), a method the resource lacks (405), or a fault that
      // struck first. Each is still a problem document of a described type.
      const body = method === 'HEAD' ? null : parse(text)
      if (body === null) return method === 'HEAD' ? [] : [`${what}: no body`]
      return this.errors('components/schemas/Problem', body).map(
        (e) => `${what} (no operation): body${e.instancePath} ${e.message}`,
      )
    }
    const status = String(response.status)
    if (!Object.hasOwn(operation.responses, status))
      return [
        `${what}: ${method} ${template.path} does not describe ${response.status} (it describes ${Object.keys(operation.responses).join(', ')})`,
      ]
    const [described, at] = this.response(
      pointer(
        'paths',
        template.path,
        method.toLowerCase(),
        'responses',
        status,
      ),
    )
    const problems: string[] = []
    const headers = described.headers ?? {}
    const names = new Set(Object.keys(headers).map((n) => n.toLowerCase()))
    for (const [name, ref] of Object.entries(headers)) {
      const componentRef = ref.$ref.slice(2)
      const component = resolve(this.doc, componentRef) as HeaderObject
      const value = response.headers.get(name)
      if (value === null) {
        if (component.required)
          problems.push(`${what}: the required header ${name} is missing`)
        continue
      }
      for (const e of this.errors(`${componentRef}/schema`, value))
        problems.push(
          `${what}: header ${name}: ${JSON.stringify(value)} ${e.message}`,
        )
    }
    for (const [name] of response.headers) {
      if (!names.has(name) && !TRANSPORT_HEADERS.test(name))
        problems.push(`${what}: the header ${name} is not described`)
    }
    const content = described.content
    // A 201 asked `Prefer: return=minimal` has no body: its description says so in words, as
    // OpenAPI has no optional content.
    if (
      text === '' &&
      response.status === 201 &&
      response.headers.get('Preference-Applied') === 'return=minimal'
    )
      return problems
    if (!content || method === 'HEAD') {
      if (text !== '') problems.push(`${what}: a body where none is described`)
      return problems
    }
    const mediaType = (response.headers.get('Content-Type') ?? '')
      .split(';')[0]!
      .trim()
    if (!Object.hasOwn(content, mediaType)) {
      problems.push(
        `${what}: Content-Type ${mediaType || '(none)'} is not described (${Object.keys(content).join(', ')})`,
      )
      return problems
    }
    const body = mediaType.endsWith('json') ? parse(text) : text
    const schemaRef = `${at}/${pointer('content', mediaType, 'schema')}`
    for (const e of this.errors(schemaRef, body))
      problems.push(
        `${what}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
      )
    return problems
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

function resolve(doc: unknown, ref: string) {
  let node = doc
  for (const part of ref.split('/'))
    node = (node as Record<string, unknown>)[
      part.replaceAll('~1', '/').replaceAll('~0', '~')
    ]
  return node
}

const byApi = new WeakMap<ApiDeclaration, Map<string, Conformance>>()

function conformanceFor(basePath: string, api: ApiDeclaration) {
  let byBase = byApi.get(api)
  if (!byBase) byApi.set(api, (byBase = new Map()))
  let conformance = byBase.get(basePath)
  if (!conformance) {
    conformance = new Conformance(basePath, api).warm()
    byBase.set(basePath, conformance)
  }
  return conformance
}

/**
 * Builds the checks for an API (the built-in domain by default) at a base ahead of the first
 * request (call it from a `beforeAll`).
 */
export function prepareDescribedResponses(
  basePath: string,
  api: ApiDeclaration = shopApi,
) {
  conformanceFor(basePath, api)
}

/**
 * The ways a response disagrees with the OpenAPI description of the mock that sent it, for that
 * operation and status: status, headers (required, syntax, none undescribed), media type, body.
 * `basePath` is the base as the description's paths start with it, with its host where it has one.
 */
export function describedResponseErrors(
  basePath: string,
  method: string,
  path: string,
  response: Response,
  api: ApiDeclaration = shopApi,
): Promise<string[]> {
  return conformanceFor(basePath, api).check(
    method.toUpperCase(),
    path,
    response,
  )
}
