import { printSchema, type GraphQLSchema } from 'graphql'
import type { ApiModel } from '../model/compiled-api.ts'
import { buildGraphqlSchema } from './build-graphql-schema.ts'

/** A compiled declaration never changes: its schema is built once, on the first GraphQL request. */
const schemas = new WeakMap<ApiModel, GraphQLSchema>()

export function graphqlSchemaOf(api: ApiModel): GraphQLSchema {
  let schema = schemas.get(api)
  if (!schema) {
    schema = buildGraphqlSchema(api)
    schemas.set(api, schema)
  }
  return schema
}

/** The schema as SDL: what `<API base>/graphql/schema.graphql` and `hypermock-api graphql-schema` print. */
export function graphqlSdl(api: ApiModel): string {
  return `${printSchema(graphqlSchemaOf(api))}\n`
}
