import { isObject } from '../../../common/is-object.ts'
/** One operation of the description, as the Reference view lists it. */
export interface ReferenceOperation {
  method: string
  /** The path template, e.g. `/api/orders/{id}/payment`. */
  path: string
  summary: string
  operationId: string
  /** The statuses the description lists, in order. */
  statuses: string[]
  /** No credential needed. */
  public: boolean
  /** The console's URL parameters: the path with example ids, the example body. */
  console: Record<string, string>
  /** The operation object as the description gives it (parameters, bodies, responses). */
  details: Record<string, unknown>
}

export interface ReferenceGroup {
  tag: string
  description: string
  operations: ReferenceOperation[]
}

type Json = Record<string, unknown>

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options']

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** `#/components/schemas/Order` → that schema, or undefined. */
function resolve(doc: Json, ref: unknown): Json | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined
  let node: unknown = doc
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(node)) return undefined
    node = node[part.replaceAll('~1', '/').replaceAll('~0', '~')]
  }
  return isObject(node) ? node : undefined
}

/** The path with each `{param}` replaced by its example (a seeded id), when it has one. */
function examplePath(path: string, parameters: unknown) {
  const examples = new Map<string, string>()
  for (const parameter of Array.isArray(parameters) ? parameters : []) {
    if (isObject(parameter) && parameter.in === 'path')
      examples.set(text(parameter.name), String(parameter.example ?? ''))
  }
  return path.replace(
    /\{(\w+)\}/g,
    (whole, name: string) => examples.get(name) || whole,
  )
}

/** The first example of the JSON request body's schema, formatted for the console. */
function exampleBody(doc: Json, operation: Json) {
  const body = isObject(operation.requestBody) ? operation.requestBody : {}
  const content = isObject(body.content) ? body.content : {}
  const json = isObject(content['application/json'])
    ? content['application/json']
    : {}
  const schema = isObject(json.schema)
    ? (resolve(doc, json.schema.$ref) ?? json.schema)
    : undefined
  const examples = schema?.examples
  return Array.isArray(examples) && examples.length > 0
    ? JSON.stringify(examples[0], null, 2)
    : undefined
}

/**
 * The operations of an OpenAPI description, grouped by tag in the description's order. Throws an
 * error that says what is wrong when the document is not an OpenAPI description.
 */
export function readOperations(doc: unknown): ReferenceGroup[] {
  if (!isObject(doc) || !isObject(doc.paths))
    throw new Error(
      'The service description is not an OpenAPI document: it has no "paths".',
    )
  const groups = new Map<string, ReferenceGroup>()
  for (const tag of Array.isArray(doc.tags) ? doc.tags : []) {
    if (isObject(tag))
      groups.set(text(tag.name), {
        tag: text(tag.name),
        description: text(tag.description),
        operations: [],
      })
  }
  const globalSecurity = Array.isArray(doc.security) && doc.security.length > 0
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue
    for (const method of METHODS) {
      const operation = item[method]
      if (!isObject(operation)) continue
      // A method the path lacks is described only to document its 405: nothing to try here.
      if (operation['x-hypermock-not-allowed'] === true) continue
      const tags = Array.isArray(operation.tags) ? operation.tags : []
      const tag = text(tags[0]) || 'Other'
      let group = groups.get(tag)
      if (!group) {
        group = { tag, description: '', operations: [] }
        groups.set(tag, group)
      }
      const console: Record<string, string> = {
        method: method.toUpperCase(),
        path: examplePath(path, operation.parameters),
      }
      const body = exampleBody(doc, operation)
      if (body !== undefined) console.body = body
      const security = operation.security
      group.operations.push({
        method: method.toUpperCase(),
        path,
        summary: text(operation.summary),
        operationId: text(operation.operationId),
        statuses: Object.keys(
          isObject(operation.responses) ? operation.responses : {},
        ),
        public: Array.isArray(security)
          ? security.length === 0
          : !globalSecurity,
        console,
        details: operation,
      })
    }
  }
  return [...groups.values()].filter((g) => g.operations.length > 0)
}
