import type { JsonSchema } from '../declare/schema-tools.ts'
import type { CompiledApi } from '../route-spec.ts'
import { HttpResponse } from '../http-response.ts'
import { buildOpenApiDocument } from './build-openapi-document.ts'
import {
  eventTypesOf,
  eventTypeSchema,
  STATE_EVENT,
  stateEventSchema,
  type EventTypeDoc,
} from './event-types.ts'
import { lowerFirst } from './schema-names.ts'

/** An AsyncAPI 3.0 document, as `GET <base>/asyncapi.json` gives it. */
export type AsyncApiDocument = Record<string, unknown> & {
  asyncapi: '3.0.0'
  channels: Record<string, Record<string, unknown>>
  operations: Record<string, Record<string, unknown>>
  components: Record<string, Record<string, unknown>>
}

const ref = (path: string) => ({ $ref: path })
const query: JsonSchema = {
  type: 'object',
  properties: {
    types: {
      type: 'string',
      description:
        'Comma-separated event types to receive (`plants.created,plants.harvest`).',
    },
    subject: {
      type: 'string',
      description:
        "A record's path, or a collection's: only the events of those records.",
    },
    last_event_id: {
      type: 'string',
      pattern: '^[0-9]{1,15}$',
      description: 'Resend every event kept after this one first.',
    },
    access_token: {
      type: 'string',
      description: 'The credential, where a header cannot carry it.',
    },
  },
}

const webhookHeaders: JsonSchema = {
  type: 'object',
  required: ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
  properties: {
    'webhook-id': {
      type: 'string',
      description: "The event's `id`: the same on every attempt of one event.",
    },
    'webhook-timestamp': {
      type: 'string',
      pattern: '^[0-9]+$',
      description: 'Seconds since the epoch, by the wall clock.',
    },
    'webhook-signature': {
      type: 'string',
      description:
        "`v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` with the endpoint's secret (Standard Webhooks).",
    },
  },
}

/** `plants.created` → `plantsCreated`: a key for channels' and operations' maps. */
const key = (doc: EventTypeDoc) =>
  lowerFirst(doc.eventSchema.replace(/Event(\d*)$/, '$1'))

/**
 * The AsyncAPI 3.0 description of an API's state events, from the mock's side (it sends them):
 * the Server-Sent Events stream and the WebSocket at `<base>/events`, and the webhooks POSTed to
 * each endpoint added at `{control}/webhooks`. Each event type is a message whose payload is the
 * CloudEvent with the resource's own schema as `data` (the OpenAPI description's component).
 * `origin` is where the mock was reached: the servers' host where the base has none of its own.
 */
export function buildAsyncApiDocument(
  api: CompiledApi,
  base: string,
  origin: string,
): AsyncApiDocument {
  const openapi = buildOpenApiDocument(api, base)
  const schemas: Record<string, JsonSchema> = {
    ...(openapi.components.schemas as Record<string, JsonSchema>),
  }
  const types = eventTypesOf(
    api,
    new Set(Object.keys(schemas).filter((name) => !name.endsWith('Event'))),
  )
  schemas[STATE_EVENT] ??= stateEventSchema
  const host = /^(https?):\/\/([^/]+)(.*)$/i.exec(base)
  const [scheme, where, pathname] = host
    ? [host[1]!.toLowerCase(), host[2]!, host[3]!]
    : [new URL(origin).protocol.slice(0, -1), new URL(origin).host, base]
  const auth = api.auth
  const bearer = auth.type === 'bearer'
  const security =
    auth.type === 'none'
      ? []
      : [
          ref('#/components/securitySchemes/credential'),
          ...(bearer ? [ref('#/components/securitySchemes/accessToken')] : []),
        ]
  const messages: Record<string, unknown> = {}
  const stream: Record<string, unknown> = {}
  const socket: Record<string, unknown> = {}
  const hooks: Record<string, unknown> = {}
  for (const doc of types) {
    schemas[doc.eventSchema] = eventTypeSchema(doc)
    const name = key(doc)
    const common = {
      name: doc.type,
      title: doc.type,
      contentType: 'application/json',
    }
    messages[name] = {
      ...common,
      summary: `A \`${doc.type}\` event: \`id:\` its number, \`event:\` its type, \`data:\` the CloudEvent.`,
      payload: ref(`#/components/schemas/${doc.eventSchema}`),
    }
    messages[`${name}Socket`] = {
      ...common,
      summary: `A \`${doc.type}\` event on the WebSocket: the fields of a stream's frame as JSON.`,
      payload: {
        type: 'object',
        required: ['id', 'event', 'data'],
        properties: {
          id: {
            type: 'string',
            pattern: '^[0-9]+$',
            description: 'Its number: the resume point.',
          },
          event: { type: 'string', const: doc.type },
          data: ref(`#/components/schemas/${doc.eventSchema}`),
        },
      },
    }
    messages[`${name}Webhook`] = {
      ...common,
      summary: `A \`${doc.type}\` event POSTed to a webhook endpoint, signed.`,
      headers: webhookHeaders,
      payload: ref(`#/components/schemas/${doc.eventSchema}`),
    }
    stream[name] = ref(`#/components/messages/${name}`)
    socket[name] = ref(`#/components/messages/${name}Socket`)
    hooks[name] = ref(`#/components/messages/${name}Webhook`)
  }
  messages.Resume = {
    name: 'resume',
    title: 'Resume',
    contentType: 'application/json',
    summary:
      'The one message a client sends, first: where it stopped. Every event kept after it is resent; anything else closes the socket (4400).',
    payload: {
      type: 'object',
      required: ['lastEventId'],
      properties: { lastEventId: { type: 'string', pattern: '^[0-9]{1,15}$' } },
    },
  }
  socket.resume = ref('#/components/messages/Resume')
  const sending = (channel: string, names: Record<string, unknown>) =>
    Object.keys(names)
      .filter((name) => name !== 'resume')
      .map((name) => ref(`#/channels/${channel}/messages/${name}`))
  return {
    asyncapi: '3.0.0',
    info: {
      title: `${api.name}: state events`,
      version: '1.0.0',
      description: `Every change of a record as a CloudEvents 1.0 event: \`<collection>.created\`, \`.updated\`, \`.deleted\`, or the action's name. The same events come as Server-Sent Events and over a WebSocket at \`${pathname}/events\` (\`last_event_id\` resumes), and as signed webhooks to each endpoint added at the control API's \`/webhooks\`. The REST API is described at \`${pathname}/openapi.json\`.`,
    },
    defaultContentType: 'application/json',
    servers: {
      http: {
        host: where,
        protocol: scheme,
        ...(pathname !== '' && { pathname }),
        description: 'The mock: `<base>/events` as Server-Sent Events.',
        ...(security.length > 0 && { security }),
      },
      ws: {
        host: where,
        protocol: scheme === 'https' ? 'wss' : 'ws',
        ...(pathname !== '' && { pathname }),
        description: 'The mock: `<base>/events` as a WebSocket.',
        ...(security.length > 0 && { security }),
      },
      receiver: {
        host: '{receiver}',
        protocol: 'http',
        description:
          'A webhook endpoint: the URL given to the control API (a loopback origin or one of the allowedOrigins).',
        variables: {
          receiver: {
            description: "The endpoint's host and port.",
            default: 'localhost',
          },
        },
      },
    },
    channels: {
      stream: {
        address: '/events',
        title: 'Server-Sent Events',
        description:
          'A `GET` answered as `text/event-stream`; `Last-Event-ID` (or `last_event_id`) resends what came after it.',
        servers: [ref('#/servers/http')],
        messages: stream,
      },
      socket: {
        address: '/events',
        title: 'WebSocket',
        description:
          'Each event one text message. Resume with `last_event_id` or a first `Resume` message. Close codes: 1012 come back and resume, 4000 + status for a refused handshake.',
        servers: [ref('#/servers/ws')],
        messages: socket,
        bindings: { ws: { method: 'GET', query, bindingVersion: '0.1.0' } },
      },
      webhooks: {
        address: null,
        title: 'Webhooks',
        description:
          'POSTed to each endpoint whose types take the event; an answer other than 2xx, or none in 15 s, is retried with the same `webhook-id` after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h of the mock clock.',
        servers: [ref('#/servers/receiver')],
        messages: hooks,
      },
    },
    operations: {
      sendStreamEvents: {
        action: 'send',
        channel: ref('#/channels/stream'),
        summary: 'The state events, as Server-Sent Events',
        bindings: {
          http: { method: 'GET', query, bindingVersion: '0.3.0' },
        },
        messages: sending('stream', stream),
      },
      sendSocketEvents: {
        action: 'send',
        channel: ref('#/channels/socket'),
        summary: 'The state events, over a WebSocket',
        messages: sending('socket', socket),
      },
      receiveResume: {
        action: 'receive',
        channel: ref('#/channels/socket'),
        summary: 'Where the client stopped',
        messages: [ref('#/channels/socket/messages/resume')],
      },
      sendWebhooks: {
        action: 'send',
        channel: ref('#/channels/webhooks'),
        summary: 'The state events, POSTed signed to each webhook endpoint',
        bindings: { http: { method: 'POST', bindingVersion: '0.3.0' } },
        messages: sending('webhooks', hooks),
      },
    },
    components: {
      schemas,
      messages,
      ...(auth.type !== 'none' && {
        securitySchemes: {
          credential:
            auth.type === 'basic' || auth.type === 'bearer'
              ? { type: 'http', scheme: auth.type }
              : { type: 'httpApiKey', name: auth.name, in: auth.in },
          ...(bearer && {
            accessToken: {
              type: 'httpApiKey',
              name: 'access_token',
              in: 'query',
              description:
                'The Bearer token as a query parameter, where a header cannot carry it (`EventSource`, a browser `WebSocket`).',
            },
          }),
        },
      }),
    },
  }
}

// Built once per API, base and origin, as the OpenAPI description is.
const cache = new WeakMap<CompiledApi, Map<string, string>>()

/** `GET <base>/asyncapi.json`: public and cacheable, beside `openapi.json`. */
export function asyncApiResponse(
  api: CompiledApi,
  base: string,
  origin: string,
) {
  let byBase = cache.get(api)
  if (!byBase) {
    byBase = new Map()
    cache.set(api, byBase)
  }
  const id = `${origin} ${base}`
  let text = byBase.get(id)
  if (text === undefined) {
    text = JSON.stringify(buildAsyncApiDocument(api, base, origin))
    if (byBase.size < 16) byBase.set(id, text)
  }
  return HttpResponse.text(text, {
    headers: { 'Content-Type': 'application/json' },
  })
}
