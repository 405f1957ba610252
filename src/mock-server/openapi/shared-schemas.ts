import type { CompiledResource } from '../declare/compile-resource.ts'
import type { JsonSchema } from '../declare/schema-tools.ts'
import type { SchemaContext } from './representation-schemas.ts'
import { escapeRegExp, schemaRef } from './schema-names.ts'

/**
 * Whether the root links a resource: a collection with a path of its own that answers a GET. A
 * table-only resource has no routes, a nested one no single path (its parents' items link it), and
 * one with `list: false` answers no GET. The root's answer and its schema both ask this.
 */
export const linkedFromRoot = (resource: CompiledResource) =>
  resource.declaration.tableOnly !== true &&
  resource.parents.length === 0 &&
  resource.listed

const object = (
  properties: Record<string, JsonSchema>,
  required: string[] = Object.keys(properties),
): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
})

/** The largest page the collections serve (`perPage`). */
const MAX_PER_PAGE = 100

/**
 * The schemas every API has: links (whose `href` stays under the base), the root with a link to each
 * collection, the paging links, and this description's own outline.
 */
export function addSharedSchemas(ctx: SchemaContext) {
  const href: JsonSchema = {
    type: 'string',
    pattern: `^${escapeRegExp(ctx.base)}(/|\\?|$)`,
  }
  const title: JsonSchema = { type: 'string' }
  ctx.schemas.Link = object(
    {
      href,
      method: { type: 'string', enum: ['POST', 'PUT', 'DELETE'] },
      title,
      /** The media type the target answers, where it is not JSON (HAL's `type`). */
      type: { type: 'string' },
    },
    ['href'],
  )
  ctx.schemas.ActionLink = {
    ...object({ href, method: { type: 'string', const: 'POST' }, title }, [
      'href',
      'method',
    ]),
    description:
      'An action the record’s state offers now: `POST` to its `href` to take it.',
  }
  const link = schemaRef('Link')
  ctx.schemas.PageLinks = object(
    { self: link, first: link, last: link, prev: link, next: link },
    ['self', 'first', 'last'],
  )
  const linked = [...ctx.api.resources.values()].filter(linkedFromRoot)
  const graphql = !ctx.api.resources.has('graphql')
  // The event stream, unless a resource of the API's own is named `events`.
  const events = !ctx.api.resources.has('events')
  const rels = [
    ...linked.map((r) => r.name),
    'problems',
    ...(graphql ? ['graphql'] : []),
    'service-desc',
    ...(events ? ['events'] : []),
  ]
  const { name, description } = ctx.api
  ctx.schemas.Root = {
    ...object(
      {
        name: { type: 'string' },
        ...(description !== undefined && { description: { type: 'string' } }),
        _links: object(
          Object.fromEntries(['self', ...rels].map((rel) => [rel, link])),
        ),
      },
      ['name', ...(description !== undefined ? ['description'] : []), '_links'],
    ),
    examples: [
      {
        name,
        ...(description !== undefined && { description }),
        _links: {
          self: { href: ctx.base || '/' },
          ...Object.fromEntries(
            linked.map((r) => [
              r.name,
              { href: `${ctx.base}${r.path}`, title: r.title },
            ]),
          ),
          problems: { href: `${ctx.base}/problems`, title: 'Problem types' },
          ...(graphql && {
            graphql: {
              href: `${ctx.base}/graphql`,
              title: 'GraphQL',
              type: 'application/graphql-response+json',
            },
          }),
          'service-desc': {
            href: `${ctx.base}/openapi.json`,
            title: 'OpenAPI description',
          },
          ...(events && {
            events: {
              href: `${ctx.base}/events`,
              title: 'State events',
              type: 'text/event-stream',
            },
          }),
        },
      },
    ],
  }
  ctx.schemas.OpenApiDocument = {
    type: 'object',
    properties: {
      openapi: { type: 'string', pattern: '^3\\.1\\.' },
      info: {
        type: 'object',
        properties: { title: { type: 'string' }, version: { type: 'string' } },
        required: ['title', 'version'],
      },
      paths: { type: 'object' },
    },
    required: ['openapi', 'info', 'paths'],
  }
}

/** A page of a collection: the envelope every list answers with. */
export function addCollection(ctx: SchemaContext, resource: CompiledResource) {
  const names = ctx.names.get(resource.name)!
  const { envelope } = resource.list
  const items: JsonSchema = { type: 'array', items: schemaRef(names.item) }
  const description = `A page of ${resource.title.toLowerCase()}; the others are linked in the \`Link\` header.`
  if (envelope === 'array') {
    ctx.schemas[names.collection] = { ...items, description }
    return
  }
  if (envelope !== 'hypermock') {
    // The list's own envelope: its members, named as its declaration names them.
    const properties: Record<string, JsonSchema> = { [envelope.items]: items }
    if (envelope.links) {
      const link: JsonSchema =
        envelope.linkStyle === 'string'
          ? { type: 'string' }
          : envelope.linkStyle === 'url'
            ? { type: 'string', format: 'uri' }
            : schemaRef('Link')
      const rels = ['self', 'first', 'prev', 'next', 'last'] as const
      const named = envelope.linkNames as Record<string, string> | undefined
      const also = envelope.linksAlso
      properties[envelope.links] = {
        type: 'object',
        properties: {
          ...Object.fromEntries(
            rels
              .map((rel) => (named ? named[rel] : rel))
              .filter((name): name is string => name !== undefined)
              .map((name) => [name, link]),
          ),
          ...(also?.page && {
            [also.page]: {
              type: 'integer',
              minimum: 0,
              description: "The page's index, from 0.",
            },
          }),
          ...(also?.perPage && {
            [also.perPage]: {
              type: 'integer',
              minimum: 1,
              maximum: MAX_PER_PAGE,
              description: "The page's size.",
            },
          }),
          ...(also?.itemsName && {
            [also.itemsName]: {
              const: envelope.items,
              description: 'The member that holds the records.',
            },
          }),
        },
      }
    }
    if (envelope.total)
      properties[envelope.total] = { type: 'integer', minimum: 0 }
    if (envelope.hasMore) properties[envelope.hasMore] = { type: 'boolean' }
    // Null where nothing follows, or left out where the envelope omits what it has not.
    const omit = envelope.absent === 'omit'
    const absent = (type: string) => (omit ? type : [type, 'null'])
    const onLast = omit ? 'left out on the last page' : 'null on the last page'
    if (envelope.firstKey)
      properties[envelope.firstKey] = {
        type: absent('string'),
        description: "The key of the page's first record.",
      }
    if (envelope.lastKey)
      properties[envelope.lastKey] = {
        type: absent('string'),
        description: "The key of the page's last record.",
      }
    if (envelope.nextCursor)
      properties[envelope.nextCursor] = {
        type: absent('string'),
        description: `The next page's cursor; ${onLast}.`,
      }
    if (envelope.nextPage) {
      const { member, cursor, path, uri } = envelope.nextPage
      const text: JsonSchema = { type: 'string' }
      properties[member] = {
        type: absent('object'),
        description: `The next page; ${onLast}.`,
        properties: Object.fromEntries(
          [cursor, path, uri]
            .filter((name): name is string => name !== undefined)
            .map((name) => [name, text]),
        ),
      }
    }
    const count = (minimum: number, description: string): JsonSchema => ({
      type: 'integer',
      minimum,
      description,
    })
    if (envelope.page)
      properties[envelope.page] = count(1, "The page's number.")
    if (envelope.perPage)
      properties[envelope.perPage] = {
        ...count(1, "The page's size."),
        maximum: MAX_PER_PAGE,
      }
    if (envelope.offset)
      properties[envelope.offset] = count(
        0,
        'The number of records before the page.',
      )
    if (envelope.pages)
      properties[envelope.pages] = count(1, 'The number of pages.')
    if (envelope.url)
      properties[envelope.url] = {
        type: 'string',
        description: "The list's path.",
      }
    for (const [name, value] of Object.entries(envelope.constants ?? {}))
      properties[name] = { const: value }
    ctx.schemas[names.collection] = {
      type: 'object',
      properties,
      required: [
        envelope.items,
        ...Object.keys(envelope.constants ?? {}),
        ...(envelope.url ? [envelope.url] : []),
      ],
      description,
    }
    return
  }
  if (resource.list.paging === 'after' || resource.list.paging === 'none') {
    ctx.schemas[names.collection] = {
      ...object({
        items: { type: 'array', items: schemaRef(names.item) },
        total: { type: 'integer', minimum: 0 },
        _links: object(
          {
            self: schemaRef('Link'),
            prev: schemaRef('Link'),
            next: schemaRef('Link'),
          },
          ['self'],
        ),
      }),
      description,
    }
    return
  }
  ctx.schemas[names.collection] = {
    ...object({
      items: { type: 'array', items: schemaRef(names.item) },
      page: { type: 'integer', minimum: 1 },
      perPage: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE },
      total: { type: 'integer', minimum: 0 },
      _links: schemaRef('PageLinks'),
    }),
    description: `A page of ${resource.title.toLowerCase()}, with links to the others.`,
  }
}
