import { searchPathOk } from '../mock-server/declare/check-declaration.ts'
import type {
  AnyRecord,
  AnyResource,
  CreateAtDeclaration,
} from '../mock-server/declare/types.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import { answerShaper } from './conform-answer.ts'
import { bodiesOf } from './engine-shape.ts'
import type { InferredResource } from './infer-resource.ts'
import {
  requestSchemaOf,
  successOf,
  type DocOperation,
} from './openapi-reader.ts'
import { flatten, typeOf, type Json } from './schema-view.ts'

/**
 * A create at a path of its own that makes another collection's record (Spotify's
 * `POST /me/playlists` makes what `GET /playlists/{playlist_id}` reads), as that resource's
 * `creates`: the body the operation draws, the status it lists, the answer in its own schema.
 * None where the path is one the engine does not take, the operation answers no body, or its
 * body is a list of records (Petstore's `POST /user/createWithList`): a create takes one.
 */
export function engineCreate(
  document: Json,
  validator: DescriptionValidator,
  op: DocOperation,
  made: InferredResource,
  keeper: { name: string; inferred: InferredResource; resource: AnyResource },
): CreateAtDeclaration | undefined {
  const status = successOf(document, op.operation)?.status
  const body = requestSchemaOf(document, op.operation)
  if (
    (body !== undefined && typeOf(flatten(document, body)) === 'array') ||
    !searchPathOk(op.path) ||
    op.path === (keeper.resource.path ?? `/${keeper.name}`) ||
    keeper.resource.creates?.some((c) => c.path === op.path) ||
    status === 204
  )
    return undefined
  const input = made.inputOf(op)
  if (!input && keeper.resource.create === false) return undefined
  const create = made.declaration.create
  const prepare =
    create && typeof create === 'object' && 'prepare' in create
      ? create.prepare
      : undefined
  const accepts = bodiesOf(document, { name: keeper.name, create: op })
  const shape = answerShaper(
    document,
    validator,
    { create: op },
    keeper.name,
    keeper.inferred.key,
  )
  return {
    path: op.path,
    ...(input && { input }),
    ...(prepare && {
      prepare: (ctx) => prepare(ctx as never) as AnyRecord,
    }),
    ...((status === 200 || status === 202) && { status }),
    ...(accepts && { accepts }),
    ...(typeof op.operation.summary === 'string' && {
      summary: op.operation.summary,
    }),
    ...(shape && { answer: (body: unknown) => shape('create', body) }),
  }
}
