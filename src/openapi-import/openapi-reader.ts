import { flatten, isObject, resolve, typeOf, type Json } from './schema-view.ts'

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const
export type DocMethod = (typeof METHODS)[number]

/** One operation of the description, with what the importer needs of it at hand. */
export interface DocOperation {
  method: DocMethod
  path: string
  operation: Json
  parameters: Json[]
}

/** Every operation, its path-level parameters merged in (an operation's own win). */
export function operationsOf(document: Json): DocOperation[] {
  const out: DocOperation[] = []
  for (const [path, raw] of Object.entries(
    (document.paths as Json | undefined) ?? {},
  )) {
    const item = resolve(document, raw)
    const shared = ((item.parameters as unknown[] | undefined) ?? []).map((p) =>
      resolve(document, p),
    )
    for (const method of METHODS) {
      const operation = item[method]
      if (!isObject(operation)) continue
      const own = ((operation.parameters as unknown[] | undefined) ?? []).map(
        (p) => resolve(document, p),
      )
      const named = new Set(own.map((p) => `${String(p.in)} ${String(p.name)}`))
      out.push({
        method,
        path,
        operation,
        parameters: [
          ...shared.filter(
            (p) => !named.has(`${String(p.in)} ${String(p.name)}`),
          ),
          ...own,
        ],
      })
    }
  }
  return out
}

/** The JSON media type of a content map: `application/json`, or any `+json`. */
export function jsonMedia(
  content: unknown,
): { type: string; media: Json } | undefined {
  if (!isObject(content)) return undefined
  const type =
    Object.keys(content).find((t) => t === 'application/json') ??
    Object.keys(content).find((t) => /[/+]json(;|$)/.test(t)) ??
    Object.keys(content).find((t) => t === '*/*')
  return type ? { type, media: content[type] as Json } : undefined
}

/** The first success response: its status and JSON body (schema and example), if any. */
export function successOf(document: Json, operation: Json) {
  const responses = (operation.responses as Json | undefined) ?? {}
  const status = Object.keys(responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort()[0]
  if (!status) return undefined
  const response = resolve(document, responses[status])
  const body = jsonMedia(response.content)
  return { status: Number(status), response, body }
}

/** A media type's example: `example`, or the first of `examples` (an Example Object's value). */
export function exampleOf(document: Json, media: Json | undefined): unknown {
  if (!media) return undefined
  if (media.example !== undefined) return media.example
  if (isObject(media.examples)) {
    const first = Object.values(media.examples)[0]
    if (first !== undefined) return resolve(document, first).value
  }
  const schema = flatten(document, media.schema)
  if (schema.example !== undefined) return schema.example
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return schema.examples[0]
  return undefined
}

/** The form media types a request body may have besides JSON, which the engine also reads. */
export const FORM_TYPES = [
  'application/x-www-form-urlencoded',
  'multipart/form-data',
] as const

/**
 * The request body's schema, when there is one: its JSON media type's, else (with `forms`) its
 * form's (`application/x-www-form-urlencoded`, `multipart/form-data`), whose values arrive as
 * strings and are read by the schema's types.
 */
export function requestSchemaOf(
  document: Json,
  operation: Json,
  forms = false,
): unknown {
  return requestBodyOf(document, operation, forms)?.schema
}

/** The request body's media type and schema: JSON first, then a form (with `forms`). */
export function requestBodyOf(
  document: Json,
  operation: Json,
  forms = false,
): { type: string; schema: unknown } | undefined {
  const body = resolve(document, operation.requestBody)
  const json = jsonMedia(body.content)
  if (json) return { type: json.type, schema: json.media.schema }
  if (!forms || !isObject(body.content)) return undefined
  for (const type of FORM_TYPES) {
    const media = body.content[type]
    if (isObject(media))
      return { type, schema: media.schema ?? { type: 'object' } }
  }
  return undefined
}

/** A schema's properties, each flattened: the engine reads their types for filters. */
export function flatProperties(
  document: Json,
  schema: Json,
): Record<string, Json> {
  const out: Record<string, Json> = {}
  for (const [name, property] of Object.entries(
    (schema.properties as Json | undefined) ?? {},
  ))
    out[name] = flatten(document, property)
  return out
}

/**
 * The array member of a list's answer that holds its records: the first whose items are objects
 * (SCIM's `{ schemas: [string], Resources: [User] }` holds its users in `Resources`), else the
 * first array member. `properties` are flattened, as `flatProperties` gives them.
 */
export function recordsMemberOf(
  document: Json,
  properties: Record<string, Json>,
): string | undefined {
  const arrays = Object.keys(properties).filter(
    (name) => typeOf(properties[name]!) === 'array',
  )
  return (
    arrays.find(
      (name) => typeOf(flatten(document, properties[name]!.items)) === 'object',
    ) ?? arrays[0]
  )
}
