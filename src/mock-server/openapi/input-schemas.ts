import type { CompiledResource } from '../declare/compile-resource.ts'
import {
  checkWith,
  jsonSchemaOf,
  type JsonSchema,
} from '../declare/schema-tools.ts'
import type { AnyRecord, Schema } from '../declare/types.ts'
import { embedSchema } from './embed-schema.ts'
import { withArticle } from './schema-names.ts'
import type { SchemaContext } from './representation-schemas.ts'

/** An action that declares no body takes an empty object, or nothing. */
export const EMPTY_ACTION: JsonSchema = {
  type: 'object',
  description: 'No members: the action takes no body (or `{}`).',
  properties: {},
  additionalProperties: false,
  examples: [{}],
}

/**
 * A body to show with an input, taken from the first seed row: its required members, and the
 * optional ones that name no other record (a reference is the caller's choice, and the owner field
 * needs an admin token). Shown only if the input's schema accepts it.
 */
function exampleOf(
  resource: CompiledResource,
  input: Schema,
  json: JsonSchema,
  row: AnyRecord | undefined,
) {
  if (!row) return undefined
  const required = new Set((json.required ?? []) as string[])
  const references = new Set([
    ...resource.relations.map((r) => r.field),
    ...(resource.ownerField ? [resource.ownerField] : []),
  ])
  const example: AnyRecord = {}
  for (const field of Object.keys(json.properties ?? {})) {
    if (!(field in row) || row[field] === undefined) continue
    if (required.has(field) || !references.has(field))
      example[field] = row[field]
  }
  return 'value' in checkWith(input, example) ? example : undefined
}

/** A request body's schema (what the schema accepts), named, with an example where one fits. */
function addInput(
  ctx: SchemaContext,
  resource: CompiledResource,
  name: string,
  input: Schema | undefined,
) {
  if (!input) {
    ctx.schemas[name] = { type: 'object' }
    return
  }
  const json = embedSchema(jsonSchemaOf(input, 'input'), name, ctx.schemas)
  const example = exampleOf(resource, input, json, ctx.seed[resource.name]?.[0])
  ctx.schemas[name] = { ...json, ...(example && { examples: [example] }) }
}

/** Whether a request may leave the body out: the operation validates `{}` in its place. */
export function bodyOptional(input: Schema | undefined) {
  return !input || 'value' in checkWith(input, {})
}

/**
 * A merge patch's body: the replace body's members, each optional and each `null` to remove it;
 * what the merged record must be is the replace body's schema.
 */
function addMergePatch(ctx: SchemaContext, resource: CompiledResource) {
  const names = ctx.names.get(resource.name)!
  const replace = ctx.schemas[names.replace] ?? {}
  const properties: Record<string, JsonSchema> = {}
  for (const [field, schema] of Object.entries(
    (replace.properties ?? {}) as Record<string, JsonSchema>,
  ))
    properties[field] = { anyOf: [schema, { type: 'null' }] }
  ctx.schemas[names.patch] = {
    type: 'object',
    description: `A JSON Merge Patch of ${withArticle(resource.singular)} (RFC 7396): the members to change, \`null\` to remove one. The merged ${resource.singular} must be a valid \`${names.replace}\`.`,
    properties,
    ...(replace.additionalProperties !== undefined && {
      additionalProperties: replace.additionalProperties,
    }),
  }
}

/** The create, replace and action bodies of one resource. */
export function addInputs(ctx: SchemaContext, resource: CompiledResource) {
  const names = ctx.names.get(resource.name)!
  if (resource.create)
    addInput(ctx, resource, names.create, resource.create.input)
  if (resource.replace)
    addInput(ctx, resource, names.replace, resource.replace.input)
  if (resource.patch) addMergePatch(ctx, resource)
  for (const t of resource.state?.transitions ?? []) {
    const name = names.actions.get(t.name)
    if (name && t.input)
      ctx.schemas[name] = embedSchema(
        jsonSchemaOf(t.input, 'input'),
        name,
        ctx.schemas,
      )
  }
  if (resource.state?.transitions.some((t) => !t.input))
    ctx.schemas.EmptyAction = EMPTY_ACTION
}
