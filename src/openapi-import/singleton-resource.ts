import type { AnyResource } from '../mock-server/declare/types.ts'
import { resourcePathOk } from '../mock-server/declare/check-declaration.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import { answerShaper } from './conform-answer.ts'
import {
  bodiesOf,
  mediaTypeOf,
  enginePathOf,
  nestedShapeOf,
  RESERVED,
} from './engine-shape.ts'
import type { OperationReport } from './import-types.ts'
import { inferResource } from './infer-resource.ts'
import { successOf, type DocOperation } from './openapi-reader.ts'
import {
  operationReport,
  tableName,
  type EngineCollection,
  type PathGroup,
} from './path-groups.ts'
import type { Json } from './schema-view.ts'

/** A singleton declared for the engine: the operations it serves, and how. */
export interface DeclaredSingleton {
  served: DocOperation[]
  reports: OperationReport[]
  unserved: { op: DocOperation; why: string }[]
  notes: string[]
}

/**
 * A singleton (`/account`, `/repos/{owner}/{repo}/subscription`) declared for the engine's own
 * routes: its one record read at its path, replaced by a `PUT` and merged by a `PATCH` there,
 * below the parents its path names (one record per parent, none until one is made).
 */
export function singletonResource(
  document: Json,
  group: PathGroup,
  validator: DescriptionValidator,
  resources: Record<string, AnyResource>,
  engine: EngineCollection[],
  taken: (name: string) => boolean,
): DeclaredSingleton | { why: string } {
  const read = group.ops.list!
  const put = group.ops.replaceByBody
  const patch = group.collectionWrites.find((o) => o.method === 'patch')
  // A suffix (`/c/{id}/show.json`) is the last literal's own: the parents are found without it.
  const bare = group.suffix
    ? read.path.slice(0, -group.suffix.length)
    : read.path
  const nested = nestedShapeOf(document, { ...read, path: bare })
  const at = nested ? `${nested.at}${group.suffix}` : read.path
  const { path, names } = enginePathOf(at, 'id')
  const unnamed = (p: string) => p.replace(/\{[^}]+\}/g, '{}')
  if (
    (!nested && at.includes('{')) ||
    !resourcePathOk(path) ||
    RESERVED.has(path.split('/')[1]!)
  )
    return { why: `${read.path} is no path a singleton can be declared at` }
  if (
    Object.entries(resources).some(
      ([other, r]) => unnamed(r.path ?? `/${other}`) === unnamed(path),
    )
  )
    return { why: `${read.path} is the path of another resource` }
  const name = tableName(group.literals, taken)
  const ops = {
    name,
    path: at,
    read,
    ...(put && { replace: put }),
    ...(patch && { patch }),
  }
  const inferred = inferResource(document, ops, validator, 1, {
    keys: ['id'],
    forms: true,
    singleton: true,
    ...(nested && { parents: nested.parents }),
  })
  if ('why' in inferred) return inferred
  const declaration = inferred.declaration
  // A parent served by the engine at the path before its parameter: a missing one is a 404.
  const parentOf = (param: string) => {
    const above = at.slice(0, at.indexOf(`/{${param}}`))
    return engine.find(
      (e) => e.path === above && !e.parents && e.inferred.key === 'id',
    )?.name
  }
  const answer = answerShaper(
    document,
    validator,
    { read, replace: put, patch },
    name,
    inferred.key,
  )
  const bodies = bodiesOf(document, ops)
  const mediaType = mediaTypeOf(document, ops)
  // A replace documented as 204 alone answers no body (Spotify's `PUT /me/player`).
  const replaced = put && successOf(document, put.operation)?.status
  resources[name] = {
    ...declaration,
    ...(replaced === 204 && {
      status: { ...declaration.status, replace: 204 as const },
    }),
    singleton: true,
    // The record as the description draws it: a map (`/store/inventory`) has no room for links.
    links: false,
    ...(path !== `/${name}` && { path }),
    ...(nested && {
      parents: Object.fromEntries(
        [...names].map(([param, engineName]) => {
          const to = parentOf(param)
          return [
            engineName,
            { ...inferred.parents[param]!, ...(to && { to }) },
          ]
        }),
      ),
      // Rows of a nested singleton are made below a parent.
      seed: [],
    }),
    ...(answer && { answer }),
    ...(bodies && { dialect: { bodies } }),
    ...(mediaType !== undefined && { mediaType }),
  }
  const served: DocOperation[] = [read]
  const reports: OperationReport[] = []
  const report = (
    op: DocOperation,
    servedAs: OperationReport['servedAs'],
    why: string,
  ) => reports.push(operationReport(op, servedAs, name, why))
  report(read, 'read', 'the one record at this path')
  const replace = declaration.replace
  if (
    put &&
    replace &&
    !(typeof replace === 'object' && 'put' in replace && replace.put === false)
  ) {
    served.push(put)
    report(
      put,
      'replace',
      'PUT at the path replaces its one record; the body is validated by its schema; If-Match gives 412',
    )
  }
  if (patch && declaration.patch) {
    served.push(patch)
    report(
      patch,
      'merge patch',
      'PATCH at the path merges into its one record; If-Match gives 412',
    )
  }
  return {
    served,
    reports,
    unserved: inferred.unserved.filter(({ op }) => !served.includes(op)),
    notes: [
      `${name}: a singleton at ${path}${nested ? ', one record per parent' : ''}`,
      ...inferred.notes,
    ],
  }
}
