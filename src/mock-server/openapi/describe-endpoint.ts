import type { EndpointDoc } from '../conventions/endpoint-doc.ts'
import { acceptedTypes, JSON_TYPE } from '../representation-type.ts'
import { isRead, type DocMethod } from '../stages/stage-answers.ts'
import { responsesOf, type EndpointContext } from './endpoint-responses.ts'
import {
  collectionParameters,
  pagingParameters,
  type Parameter,
} from './parameters.ts'
import { schemaRef } from './schema-names.ts'

export type { DocMethod, EndpointContext }

const parameterRef = (name: string) => ({
  $ref: `#/components/parameters/${name}`,
})

/** The path's parameters (ids typed as the resource's), and the query and headers it reads. */
function parametersOf(ctx: EndpointContext) {
  const { route, method, doc, api } = ctx
  const parameters: unknown[] = []
  const item = typeof doc === 'object' ? doc.pathItem : undefined
  const parents =
    (route.resource !== undefined &&
      api.resources.get(route.resource)?.parents) ||
    []
  for (const match of route.path.matchAll(/:(\w+)/g)) {
    const name = match[1]!
    // A nested collection's parent, as the record member that holds it.
    const parent = parents.find((p) => p.param === name)
    if (parent) {
      const of =
        parent.to === undefined ? undefined : api.resources.get(parent.to)
      parameters.push({
        name,
        in: 'path',
        required: true,
        description: `The ${of ? `${of.singular} ` : ''}this collection is below: its records' ${parent.field}.`,
        schema: parent.numeric
          ? { type: 'integer' }
          : { type: 'string', minLength: 1 },
      } satisfies Parameter)
      continue
    }
    const slug = name === 'slug'
    const idKind = item?.resource.idKind ?? 'integer'
    parameters.push({
      name,
      in: 'path',
      required: true,
      description: slug
        ? 'A problem type.'
        : route.declared
          ? `The path's ${name}.`
          : `The id of the ${item?.resource.singular ?? 'item'}.`,
      schema: slug
        ? { type: 'string', enum: [...api.problems.keys()] }
        : route.declared
          ? { type: 'string', minLength: 1 }
          : idKind === 'integer'
            ? { type: 'integer', minimum: 1 }
            : idKind === 'uuid'
              ? { type: 'string', format: 'uuid' }
              : item?.resource.key.format
                ? { type: 'string', format: item.resource.key.format }
                : { type: 'string', minLength: 1, maxLength: 200 },
      ...((slug || item?.example !== undefined) && {
        example: slug ? 'not-found' : item?.example,
      }),
    } satisfies Parameter)
  }
  if (typeof doc !== 'object') return parameters
  if (doc.collection) {
    const { list } = doc.collection
    parameters.push(...pagingParameters(list))
    parameters.push(
      ...collectionParameters(
        doc.collection.filters,
        doc.collection.sortable,
        list.params.sort,
      ),
    )
  }
  // On a read it asks for 304; on a PUT that may create, `*` asks for a create only.
  if (doc.ifNoneMatch && (isRead(method) || method === 'PUT'))
    parameters.push(parameterRef('IfNoneMatch'))
  if (doc.ifMatch) parameters.push(parameterRef('IfMatch'))
  if (method === 'POST') parameters.push(parameterRef('IdempotencyKey'))
  if (doc.prefer) parameters.push(parameterRef('Prefer'))
  if (!route.public)
    for (const name of api.requiredHeaders)
      parameters.push({
        name,
        in: 'header',
        required: true,
        description: `Required on every request to the API's resources; without it, 400 missing-header.`,
        schema: { type: 'string', minLength: 1 },
      } satisfies Parameter)
  return parameters
}

const capitalise = (text: string) => text[0]!.toUpperCase() + text.slice(1)

/** One endpoint (a method of a route) as an OpenAPI Operation Object: the route's facts, the pipeline's checks, the declaration's words. */
export function describeEndpoint(ctx: EndpointContext) {
  const { doc, method, route, pathId } = ctx
  const operation: Record<string, unknown> = {}
  if (doc === 'options') {
    operation.operationId = `options${pathId}`
    operation.summary = 'The methods this resource supports'
    operation.tags = ['Meta']
  } else if (doc === 'not-allowed') {
    operation.operationId = `${method.toLowerCase()}${pathId}NotAllowed`
    operation.summary = `${method} is not supported here: 405 with \`Allow\``
    operation.tags = ['Meta']
    // Lets a reference or a client generator tell these from the endpoints the API serves.
    operation['x-hypermock-not-allowed'] = true
  } else {
    operation.operationId =
      method === 'HEAD' ? `head${capitalise(doc.operationId)}` : doc.operationId
    operation.summary =
      method === 'HEAD' ? `${doc.summary} (headers only)` : doc.summary
    if (doc.description !== undefined) operation.description = doc.description
    operation.tags = [doc.tag]
  }
  const parameters = parametersOf(ctx)
  if (parameters.length > 0) operation.parameters = parameters
  if (typeof doc === 'object' && doc.body && method !== 'HEAD')
    operation.requestBody = {
      required: doc.body.required,
      content: bodyContent(doc.body, route, method),
    }
  operation.responses = responsesOf(ctx)
  // OPTIONS and 405 are answered before the credential is looked at.
  // An API declared with `auth: false` asks for nothing anywhere.
  if (route.public || typeof doc !== 'object' || ctx.api.auth.type === 'none')
    operation.security = []
  return operation
}

/** RFC 6902's operations, as a schema a client generator can read. */
const JSON_PATCH_SCHEMA = {
  type: 'array',
  description: 'A JSON Patch (RFC 6902): operations applied in order.',
  items: {
    type: 'object',
    required: ['op', 'path'],
    properties: {
      op: {
        enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'],
      },
      path: { type: 'string', description: 'A JSON Pointer (RFC 6901).' },
      from: { type: 'string' },
      value: {},
    },
  },
}

/** The types a body may come in: the convention's, the representation's own beside JSON. */
function bodyContent(
  body: NonNullable<EndpointDoc['body']>,
  route: EndpointContext['route'],
  method: DocMethod,
) {
  const content: Record<string, { schema: unknown }> = {}
  const types = acceptedTypes(
    { ...route, accepts: { [method]: body.mediaType ?? JSON_TYPE } },
    method,
  ).split(', ')
  for (const type of types)
    if (type !== '')
      content[type] = { schema: body.inline ?? schemaRef(body.schema) }
  if (body.jsonPatch)
    content['application/json-patch+json'] = { schema: JSON_PATCH_SCHEMA }
  return content
}
