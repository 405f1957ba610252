import type { JsonSchema } from '../declare/schema-tools.ts'
import type { CompiledApi } from '../route-spec.ts'
import { pascal, resourceNames, schemaRef } from './schema-names.ts'

/** One kind of state event an API makes: `plants.created`, `plants.harvest`. */
export interface EventTypeDoc {
  /** The CloudEvents `type`. */
  type: string
  resource: string
  /** `created`, `updated`, `deleted`, or the action's name. */
  change: string
  /** The component schema of the record its `data` carries. */
  dataSchema: string
  /** The component schema of the whole CloudEvent of this type. */
  eventSchema: string
}

/** The schema every state event matches, whatever its type (`StateEvent`). */
export const STATE_EVENT = 'StateEvent'

/** A CloudEvents 1.0 event in structured JSON, as the mock makes one for each change of a record. */
export const stateEventSchema: JsonSchema = {
  type: 'object',
  description:
    'A CloudEvents 1.0 event in its structured JSON form: one change of one record.',
  required: [
    'specversion',
    'id',
    'source',
    'type',
    'time',
    'subject',
    'datacontenttype',
    'data',
  ],
  properties: {
    specversion: { type: 'string', const: '1.0' },
    id: {
      type: 'string',
      description: 'Unique for each event; the `webhook-id` of its deliveries.',
    },
    source: { type: 'string', description: "The API's base URL." },
    type: {
      type: 'string',
      description:
        '`<collection>.created`, `.updated`, `.deleted`, or `.<action>` for the record a state action moved.',
    },
    time: {
      type: 'string',
      format: 'date-time',
      description: 'When the change was made, by the mock clock.',
    },
    subject: {
      type: 'string',
      description:
        "The record's path, under the API's base (`<base>/plants/3`).",
    },
    datacontenttype: { type: 'string', const: 'application/json' },
    data: {
      type: 'object',
      description:
        'The record as the API shows it: after the change, or before it for a delete.',
    },
  },
}

/**
 * Every event type the API makes, in the order of its resources: `created`, `updated`, `deleted`
 * for each resource whose changes are events, then each of its actions. `taken` holds the
 * component names in use; each type's schema takes a free one (`PlantsHarvestEvent`).
 */
export function eventTypesOf(
  api: CompiledApi,
  taken: ReadonlySet<string> = new Set(),
): EventTypeDoc[] {
  const names = resourceNames(api)
  const used = new Set(taken)
  const types: EventTypeDoc[] = []
  for (const resource of api.resources.values()) {
    if (resource.declaration.events === false) continue
    const dataSchema = names.get(resource.name)!.item
    const actions = new Set<string>()
    for (const route of api.routes)
      if (route.action !== undefined && route.resource === resource.name)
        actions.add(route.action)
    for (const change of ['created', 'updated', 'deleted', ...actions]) {
      let eventSchema = `${pascal(`${resource.name} ${change}`)}Event`
      for (let n = 2; used.has(eventSchema); n++)
        eventSchema = `${pascal(`${resource.name} ${change}`)}Event${n}`
      used.add(eventSchema)
      types.push({
        type: `${resource.name}.${change}`,
        resource: resource.name,
        change,
        dataSchema,
        eventSchema,
      })
    }
  }
  return types
}

/** The schema of one type's events: a state event whose `type` is fixed and `data` is the record. */
export function eventTypeSchema(doc: EventTypeDoc): JsonSchema {
  return {
    description: `A \`${doc.type}\` event: ${doc.change === 'created' || doc.change === 'updated' || doc.change === 'deleted' ? `a record of ${doc.resource} ${doc.change}` : `the ${doc.change} action moved a record of ${doc.resource}`}.`,
    allOf: [
      schemaRef(STATE_EVENT),
      {
        type: 'object',
        properties: {
          type: { type: 'string', const: doc.type },
          data: schemaRef(doc.dataSchema),
        },
      },
    ],
  }
}
