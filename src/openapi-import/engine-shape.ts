/** How the importer declares a collection the engine serves: its path, its parents, its bodies. */
import type { Dialect } from '../mock-server/declare/types.ts'
import { isJsonSubtype, JSON_TYPE } from '../mock-server/representation-type.ts'
import type { CollectionOperations } from './infer-resource.ts'
import { requestBodyOf, type DocOperation } from './openapi-reader.ts'
import { flatten, resolve, typeOf, type Json } from './schema-view.ts'

/** The first segments hypermock serves itself under the base. */
export const RESERVED = new Set(['problems', 'openapi.json', 'asyncapi.json'])

/** A collection's literal segment, as a path spells it (`pets`, `payment_intents`, `findByStatus`). */
export const LITERAL = /^[A-Za-z][\w-]{0,62}$/

const TEMPLATE = /^\{([^}]+)\}$/

/**
 * A nested collection's path (`/customers/{customer}/sources`, `/repos/{owner}/{repo}/issues`) and
 * its item's parameter: literal segments and its parents' parameters, a literal last.
 */
export function nestedShapeOf(document: Json, op: DocOperation) {
  const path = op.path
  const parts = path.split('/').slice(1)
  const last = parts.at(-1)
  const id = last !== undefined && TEMPLATE.test(last) ? last : undefined
  const collection = id ? parts.slice(0, -1) : parts
  if (collection.length < 3 || collection.length > 12) return undefined
  if (!LITERAL.test(collection[0]!) || RESERVED.has(collection[0]!))
    return undefined
  if (!LITERAL.test(collection.at(-1)!)) return undefined
  const parents: {
    param: string
    segment: string | undefined
    type: string | undefined
  }[] = []
  for (const [i, part] of collection.entries()) {
    const template = TEMPLATE.exec(part)
    if (template) {
      const before = collection[i - 1]
      const schema = op.parameters.find(
        (p) => p.in === 'path' && p.name === template[1],
      )?.schema
      parents.push({
        param: template[1]!,
        segment: before && LITERAL.test(before) ? before : undefined,
        type:
          schema === undefined ? undefined : typeOf(flatten(document, schema)),
      })
    } else if (!LITERAL.test(part)) return undefined
  }
  if (parents.length === 0) return undefined
  return { at: `/${collection.join('/')}`, id, parents }
}

/**
 * A nested collection's path as the engine declares it: each parameter named as a route may name
 * it (`{owner-id}` → `{owner_id}`), none the item's own.
 */
export function enginePathOf(at: string, itemParam: string) {
  const names = new Map<string, string>()
  const path = at.replace(/\{([^}]+)\}/g, (_, param: string) => {
    let name = param.replace(/\W/g, '_')
    if (!/^[A-Za-z_]/.test(name)) name = `p_${name}`
    while (name === itemParam || [...names.values()].includes(name))
      name = `${name}_parent`
    names.set(param, name)
    return `{${name}}`
  })
  return { path, names }
}

/**
 * The media types a collection's writes take where they are forms: a URL-encoded form or JSON
 * (Stripe's), or a multipart form alone (an upload). None where every write takes JSON.
 */
export function bodiesOf(
  document: Json,
  group: CollectionOperations,
): Dialect['bodies'] {
  const types = new Set<string>()
  for (const op of [group.create, group.replace, group.patch, group.update])
    if (op) {
      const type = requestBodyOf(document, op.operation, true)?.type
      if (type) types.add(type)
    }
  if (types.has('multipart/form-data')) return ['multipart/form-data']
  if (types.has('application/x-www-form-urlencoded'))
    return ['application/x-www-form-urlencoded', 'application/json']
  return undefined
}

/** The JSON media types an operation's successes list (`application/json`, any `+json`). */
function successTypes(document: Json, op: DocOperation): string[] {
  const responses = (op.operation.responses as Json | undefined) ?? {}
  const types: string[] = []
  for (const [status, response] of Object.entries(responses))
    if (/^2\d\d$/.test(status))
      for (const type of Object.keys(
        (resolve(document, response).content as Json | undefined) ?? {},
      ))
        if (type === JSON_TYPE || type.endsWith('+json')) types.push(type)
  return types
}

/**
 * The media type of a collection's records where its operations answer them in a `+json` type
 * of their own and some lists no `application/json` (GitHub's SCIM users, `application/scim+json`
 * only): the one such type every operation's success lists. None where each lists JSON.
 */
export function mediaTypeOf(
  document: Json,
  group: CollectionOperations,
): string | undefined {
  const lists = [
    group.list,
    group.create,
    group.read,
    group.replace,
    group.patch,
    group.update,
    group.replaceByBody,
  ]
    .filter((op) => op !== undefined)
    .map((op) => successTypes(document, op))
    .filter((types) => types.length > 0)
  if (lists.every((types) => types.includes(JSON_TYPE))) return undefined
  return lists[0]!.find(
    (type) => isJsonSubtype(type) && lists.every((t) => t.includes(type)),
  )
}
