import type { AnyResource } from '../mock-server/declare/types.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import { engineCreate } from './engine-create.ts'
import { engineSearch } from './engine-search.ts'
import type { OperationReport } from './import-types.ts'
import { inferResource } from './infer-resource.ts'
import { addItemRoute, itemAction } from './item-action.ts'
import { inferList } from './list-inference.ts'
import { successOf, type DocOperation } from './openapi-reader.ts'
import {
  operationReport,
  pathGroups,
  refOf,
  type EngineCollection,
  type PathGroup,
} from './path-groups.ts'
import { flatten, resolve, typeOf, type Json } from './schema-view.ts'
import { singletonResource } from './singleton-resource.ts'

export interface PlacedOwnPaths {
  reports: OperationReport[]
  /** Operations no engine resource takes: each answered from its description, with no state. */
  leftOver: { op: DocOperation; why: string }[]
  notes: string[]
}

/**
 * Places on the engine's resources the operations at paths of their own, which no collection the
 * engine serves has taken: singletons (`/me`, `/repos/{owner}/{repo}/subscription`), declared as
 * the engine's own (`singleton: true`); actions below an item of an engine collection
 * (`POST /admin/users/{id}/log_out.json`), as that resource's item routes; searches of an engine
 * collection's records (`/pet/findByStatus`), as its `searches`; creates of its records at
 * another path, as its `creates`. The rest keep no state: they are left over, each with the
 * reason, to answer from their description.
 */
export function placeOwnPaths(
  document: Json,
  ops: DocOperation[],
  validator: DescriptionValidator,
  resources: Record<string, AnyResource>,
  engine: EngineCollection[],
  countOf: (name: string) => number,
): PlacedOwnPaths {
  const { groups, leftOver } = pathGroups(document, ops)
  const reports: OperationReport[] = []
  const notes: string[] = []
  const searches: PathGroup[] = []
  const actions: { group: PathGroup; ops: DocOperation[]; why: string }[] = []
  const taken = (name: string) => name in resources
  const report = (
    op: DocOperation,
    servedAs: OperationReport['servedAs'],
    resource: string,
    why: string,
  ) => reports.push(operationReport(op, servedAs, resource, why))
  const engineTables = engine.map((collection) => ({
    collection,
    ref: refOf(collection.inferred.stored),
  }))

  for (const group of groups) {
    const { ops: slots } = group
    const own = Object.values(slots).filter(
      (o): o is DocOperation => o !== undefined,
    )
    const writes = group.collectionWrites.filter((o) => !own.includes(o))
    // A list alone, not of a record of its own: a search over another collection.
    const listOnly =
      slots.list && own.length === 1 && group.itemParam === undefined
    const listShape =
      slots.list &&
      inferList(document, slots.list.operation, slots.list.parameters, {})
    // A page one member wraps, alone at its path (Spotify's new releases), is kept as one record.
    const singleton =
      group.itemParam === undefined &&
      !slots.create &&
      slots.list !== undefined &&
      listShape !== undefined &&
      ('why' in listShape ||
        (listOnly === true && listShape.page !== undefined))
    if (singleton) {
      const declared = singletonResource(
        document,
        group,
        validator,
        resources,
        engine,
        taken,
      )
      if ('why' in declared) {
        for (const op of [...own, ...writes])
          leftOver.push({ op, why: declared.why })
        continue
      }
      reports.push(...declared.reports)
      leftOver.push(...declared.unserved)
      notes.push(...declared.notes)
      for (const op of [...own, ...writes])
        if (!declared.served.includes(op))
          leftOver.push({
            op,
            why: `${op.method.toUpperCase()} on a singleton is not part of the model`,
          })
      continue
    }
    if (listOnly) {
      searches.push(group)
      for (const op of writes)
        leftOver.push({
          op,
          why: `${op.method.toUpperCase()} on a collection is not part of the model`,
        })
      continue
    }
    const inferred = inferResource(
      document,
      {
        name: group.literals.at(-1) ?? 'items',
        ...(slots.list && { list: slots.list }),
        ...(slots.create && { create: slots.create }),
        ...(slots.read && { read: slots.read }),
        ...(slots.replace && { replace: slots.replace }),
        ...(slots.delete && { delete: slots.delete }),
      },
      validator,
      countOf(group.literals.join('/')),
      {
        keys: [
          ...new Set([...(group.itemParam ? [group.itemParam] : []), 'id']),
        ],
        forms: true,
      },
    )
    if ('why' in inferred) {
      // Writes below an item that keep no record of their own (`PUT /t/{id}/bookmark.json`,
      // `POST /admin/users/{id}/log_out.json`): actions on that item, once its collection is known.
      if (
        group.parentParam &&
        group.itemParam === undefined &&
        !slots.list &&
        !slots.read
      )
        actions.push({ group, ops: [...own, ...writes], why: inferred.why })
      else
        for (const op of [...own, ...writes])
          leftOver.push({ op, why: inferred.why })
      continue
    }
    // A collection with no items of its own whose create answers the record an engine collection
    // keeps (Stripe's `POST /test_helpers/issuing/authorizations`): that resource's create at
    // this path, and its list there that resource's search.
    const createdRef =
      slots.create &&
      refOf(successOf(document, slots.create.operation)?.body?.media.schema)
    const keeper =
      createdRef && !group.parentParam && group.itemParam === undefined
        ? engineTables.find((t) => t.ref === createdRef)?.collection
        : undefined
    if (keeper) {
      const resource = resources[keeper.name]
      const keeping = resource && {
        name: keeper.name,
        inferred: keeper.inferred,
        resource,
      }
      // Records kept below parents are made below them: a path that names none makes none.
      const createAt =
        keeping &&
        !keeper.parents &&
        engineCreate(document, validator, slots.create!, inferred, keeping)
      const search =
        keeping && createAt && slots.list
          ? engineSearch(document, validator, slots.list, keeper, resource)
          : undefined
      if (!createAt || (slots.list && !search)) {
        const why = keeper.parents
          ? `it makes a record of ${keeper.name}, which is kept below the parents its path names, and this path names none: it keeps no state`
          : `it makes a record of ${keeper.name} at a path the engine's creates do not take: it keeps no state`
        for (const op of [...own, ...writes]) leftOver.push({ op, why })
        continue
      }
      resource.creates = [...(resource.creates ?? []), createAt]
      report(
        slots.create!,
        'create',
        keeper.name,
        `POST at ${slots.create!.path} makes a record of ${keeper.name}, which its item reads`,
      )
      if (search) {
        resource.searches = [...(resource.searches ?? []), search]
        report(
          slots.list!,
          'list',
          keeper.name,
          `the records of ${keeper.name}, which its create makes`,
        )
      }
      for (const op of [...own, ...writes])
        if (op !== slots.list && op !== slots.create)
          leftOver.push({
            op,
            why: `${op.method.toUpperCase()} beside a create into ${keeper.name}`,
          })
      continue
    }
    // A collection no engine resource keeps (its path named with another parameter on each
    // method, its create answering no record any path reads): answered from its description.
    for (const op of [...own, ...writes])
      leftOver.push({ op, why: ownPathWhy(op, group) })
  }

  // Actions on an item of a collection the engine serves, as that resource's own item routes:
  // 404 for an item that does not exist, else the body validated and the example (or a body
  // drawn from the schema) answered.
  for (const { group, ops: writes, why } of actions) {
    const parentKey = group.key.slice(0, group.key.lastIndexOf('/{}'))
    const own = engine.find(
      (e) => e.path.replace(/\{[^}]+\}/g, '{}') === `/${parentKey}`,
    )
    for (const op of writes) {
      if (!own || !resources[own.name]) {
        leftOver.push({ op, why })
        continue
      }
      const below = op.path
        .split('/')
        .slice(parentKey.split('/').length + 2)
        .join('/')
      if (
        !addItemRoute(
          resources[own.name]!,
          itemAction(document, op, validator, below),
        )
      ) {
        leftOver.push({ op, why: `${op.path} is taken twice` })
        continue
      }
      report(
        op,
        'action',
        own.name,
        `${op.method.toUpperCase()} on ${group.literals.slice(-1)[0] ?? ''} below an existing item of ${own.name}: 404 when there is none; If-Match gives 412`,
      )
    }
  }

  // Searches (`/pet/findByStatus`): lists of an engine collection's records, filtered by the
  // query parameters that name record members.
  for (const group of searches) {
    const op = group.ops.list!
    const schema = successOf(document, op.operation)?.body?.media.schema
    const flat = flatten(document, schema)
    const items =
      typeOf(flat) === 'array'
        ? flat.items
        : Object.values((flat.properties as Json | undefined) ?? {})
            .map((p) => resolve(document, p))
            .find((p) => typeOf(p) === 'array')?.items
    const ref = refOf(items)
    const of = ref
      ? engineTables.find((t) => t.ref === ref)?.collection
      : undefined
    const declared = of && resources[of.name]
    if (!of || !declared) {
      leftOver.push({
        op,
        why: 'a list of records no collection of the description keeps',
      })
      continue
    }
    const search = engineSearch(document, validator, op, of, declared)
    if (!search) {
      leftOver.push({
        op,
        why: `a list of ${of.name}'s records at a path the engine's searches do not take: it keeps no state`,
      })
      continue
    }
    declared.searches = [...(declared.searches ?? []), search]
    report(
      op,
      'list',
      of.name,
      `a search of ${of.name}, filtered by the query parameters that name its members`,
    )
  }
  return { reports, leftOver, notes }
}

/** Why an operation of a collection no engine resource keeps answers with no state. */
function ownPathWhy(op: DocOperation, group: PathGroup) {
  const at = `/${group.key.replaceAll('{}', '…')}${group.suffix}`
  if (op === group.ops.list) {
    const beside = [
      ...new Set(
        [...Object.values(group.ops), ...group.collectionWrites]
          .filter((o) => o !== undefined && o !== op)
          .map((o) => o!.method.toUpperCase()),
      ),
    ].join(' and ')
    return `a list at ${at} beside its ${beside}: no engine collection keeps its records, and it is no search of one: it keeps no state`
  }
  if (op === group.ops.create)
    return `a create at ${at} whose answer is no record an engine collection keeps: it keeps no state`
  if (op === group.ops.replaceByBody)
    return `PUT on ${at}, a collection no engine resource keeps: it keeps no state`
  return `${op.method.toUpperCase()} on ${at}, a collection the engine does not serve (no path of its own with items keyed as the engine keys them): it keeps no state`
}
