import { HYPERMOCK_LIST } from '../mock-server/collections/list-shape.ts'
import { searchPathOk } from '../mock-server/declare/check-declaration.ts'
import type {
  AnyResource,
  ListDeclaration,
  SearchDeclaration,
} from '../mock-server/declare/types.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import { answerShaper } from './conform-answer.ts'
import type { InferredResource } from './infer-resource.ts'
import { inferList } from './list-inference.ts'
import type { DocOperation } from './openapi-reader.ts'
import { typeOf, type Json } from './schema-view.ts'

/**
 * A list of an engine resource's records at a path of its own (`GET /pet/findByStatus`), as that
 * resource's search: the envelope and paging its answer draws, the query parameters that name no
 * filter of the resource ignored, the answer in the operation's own schema. None where the path
 * is one the engine does not take, or the resource's own.
 */
export function engineSearch(
  document: Json,
  validator: DescriptionValidator,
  op: DocOperation,
  collection: { name: string; inferred: InferredResource },
  resource: AnyResource,
): SearchDeclaration | undefined {
  if (
    !searchPathOk(op.path) ||
    op.path === (resource.path ?? `/${collection.name}`) ||
    resource.searches?.some((s) => s.path === op.path)
  )
    return undefined
  const { inferred } = collection
  const inferredList = inferList(
    document,
    op.operation,
    op.parameters,
    inferred.record,
  )
  const list: ListDeclaration =
    'why' in inferredList ? { envelope: 'array' } : inferredList.list
  const paging = new Set<string>(
    Object.values({ ...HYPERMOCK_LIST.params, ...list.params }),
  )
  // The query parameters that name a member of the record filter on it; the rest are taken.
  const query = op.parameters
    .filter((p) => p.in === 'query')
    .map((p) => String(p.name))
    .filter((name) => !paging.has(name))
  const filters = query.filter((name) =>
    ['string', 'integer', 'number'].includes(
      typeOf(inferred.record[name] ?? {}) ?? '',
    ),
  )
  const ignore = query.filter((name) => !filters.includes(name))
  const shape = answerShaper(
    document,
    validator,
    { list: op },
    collection.name,
    inferred.key,
  )
  return {
    path: op.path,
    filters,
    list: {
      ...list,
      ...(ignore.length > 0 && { ignore: [...(list.ignore ?? []), ...ignore] }),
    },
    ...(typeof op.operation.summary === 'string' && {
      summary: op.operation.summary,
    }),
    ...(shape && { answer: (body: unknown) => shape('list', body) }),
  }
}
