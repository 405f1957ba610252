import { jsonSchemaOf, type JsonSchema } from '../declare/schema-tools.ts'
import { embedSchema } from './embed-schema.ts'
import { builtInMembers } from './problem-members.ts'
import type { SchemaContext } from './representation-schemas.ts'
import { problemSchemaName, schemaRef } from './schema-names.ts'

/** The members a declared problem type carries: its `members` schema's, or any when it has none. */
function declaredMembers(ctx: SchemaContext, slug: string) {
  const members = ctx.api.declaration.problems?.[slug]?.members
  if (!members) return { properties: {}, required: [], open: true }
  const json = embedSchema(
    jsonSchemaOf(members),
    `${problemSchemaName(slug)}Members`,
    ctx.schemas,
  )
  return {
    properties: (json.properties ?? {}) as Record<string, JsonSchema>,
    required: (json.required ?? []) as string[],
    open: !('properties' in json),
  }
}

/**
 * One schema per problem type, built-in and declared (`ValidationFailedProblem`,
 * `RenewalLimitProblem`): the RFC 9457 members with the type's fixed `type`, `title` and `status`,
 * plus its own members, and its summary as the description. `Problem` is any of them.
 */
export function addProblemSchemas(ctx: SchemaContext) {
  const names: string[] = []
  for (const [slug, problem] of ctx.api.problems) {
    const members = problem.declared
      ? declaredMembers(ctx, slug)
      : { ...builtInMembers(ctx.api, slug), open: false }
    const name = problemSchemaName(slug)
    names.push(name)
    ctx.schemas[name] = {
      type: 'object',
      description: problem.summary,
      properties: {
        type: { type: 'string', const: `${ctx.base}/problems/${slug}` },
        title: { type: 'string', const: problem.title },
        status: { type: 'integer', const: problem.status },
        detail: { type: 'string', minLength: 1 },
        instance: { type: 'string' },
        requestId: { type: 'string', minLength: 1 },
        ...members.properties,
      },
      required: [
        'type',
        'title',
        'status',
        'detail',
        'instance',
        'requestId',
        ...members.required,
      ],
      additionalProperties: members.open,
    }
  }
  ctx.schemas.Problem = { oneOf: names.map(schemaRef) }
}
