import { configPatchSchema } from '../control/config-patch.ts'
import { advanceSchema } from '../controls.ts'
import { faultRuleInputSchema } from '../faults/fault-rule.ts'
import { jsonSchemaOf, type JsonSchema } from '../declare/schema-tools.ts'
import type { ProblemSlug } from '../problems/catalogue.ts'
import { operationsJsonSchema } from '../../operations/operations-json-schema.ts'

/** What the description says of one method of one control route. */
export interface ControlOperationDoc {
  operationId: string
  summary: string
  description?: string
  tag:
    | 'State'
    | 'Settings'
    | 'Faults'
    | 'Journal'
    | 'Clock'
    | 'Webhooks'
    | 'Meta'
  /** The JSON body it takes. */
  body?: { schema: JsonSchema; required: boolean }
  /** The success status and, unless 204, the schema of its JSON. */
  success: { status: 200 | 201 | 204; description: string; schema?: JsonSchema }
  /** Problem types this operation answers besides the ones every control route may. */
  problems?: readonly ProblemSlug[]
  /** Response headers of the success answer, by name: their description. */
  headers?: Record<string, string>
}

// The engine's conversion, as for declared schemas: zod's own, with only standard formats.
const json = jsonSchemaOf

const object = (description: string): JsonSchema => ({
  type: 'object',
  description,
})
const webhookEndpoint: JsonSchema = {
  type: 'object',
  required: ['id', 'url', 'types', 'secret', 'createdAt'],
  properties: {
    id: { type: 'string' },
    url: { type: 'string', format: 'uri' },
    types: { type: ['array', 'null'], items: { type: 'string' } },
    secret: {
      type: 'string',
      description: 'whsec_…: the key the signatures are made with.',
    },
    createdAt: { type: 'string', format: 'date-time' },
  },
}
const now = {
  type: 'object',
  required: ['now'],
  properties: {
    now: {
      type: 'string',
      format: 'date-time',
      description: "The mock clock's time.",
    },
  },
} satisfies JsonSchema
const body = (schema: JsonSchema) => ({ schema, required: true })

/**
 * The description of every method of every control route, by `METHOD path` below the control
 * path. The description is built from the route table (control/control-routes.ts): a route or
 * method missing here fails the build of the description, and so the test that validates it.
 */
function describeControlOperations(): Record<string, ControlOperationDoc> {
  const config: JsonSchema = {
    ...json(configPatchSchema.required()),
    description:
      'The settings: a rate limit (or `false`), whether POSTs need an `Idempotency-Key`, added latency, and the seed.',
  }
  const faultRule: JsonSchema = {
    ...json(faultRuleInputSchema),
    additionalProperties: true,
    description:
      'A fault rule as stored: what it matches, its effect, and its `id` (`f1`, `f2`, …).',
  }

  return {
    'GET /state': {
      operationId: 'getState',
      tag: 'State',
      summary: 'Read every row as a snapshot',
      description:
        'Every table and its rows, with the sequences and versions: what `PUT /state` restores.',
      success: {
        status: 200,
        description: 'The snapshot.',
        schema: object('A state snapshot: `{ version, tables, … }`.'),
      },
    },
    'PUT /state': {
      operationId: 'restoreState',
      tag: 'State',
      summary: 'Replace every row with a snapshot',
      description:
        'Validated against the API first: an invalid snapshot changes nothing, and the 400 lists each mistake with its JSON pointer.',
      body: body(object('A snapshot, as `GET /state` gives it.')),
      success: { status: 204, description: 'The snapshot is the state now.' },
      problems: ['invalid-snapshot', 'content-too-large'],
    },
    'GET /config': {
      operationId: 'getConfig',
      tag: 'Settings',
      summary: "Read the mock's settings",
      success: { status: 200, description: 'The settings.', schema: config },
    },
    'PATCH /config': {
      operationId: 'updateConfig',
      tag: 'Settings',
      summary: 'Change some settings',
      description:
        'Members left out keep their value; `rateLimit` members merge onto the current policy.',
      body: body(json(configPatchSchema, 'input')),
      success: {
        status: 200,
        description: 'The settings now.',
        schema: config,
      },
      problems: ['validation-failed'],
    },
    'GET /faults': {
      operationId: 'listFaults',
      tag: 'Faults',
      summary: 'List the active fault rules',
      success: {
        status: 200,
        description: 'The rules, in the order they match.',
        schema: {
          type: 'object',
          required: ['rules'],
          properties: { rules: { type: 'array', items: faultRule } },
        },
      },
    },
    'POST /faults': {
      operationId: 'addFault',
      tag: 'Faults',
      summary: 'Add a fault rule',
      description:
        'The next matching requests get the effect: a status, a network error, a delay, a hang or a lost response.',
      body: body(json(faultRuleInputSchema, 'input')),
      success: { status: 201, description: 'The rule.', schema: faultRule },
      headers: { Location: 'The rule: `{controlPath}/faults/{id}`.' },
      problems: ['validation-failed'],
    },
    'DELETE /faults': {
      operationId: 'clearFaults',
      tag: 'Faults',
      summary: 'Remove every fault rule',
      success: { status: 204, description: 'No rule is left.' },
    },
    'DELETE /faults/:id': {
      operationId: 'removeFault',
      tag: 'Faults',
      summary: 'Remove one fault rule',
      success: { status: 204, description: 'The rule is gone.' },
      problems: ['not-found'],
    },
    'GET /webhooks': {
      operationId: 'listWebhooks',
      tag: 'Webhooks',
      summary: 'List the webhook endpoints',
      success: {
        status: 200,
        description:
          'Every endpoint the state events are delivered to, with its secret.',
        schema: {
          type: 'object',
          required: ['endpoints'],
          properties: { endpoints: { type: 'array', items: webhookEndpoint } },
        },
      },
    },
    'POST /webhooks': {
      operationId: 'addWebhook',
      tag: 'Webhooks',
      summary: 'Add a webhook endpoint',
      description:
        'Each state event (of `types`, or every one) is POSTed to `url` as a CloudEvent, signed by the Standard Webhooks scheme with the `secret` answered here; a failed delivery is retried on the Standard Webhooks schedule by the mock clock. `url` must be at a loopback origin or one of the allowed origins.',
      body: {
        required: true,
        schema: {
          type: 'object',
          required: ['url'],
          additionalProperties: false,
          properties: {
            url: { type: 'string', format: 'uri' },
            types: {
              type: 'array',
              minItems: 1,
              maxItems: 100,
              items: { type: 'string' },
            },
          },
        },
      },
      success: {
        status: 201,
        description: 'The endpoint, with its secret.',
        schema: webhookEndpoint,
      },
      headers: { Location: 'The endpoint: `{controlPath}/webhooks/{id}`.' },
      problems: ['validation-failed'],
    },
    'GET /webhooks/deliveries': {
      operationId: 'listWebhookDeliveries',
      tag: 'Webhooks',
      summary: 'Read the delivery attempts',
      success: {
        status: 200,
        description:
          'Every attempt, oldest first: its endpoint, event, attempt number, status and next attempt.',
        schema: {
          type: 'object',
          required: ['deliveries'],
          properties: {
            deliveries: {
              type: 'array',
              items: object(
                'One attempt: endpoint, eventId, webhookId, attempt, status, error, at, nextAttemptAt; `fault` (`fault-2 duplicate`) when an events fault shaped it, `copy` for the second delivery of a duplicate.',
              ),
            },
          },
        },
      },
    },
    'DELETE /webhooks/:id': {
      operationId: 'removeWebhook',
      tag: 'Webhooks',
      summary: 'Remove a webhook endpoint',
      success: {
        status: 204,
        description: 'The endpoint and its pending retries are gone.',
      },
      problems: ['not-found'],
    },
    'GET /journal': {
      operationId: 'listJournal',
      tag: 'Journal',
      summary: 'Read the journal of requests',
      success: {
        status: 200,
        description: 'Every request the mock answered, oldest first.',
        schema: {
          type: 'object',
          required: ['entries'],
          properties: {
            entries: {
              type: 'array',
              items: object(
                'One request: method, path, status, timing, fault and idempotency key.',
              ),
            },
          },
        },
      },
    },
    'DELETE /journal': {
      operationId: 'clearJournal',
      tag: 'Journal',
      summary: 'Empty the journal',
      success: { status: 204, description: 'The journal is empty.' },
    },
    'GET /operations': {
      operationId: 'listOperations',
      tag: 'Journal',
      summary: 'Read the journal as operations',
      description:
        "Requests grouped into operations (a request and its retries), with their waits and the retry rules' verdicts; and `eventVerdicts`, the consumers of the state events judged after an events fault (a duplicate processed twice, a reconnect without `Last-Event-ID`, a badly signed webhook accepted).",
      success: {
        status: 200,
        description: 'The operations.',
        schema: operationsJsonSchema as JsonSchema,
      },
    },
    'GET /clock': {
      operationId: 'getClock',
      tag: 'Clock',
      summary: "Read the mock's clock",
      success: { status: 200, description: 'The time.', schema: now },
    },
    'POST /clock': {
      operationId: 'advanceClock',
      tag: 'Clock',
      summary: "Move the mock's clock forward",
      description:
        'Rate-limit windows, `Retry-After` and idempotency-key expiry follow the mock clock.',
      body: body(json(advanceSchema, 'input')),
      success: { status: 200, description: 'The time now.', schema: now },
      problems: ['validation-failed'],
    },
    'POST /reset': {
      operationId: 'reset',
      tag: 'State',
      summary: 'Start over',
      description:
        'The seed rows again, no fault rule, an empty journal, the default settings and the real time.',
      success: { status: 204, description: 'The mock is as it started.' },
    },
    'GET /changes': {
      operationId: 'countChanges',
      tag: 'Meta',
      summary: 'Count the changes so far',
      description:
        'How many changes the mock has seen since it started, and how many of them changed rows. A page that mirrors the mock asks every second and reads the journal, rules, settings and clock again only when the first count moved, and the rows only when the second did.',
      success: {
        status: 200,
        description:
          'The counts, and the name of the instance that counted them.',
        schema: {
          type: 'object',
          required: ['instance', 'all', 'state'],
          properties: {
            instance: {
              type: 'string',
              description:
                'Another name after a restart: the counts start again from zero.',
            },
            all: {
              type: 'integer',
              minimum: 0,
              description:
                'Every change: a request answered, rows, fault rules, settings, the clock, the journal, a reset.',
            },
            state: {
              type: 'integer',
              minimum: 0,
              description: 'The changes to rows, resets included.',
            },
          },
        },
      },
    },
    'GET /declaration': {
      operationId: 'getDeclaration',
      tag: 'Meta',
      summary: 'Read the declared tokens and scenarios',
      description:
        'What a declaration holds beyond its OpenAPI description, for a page that knows the API only over HTTP (the playground connected to a server).',
      success: {
        status: 200,
        description:
          "The API's name, whether it needs a credential, its mock credentials, which resources have owners (a token sees every row of the others) and its scenarios.",
        schema: {
          type: 'object',
          required: ['name', 'auth', 'tokens', 'resources', 'scenarios'],
          properties: {
            name: { type: 'string' },
            auth: {
              enum: ['bearer', false],
              description: '`false`: no request needs a credential.',
            },
            tokens: { type: 'array', items: object('A declared mock token.') },
            resources: {
              type: 'object',
              required: ['owned', 'unowned'],
              properties: {
                owned: {
                  type: 'array',
                  items: { type: 'string' },
                  description:
                    'Resources whose rows a token sees only for the owners it owns.',
                },
                unowned: {
                  type: 'array',
                  items: { type: 'string' },
                  description: 'Resources whose every row every token sees.',
                },
              },
            },
            scenarios: { type: 'array', items: object('A declared scenario.') },
          },
        },
      },
    },
    'GET /openapi.json': {
      operationId: 'getControlApiDescription',
      tag: 'Meta',
      summary: 'This description',
      success: {
        status: 200,
        description: "The control API's OpenAPI 3.1 description.",
        schema: object('An OpenAPI 3.1 document.'),
      },
    },
  }
}

let described: Record<string, ControlOperationDoc> | undefined

/**
 * The table above, built when the control API's description is first asked for. Five of its
 * schemas are converted from zod's, work a mock that never describes its control API skips.
 */
export function controlOperationDocs(): Record<string, ControlOperationDoc> {
  return (described ??= describeControlOperations())
}
