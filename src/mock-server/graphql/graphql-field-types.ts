import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  GraphQLString,
  valueFromASTUntyped,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql'
import type { JsonSchema } from '../declare/schema-tools.ts'
import { screamingSnake } from './graphql-names.ts'

/** Values the declaration keeps as JSON (objects, mixed arrays): passed through as they are. */
export const JSON_SCALAR = new GraphQLScalarType({
  name: 'JSON',
  description: 'A JSON value, as the REST API carries it.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
})

/** A type usable both ways: scalars, enums and lists of them. */
type BothWays = GraphQLOutputType & GraphQLInputType

/** One declared member's GraphQL type, before `!`. */
export interface MemberType {
  type: BothWays
  nullable: boolean
}

/** Makes (once per name and values) the enum type of a member's values. */
export function enumMaker(take: (wanted: string) => string) {
  const made = new Map<string, GraphQLEnumType>()
  return (wanted: string, values: readonly string[]) => {
    const key = `${wanted}\u0000${values.join('\u0000')}`
    const known = made.get(key)
    if (known) return known
    const names = new Set<string>()
    const entries: Record<string, { value: string }> = {}
    for (const value of values) {
      let name = screamingSnake(value)
      for (let n = 2; names.has(name); n++)
        name = `${screamingSnake(value)}_${n}`
      names.add(name)
      entries[name] = { value }
    }
    const type = new GraphQLEnumType({ name: take(wanted), values: entries })
    made.set(key, type)
    return type
  }
}

/** Splits `anyOf: [T, null]` and `type: [T, 'null']` into T and whether null is allowed. */
function unwrapNull(property: JsonSchema): {
  schema: JsonSchema
  nullable: boolean
} {
  const variants = (property.anyOf ?? property.oneOf) as
    | JsonSchema[]
    | undefined
  if (Array.isArray(variants)) {
    const rest = variants.filter((v) => v.type !== 'null')
    const nullable = rest.length < variants.length
    return rest.length === 1
      ? { schema: rest[0]!, nullable }
      : { schema: {}, nullable }
  }
  if (Array.isArray(property.type)) {
    const types = property.type as string[]
    const rest = types.filter((t) => t !== 'null')
    return {
      schema: { ...property, type: rest.length === 1 ? rest[0] : rest },
      nullable: rest.length < types.length,
    }
  }
  return { schema: property, nullable: false }
}

/**
 * A member's GraphQL type from its JSON Schema: integers `Int`, numbers `Float`, strings and their
 * formats `String`, string enums an enum type (`PlantStatus`), arrays of those a list, anything
 * else `JSON`. Formats and ranges stay the declaration's to check, as REST checks them.
 */
export function memberType(
  property: JsonSchema,
  enumName: string,
  enumOf: (wanted: string, values: readonly string[]) => GraphQLEnumType,
): MemberType {
  const { schema, nullable } = unwrapNull(property)
  const scalar = (s: JsonSchema): BothWays | null => {
    if (Array.isArray(s.enum) && s.enum.length > 0) {
      return s.enum.every((v) => typeof v === 'string')
        ? enumOf(enumName, s.enum as string[])
        : null
    }
    switch (s.type) {
      case 'integer':
        return GraphQLInt
      case 'number':
        return GraphQLFloat
      case 'boolean':
        return GraphQLBoolean
      case 'string':
        return GraphQLString
      default:
        return null
    }
  }
  const direct = scalar(schema)
  if (direct) return { type: direct, nullable }
  if (schema.type === 'array' && typeof schema.items === 'object') {
    const inner = unwrapNull(schema.items as JsonSchema)
    const item = inner.nullable ? null : scalar(inner.schema)
    if (item)
      return { type: new GraphQLList(new GraphQLNonNull(item)), nullable }
  }
  return { type: JSON_SCALAR, nullable }
}

/** `T!` unless null is allowed (or the member may be left out). */
export function withNull<T extends BothWays>(type: T, nullable: boolean) {
  return nullable ? type : new GraphQLNonNull(type)
}
