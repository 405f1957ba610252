import type {
  CompiledResource,
  CompiledTransition,
} from '../declare/compile-resource.ts'
import type { Method } from '../route-spec.ts'
import { bodyOptional } from './input-schemas.ts'
import {
  capitalise,
  hookProblems,
  inStates,
  states,
  type Answer,
  type DescribeContext,
  type OperationDoc,
} from './operation-doc.ts'
import {
  camel,
  schemaRef,
  withArticle,
  type ResourceNames,
} from './schema-names.ts'

/** `GET`, `PUT` and `DELETE` on one item. */
export function describeItem(
  ctx: DescribeContext,
  resource: CompiledResource,
  names: ResourceNames,
  method: Method,
): Omit<OperationDoc, 'tag' | 'pathItem'> {
  const one = withArticle(resource.singular)
  const state = resource.state
  if (method === 'GET')
    return {
      operationId: camel('get', resource.singular),
      summary: `Read ${one}`,
      answers: [{ status: 200, schema: schemaRef(names.item), etag: true }],
      ifNoneMatch: true,
      problems: resource.declaration.read?.guard
        ? hookProblems(ctx, false)
        : [],
    }
  if (method === 'PUT')
    return {
      operationId: camel('replace', resource.singular),
      summary: `Replace ${one}${state?.replaceIn ? ` (while its ${state.field} is ${states(state.replaceIn)})` : ''}`,
      answers: [
        resource.status.replace === 204
          ? { status: 204 }
          : {
              status: 200,
              schema: inStates(names, state?.replaceIn),
              etag: true,
            },
      ],
      body: {
        schema: names.replace,
        required: !bodyOptional(resource.replace?.input),
      },
      ifMatch: true,
      problems: [
        'validation-failed',
        ...(resource.has.version ? ['version-mismatch'] : []),
        ...(state?.replaceIn ? ['state-conflict'] : []),
      ],
    }
  const referenced = [...ctx.api.resources.values()].some((other) =>
    other.relations.some(
      (r) => r.to === resource.name && r.onDelete === 'refuse',
    ),
  )
  return {
    operationId: camel('delete', resource.singular),
    summary: `Delete ${one}${state?.deleteIn ? ` (while its ${state.field} is ${states(state.deleteIn)})` : ''}`,
    answers: [
      resource.status.delete === 200
        ? { status: 200, schema: schemaRef(names.item) }
        : { status: 204 },
    ],
    ifMatch: true,
    problems: [
      ...(state?.deleteIn ? ['state-conflict'] : []),
      ...(referenced ? ['still-referenced'] : []),
    ],
  }
}

/** `POST` on an action: its state transition, and whatever its hooks do. */
export function describeAction(
  ctx: DescribeContext,
  resource: CompiledResource,
  names: ResourceNames,
  t: CompiledTransition,
): Omit<OperationDoc, 'tag' | 'pathItem'> {
  const field = resource.state!.field
  const own = inStates(names, [t.to])
  const hooks = Boolean(t.declaration.guard ?? t.declaration.run)
  // `run` may answer with a response of its own: a record of any resource, as it was, or created.
  const others = [...ctx.names.values()]
    .filter((n) => n !== names)
    .map((n) => schemaRef(n.item))
  const answers: Answer[] = t.declaration.run
    ? [
        { status: 200, schema: { anyOf: [own, ...others] }, etag: true },
        {
          status: 201,
          schema: { anyOf: [schemaRef(names.item), ...others] },
          etag: true,
          location: true,
        },
      ]
    : [{ status: 200, schema: own, etag: true }]
  return {
    operationId: camel(t.name, resource.singular),
    summary:
      t.title ?? `${capitalise(t.name)} ${withArticle(resource.singular)}`,
    description: `Follows the \`${t.name}\` link, which ${withArticle(resource.singular)} offers while its ${field} is ${states(t.from)}; its ${field} becomes ${JSON.stringify(t.to)}. From any other state: 409 \`state-conflict\`.${t.declaration.run ? ' The action may answer with a record it acted on or created.' : ''}`,
    answers,
    body: {
      schema: names.actions.get(t.name) ?? 'EmptyAction',
      required: !bodyOptional(t.input),
    },
    ifMatch: true,
    problems: [
      'validation-failed',
      'state-conflict',
      ...(hooks ? hookProblems(ctx, true) : []),
    ],
  }
}
