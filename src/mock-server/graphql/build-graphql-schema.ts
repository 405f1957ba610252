import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql'
import {
  SERVER_FIELDS,
  type CompiledResource,
} from '../declare/compile-resource.ts'
import { jsonSchemaOf, type JsonSchema } from '../declare/schema-tools.ts'
import type { AnyRecord } from '../declare/types.ts'
import type { ApiModel } from '../model/compiled-api.ts'
import { pascal } from '../openapi/schema-names.ts'
import type { ChangeEvent, GraphqlContext, ListArgs } from './graphql-data.ts'
import {
  enumMaker,
  JSON_SCALAR,
  memberType,
  withNull,
} from './graphql-field-types.ts'
import {
  fieldName,
  nameTaker,
  screamingSnake,
  typeName,
} from './graphql-names.ts'

type Field = GraphQLFieldConfig<AnyRecord, GraphqlContext>
type Args = Record<string, unknown>

/** An input object type and the member each of its fields stands for. */
interface InputShape {
  type: GraphQLInputType
  /** GraphQL field → member; `null` when the input is one `JSON` value taken as it is. */
  members: ReadonlyMap<string, string> | null
}

const RESERVED = [
  'Query',
  'Mutation',
  'Subscription',
  'PageInfo',
  'OrderDirection',
  'JSON',
  'String',
  'Int',
  'Float',
  'Boolean',
  'ID',
]

const ORDER_DIRECTION = new GraphQLEnumType({
  name: 'OrderDirection',
  values: { ASC: { value: 'ASC' }, DESC: { value: 'DESC' } },
})

const PAGE_INFO = new GraphQLObjectType({
  name: 'PageInfo',
  fields: {
    hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean) },
    hasPreviousPage: { type: new GraphQLNonNull(GraphQLBoolean) },
    startCursor: { type: GraphQLString },
    endCursor: { type: GraphQLString },
  },
})

const RANGED = new Set(['integer', 'number', 'timestamp', 'date'])

/** An input object back in the declaration's member names. */
function toMembers(value: unknown, shape: InputShape): unknown {
  if (shape.members === null || value === null || typeof value !== 'object')
    return value
  const out: AnyRecord = {}
  for (const [name, v] of Object.entries(value as AnyRecord))
    out[shape.members.get(name) ?? name] = v
  return out
}

const properties = (json: JsonSchema) =>
  (json.properties ?? {}) as Record<string, JsonSchema>

/**
 * The GraphQL schema of a declaration, named as the REST API is: per resource an object type from
 * its singular (`Plant`), a Relay connection with the list's filters and sorts, `plant(id)`, and
 * create, update, delete and one mutation per state action (`harvestPlant`). Resolvers read and
 * write through `GraphqlContext.data`, which the engine gives each request.
 */
export function buildGraphqlSchema(api: ApiModel): GraphQLSchema {
  const take = nameTaker(RESERVED)
  const enumOf = enumMaker(take)
  // A nested collection is served over REST alone: its operations need its parents' keys. So is
  // a singleton, which has no list or key, and a collection with no items to read by key or no
  // list to page.
  const resources = [...api.resources.values()].filter(
    (r) =>
      r.declaration.tableOnly !== true &&
      r.parents.length === 0 &&
      !r.singleton &&
      r.items &&
      r.listed,
  )
  const served = new Map(resources.map((r) => [r.name, r]))
  const typeNames = new Map(
    resources.map((r) => [r.name, take(typeName(r.singular))]),
  )
  const objects = new Map<string, GraphQLObjectType>()
  const connections = new Map<string, GraphQLObjectType>()
  const listArgs = new Map<string, GraphQLFieldConfigArgumentMap>()
  const toQuery = new Map<string, (args: Args) => ListArgs>()

  const objectOf = (name: string) => objects.get(name)!

  for (const resource of resources) {
    const type = typeNames.get(resource.name)!
    objects.set(
      resource.name,
      new GraphQLObjectType<AnyRecord, GraphqlContext>({
        name: type,
        ...(resource.description !== undefined && {
          description: resource.description,
        }),
        fields: () => objectFields(resource, type),
      }),
    )
    const edge = new GraphQLObjectType({
      name: take(`${type}Edge`),
      fields: () => ({
        cursor: { type: new GraphQLNonNull(GraphQLString) },
        node: { type: new GraphQLNonNull(objectOf(resource.name)) },
      }),
    })
    connections.set(
      resource.name,
      new GraphQLObjectType({
        name: take(`${type}Connection`),
        fields: {
          edges: {
            type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(edge))),
          },
          pageInfo: { type: new GraphQLNonNull(PAGE_INFO) },
          totalCount: { type: new GraphQLNonNull(GraphQLInt) },
        },
      }),
    )
    listArgumentsOf(resource, type)
  }

  /** `first, after, last, before, filter, orderBy`, and how they become the REST list's query. */
  function listArgumentsOf(resource: CompiledResource, type: string) {
    const filterFields: GraphQLInputFieldConfigMap = {}
    const filterParams = new Map<string, (value: unknown) => [string, string]>()
    for (const [member, spec] of Object.entries(resource.filters)) {
      const name = fieldName(member)
      if (name === null) continue
      const scalar = Array.isArray(spec.type)
        ? enumOf(`${type}${pascal(member)}`, spec.type)
        : spec.type === 'integer'
          ? GraphQLInt
          : spec.type === 'number'
            ? GraphQLFloat
            : GraphQLString
      const text = (v: unknown) => String(v)
      filterFields[name] = { type: scalar }
      filterParams.set(name, (v) => [member, text(v)])
      filterFields[`${name}In`] = {
        type: new GraphQLList(new GraphQLNonNull(scalar)),
      }
      filterParams.set(`${name}In`, (v) => [
        member,
        (v as unknown[]).map(text).join(','),
      ])
      if (typeof spec.type === 'string' && RANGED.has(spec.type))
        for (const op of ['gt', 'gte', 'lt', 'lte']) {
          filterFields[`${name}${pascal(op)}`] = { type: scalar }
          filterParams.set(`${name}${pascal(op)}`, (v) => [
            `${member}[${op}]`,
            text(v),
          ])
        }
    }
    const orderValues: Record<string, { value: string }> = {}
    for (const member of ['id', ...resource.sortable])
      orderValues[screamingSnake(member)] = { value: member }
    const orderField = new GraphQLEnumType({
      name: take(`${type}OrderField`),
      values: orderValues,
    })
    const order = new GraphQLInputObjectType({
      name: take(`${type}Order`),
      fields: {
        field: { type: new GraphQLNonNull(orderField) },
        direction: { type: new GraphQLNonNull(ORDER_DIRECTION) },
      },
    })
    const args: GraphQLFieldConfigArgumentMap = {
      first: { type: GraphQLInt },
      after: { type: GraphQLString },
      last: { type: GraphQLInt },
      before: { type: GraphQLString },
      ...(Object.keys(filterFields).length > 0 && {
        filter: {
          type: new GraphQLInputObjectType({
            name: take(`${type}Filter`),
            fields: filterFields,
          }),
        },
      }),
      orderBy: {
        type: new GraphQLList(new GraphQLNonNull(order)),
      },
    }
    listArgs.set(resource.name, args)
    toQuery.set(resource.name, (given) => {
      const query = new URLSearchParams()
      const filter = (given.filter ?? {}) as Args
      for (const [name, value] of Object.entries(filter)) {
        const param = filterParams.get(name)
        // A null filter filters nothing, as an argument left out.
        if (param && value !== undefined && value !== null)
          query.append(...param(value))
      }
      const orderBy = (given.orderBy ?? []) as {
        field: string
        direction: 'ASC' | 'DESC'
      }[]
      if (orderBy.length > 0)
        query.set(
          'sort',
          orderBy
            .map((o) => `${o.direction === 'DESC' ? '-' : ''}${o.field}`)
            .join(','),
        )
      const int = (v: unknown) => (typeof v === 'number' ? v : null)
      const text = (v: unknown) => (typeof v === 'string' ? v : null)
      return {
        first: int(given.first),
        after: text(given.after),
        last: int(given.last),
        before: text(given.before),
        query,
      }
    })
  }

  function connectionField(
    resource: CompiledResource,
    resolve: (row: AnyRecord, list: ListArgs, ctx: GraphqlContext) => unknown,
  ): Field {
    const query = toQuery.get(resource.name)!
    return {
      type: new GraphQLNonNull(connections.get(resource.name)!),
      args: listArgs.get(resource.name)!,
      resolve: (row, args, ctx) => resolve(row, query(args), ctx),
    }
  }

  function objectFields(resource: CompiledResource, type: string) {
    const fields: GraphQLFieldConfigMap<AnyRecord, GraphqlContext> = {}
    const key = resource.key.member
    fields.id = {
      type: new GraphQLNonNull(GraphQLID),
      resolve: (row) => row[key],
    }
    const json = resource.json
    const required = new Set((json.required ?? []) as string[])
    for (const [member, property] of Object.entries(properties(json))) {
      if (member === 'id' || resource.hidden.has(member)) continue
      const name = fieldName(member)
      if (name === null || name in fields) continue
      const { type: t, nullable } = memberType(
        property,
        `${type}${pascal(member)}`,
        enumOf,
      )
      fields[name] = {
        type: withNull(t, nullable || !required.has(member)),
        resolve: (row) => row[member],
      }
    }
    for (const relation of resource.relations) {
      const target = served.get(relation.to)
      const name = fieldName(relation.name)
      if (!target || name === null || name in fields) continue
      fields[name] = {
        type: objectOf(target.name),
        resolve: (row, _args, ctx) => ctx.data.related(relation, row),
      }
    }
    for (const nested of resource.nested) {
      const child = served.get(nested.of)
      const name = fieldName(nested.name)
      if (!child || name === null || name in fields) continue
      fields[name] = connectionField(child, (row, list, ctx) =>
        connection(ctx.data.list(child, list, { nested, parent: row })),
      )
    }
    return fields
  }

  function connection(page: ReturnType<GraphqlContext['data']['list']>) {
    return {
      edges: page.rows.map((node, i) => ({ node, cursor: page.cursors[i] })),
      totalCount: page.totalCount,
      pageInfo: {
        hasNextPage: page.hasNextPage,
        hasPreviousPage: page.hasPreviousPage,
        startCursor: page.cursors[0] ?? null,
        endCursor: page.cursors.at(-1) ?? null,
      },
    }
  }

  /** An input object from a body's JSON Schema; `JSON` where the schema says nothing of its members. */
  function inputShape(
    wanted: string,
    json: JsonSchema,
    type: string,
    allOptional: boolean,
  ): InputShape | null {
    const props = Object.entries(properties(json))
    if (props.length === 0) return null
    const required = new Set((json.required ?? []) as string[])
    const fields: GraphQLInputFieldConfigMap = {}
    const members = new Map<string, string>()
    for (const [member, property] of props) {
      const name = fieldName(member)
      if (name === null || name in fields) continue
      const { type: t, nullable } = memberType(
        property,
        `${type}${pascal(member)}`,
        enumOf,
      )
      fields[name] = {
        type: withNull(t, allOptional || nullable || !required.has(member)),
      }
      members.set(name, member)
    }
    return {
      type: new GraphQLInputObjectType({ name: take(wanted), fields }),
      members,
    }
  }

  const anyJson: InputShape = { type: JSON_SCALAR, members: null }

  const query: GraphQLFieldConfigMap<unknown, GraphqlContext> = {}
  const mutation: GraphQLFieldConfigMap<unknown, GraphqlContext> = {}
  const subscription: GraphQLFieldConfigMap<unknown, GraphqlContext> = {}
  const rootName = nameTaker([])
  for (const resource of resources) {
    const type = typeNames.get(resource.name)!
    const object = objectOf(resource.name)
    const plural = fieldName(resource.name) ?? type
    const single = type[0]!.toLowerCase() + type.slice(1)
    query[rootName(plural)] = connectionField(resource, (_row, list, ctx) =>
      connection(ctx.data.list(resource, list)),
    ) as GraphQLFieldConfig<unknown, GraphqlContext>
    query[rootName(single === plural ? `${single}ById` : single)] = {
      type: object,
      args: { id: { type: new GraphQLNonNull(GraphQLID) } },
      resolve: (_root, args: Args, ctx) =>
        ctx.data.read(resource, String(args.id)),
    }
    if (resource.create) {
      const json = resource.create.input
        ? jsonSchemaOf(resource.create.input, 'input')
        : {}
      const shape =
        inputShape(`Create${type}Input`, json, type, false) ?? anyJson
      mutation[rootName(`create${type}`)] = {
        type: new GraphQLNonNull(object),
        args: { input: { type: new GraphQLNonNull(shape.type) } },
        resolve: (_root, args: Args, ctx) =>
          ctx.data.create(resource, toMembers(args.input, shape)),
      }
    }
    if (resource.patch || resource.put) {
      const json = resource.replace?.input
        ? jsonSchemaOf(resource.replace.input, 'input')
        : withoutServerFields(resource)
      const shape =
        inputShape(`Update${type}Input`, json, type, true) ?? anyJson
      mutation[rootName(`update${type}`)] = {
        type: new GraphQLNonNull(object),
        args: {
          id: { type: new GraphQLNonNull(GraphQLID) },
          patch: { type: new GraphQLNonNull(shape.type) },
        },
        resolve: (_root, args: Args, ctx) =>
          ctx.data.update(
            resource,
            String(args.id),
            toMembers(args.patch, shape) as AnyRecord,
          ),
      }
    }
    if (resource.delete) {
      mutation[rootName(`delete${type}`)] = {
        type: object,
        args: { id: { type: new GraphQLNonNull(GraphQLID) } },
        resolve: (_root, args: Args, ctx) =>
          ctx.data.remove(resource, String(args.id)),
      }
    }
    if (resource.declaration.events !== false) {
      const change = new GraphQLObjectType<ChangeEvent, GraphqlContext>({
        name: take(`${type}Change`),
        description: `One change of a ${type}, as its state event says it.`,
        fields: () => ({
          type: {
            type: new GraphQLNonNull(GraphQLString),
            description: `\`${resource.name}.created\`, \`.updated\`, \`.deleted\`, or a state action's name.`,
          },
          time: {
            type: new GraphQLNonNull(GraphQLString),
            description: 'When it changed, by the mock clock (RFC 3339).',
          },
          node: {
            type: new GraphQLNonNull(object),
            description:
              'The record after the change; before it, for a delete.',
            resolve: (event) => event.data as AnyRecord,
          },
        }),
      })
      subscription[rootName(`${single}Changed`)] = {
        type: new GraphQLNonNull(change),
        description: `Each change of the ${resource.name} the caller may read (of one, with \`id\`; of some types, with \`types\`), as it is committed.`,
        args: {
          id: { type: GraphQLID },
          types: {
            type: new GraphQLList(new GraphQLNonNull(GraphQLString)),
          },
        },
        subscribe: (_root, args: Args, ctx) => {
          if (!ctx.changes)
            throw new Error(
              'A subscription needs an event stream: send it with Accept: text/event-stream.',
            )
          return ctx.changes({
            collection: resource.name,
            id:
              args.id === undefined || args.id === null
                ? null
                : String(args.id),
            types: (args.types as string[] | null | undefined) ?? null,
          })
        },
        resolve: (event) => event as ChangeEvent,
      }
    }
    for (const transition of resource.state?.transitions ?? []) {
      const action = fieldName(transition.name) ?? 'act'
      const json = transition.input
        ? jsonSchemaOf(transition.input, 'input')
        : {}
      const shape = transition.input
        ? (inputShape(
            `${pascal(transition.name)}${type}Input`,
            json,
            type,
            false,
          ) ?? anyJson)
        : null
      const needed = ((json.required ?? []) as string[]).length > 0
      mutation[rootName(`${action}${type}`)] = {
        type: new GraphQLNonNull(object),
        ...(transition.title !== undefined && {
          description: transition.title,
        }),
        args: {
          id: { type: new GraphQLNonNull(GraphQLID) },
          ...(shape && {
            input: {
              type: needed ? new GraphQLNonNull(shape.type) : shape.type,
            },
          }),
        },
        resolve: (_root, args: Args, ctx) =>
          ctx.data.act(
            resource,
            transition,
            String(args.id),
            shape ? toMembers(args.input ?? {}, shape) : {},
          ),
      }
    }
  }
  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: Object.keys(query).length > 0 ? query : emptyQuery(api.name),
    }),
    ...(Object.keys(mutation).length > 0 && {
      mutation: new GraphQLObjectType({ name: 'Mutation', fields: mutation }),
    }),
    ...(Object.keys(subscription).length > 0 && {
      subscription: new GraphQLObjectType({
        name: 'Subscription',
        fields: subscription,
      }),
    }),
  })
}

/** A declaration with no resource still answers a query: its name. */
function emptyQuery(
  name: string,
): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    apiName: { type: new GraphQLNonNull(GraphQLString), resolve: () => name },
  }
}

/** The record's members a client may write: the schema less the server's and the hidden ones. */
function withoutServerFields(resource: CompiledResource): JsonSchema {
  const skip = new Set([
    ...SERVER_FIELDS,
    ...resource.hidden,
    ...(resource.state ? [resource.state.field] : []),
  ])
  return {
    properties: Object.fromEntries(
      Object.entries(properties(resource.json)).filter(([m]) => !skip.has(m)),
    ),
  }
}
