import type { ApiModel } from '../model/compiled-api.ts'
import type { CompiledResource } from '../declare/compile-resource.ts'
import type { JsonSchema } from '../declare/schema-tools.ts'
import type { AnyRecord } from '../declare/types.ts'
import { embedSchema } from './embed-schema.ts'
import { schemaRef, statesOf, type ResourceNames } from './schema-names.ts'

export interface SchemaContext {
  api: ApiModel
  /** The base href links start with (`/api`, `''`, `https://api.example.com`). */
  base: string
  names: ReadonlyMap<string, ResourceNames>
  seed: Record<string, AnyRecord[]>
  /** Where every named schema goes (`components.schemas`). */
  schemas: Record<string, JsonSchema>
}

/** A seed row as the API presents it: links under this base, hidden fields left out. */
export function presentRow(
  ctx: SchemaContext,
  resource: CompiledResource,
  row: AnyRecord,
) {
  return ctx.api.present(resource, row, { baseHref: ctx.base })
}

function nullable(schema: JsonSchema | undefined) {
  if (!schema) return true
  const type = schema.type
  if (Array.isArray(type) && type.includes('null')) return true
  if (type === 'null') return true
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  return Array.isArray(variants) && variants.some(nullable)
}

/** The record's own members, less the hidden fields: what every representation shows. */
function recordMembers(ctx: SchemaContext, resource: CompiledResource) {
  const name = ctx.names.get(resource.name)!.item
  const json = embedSchema(resource.json, name, ctx.schemas)
  const all = (json.properties ?? {}) as Record<string, JsonSchema>
  // A record's own id beside another key is shown, though the stored id (the key) is not.
  const shown = (field: string) =>
    !resource.hidden.has(field) ||
    (resource.ownId !== undefined && field === 'id')
  const properties: Record<string, JsonSchema> = {}
  for (const [field, schema] of Object.entries(all))
    if (shown(field)) properties[field] = schema
  const required = ((json.required ?? []) as string[]).filter(shown)
  // A record schema that says nothing of its members (a schema without JSON Schema) allows any.
  const additionalProperties =
    'properties' in json ? (json.additionalProperties ?? false) : true
  return { all, properties, required, additionalProperties }
}

/** `_links` in one state (`undefined`: any state, every action link optional). */
function linksSchema(
  resource: CompiledResource,
  fields: Record<string, JsonSchema>,
  requiredFields: readonly string[],
  state: { value: unknown } | undefined,
): JsonSchema {
  const properties: Record<string, JsonSchema> = { self: schemaRef('Link') }
  const required = ['self']
  const add = (rel: string, schema: JsonSchema, always: boolean) => {
    properties[rel] = schema
    if (always) required.push(rel)
  }
  // A relation's link is there whenever its field names something (hidden fields drive links too).
  for (const relation of resource.relations)
    add(
      relation.name,
      schemaRef('Link'),
      requiredFields.includes(relation.field) &&
        !nullable(fields[relation.field]),
    )
  for (const nested of resource.nested)
    add(nested.name, schemaRef('Link'), true)
  for (const t of resource.state?.transitions ?? []) {
    if (state && !t.from.includes(state.value)) continue
    add(t.name, schemaRef('ActionLink'), state !== undefined)
  }
  return {
    type: 'object',
    properties,
    required,
    // Links a declaration adds with `links()` may have any relation name.
    additionalProperties: resource.declaration.links
      ? schemaRef('Link')
      : false,
  }
}

/** The state diagram, for whoever draws it from the description (a playground, a linter). */
function statesExtension(resource: CompiledResource) {
  const state = resource.state!
  return {
    field: state.field,
    initial: state.initial,
    ...(statesOf(resource).length > 0 && { states: statesOf(resource) }),
    transitions: Object.fromEntries(
      state.transitions.map((t) => [
        t.name,
        {
          from: [...t.from],
          to: t.to,
          path: t.path,
          ...(t.title !== undefined && { title: t.title }),
        },
      ]),
    ),
    ...(state.replaceIn && { replaceIn: [...state.replaceIn] }),
    ...(state.deleteIn && { deleteIn: [...state.deleteIn] }),
  }
}

/**
 * A resource's representation (`Book`): its record less hidden fields, plus `_links`. A resource
 * with a closed set of states gets one variant per state (`ActiveLoan`, `ReturnedLoan`) whose
 * `_links` require exactly the actions that state offers; the representation is their union and
 * carries the transitions in `x-hypermock-states`. Examples are seed rows, as the API presents them.
 */
export function addRepresentation(
  ctx: SchemaContext,
  resource: CompiledResource,
) {
  const names = ctx.names.get(resource.name)!
  const { all, properties, required, additionalProperties } = recordMembers(
    ctx,
    resource,
  )
  const allRequired = (resource.json.required ?? []) as string[]
  const rows = ctx.seed[resource.name] ?? []
  const variant = (state: { value: unknown } | undefined): JsonSchema => {
    const members = { ...properties }
    if (state && resource.state && resource.state.field in members)
      members[resource.state.field] = { const: state.value }
    const example = rows.find(
      (row) => !state || row[resource.state!.field] === state.value,
    )
    // `links: false` serves records without `_links`.
    const linked = resource.declaration.links !== false
    return {
      type: 'object',
      properties: {
        ...members,
        ...(linked && {
          _links: linksSchema(resource, all, allRequired, state),
        }),
      },
      required: linked ? [...required, '_links'] : required,
      additionalProperties,
      ...(example && { examples: [presentRow(ctx, resource, example)] }),
    }
  }
  const description = resource.description !== undefined && {
    description: resource.description,
  }
  if (!resource.state) {
    ctx.schemas[names.item] = { ...description, ...variant(undefined) }
    return
  }
  const extension = { 'x-hypermock-states': statesExtension(resource) }
  if (names.states.size === 0) {
    ctx.schemas[names.item] = {
      ...description,
      ...variant(undefined),
      ...extension,
    }
    return
  }
  for (const [value, name] of names.states)
    ctx.schemas[name] = {
      description: `${resource.title} whose ${resource.state.field} is ${JSON.stringify(value)}.`,
      ...variant({ value }),
    }
  ctx.schemas[names.item] = {
    ...description,
    oneOf: [...names.states.values()].map(schemaRef),
    ...extension,
  }
}
