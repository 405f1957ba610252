const nullable = (type: string) => ({ type: [type, 'null'] })
// Milliseconds: whole with the default clock, fractional with an injected one (performance.now).
const count = { type: 'number', minimum: 0 }

const attempt = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'requestId',
    'time',
    'startMs',
    'durationMs',
    'status',
    'fault',
    'idempotencyKey',
    'replayed',
    'retryAfter',
    'bodyFingerprint',
  ],
  properties: {
    id: { type: 'integer', minimum: 1, description: 'The journal entry id.' },
    requestId: { type: 'string', description: 'As in problem documents.' },
    time: { type: 'string', format: 'date-time' },
    startMs: { type: 'number', description: 'Mock-clock milliseconds.' },
    durationMs: count,
    status: {
      type: 'integer',
      minimum: 0,
      maximum: 599,
      description: '0: the caller got a network error.',
    },
    fault: nullable('string'),
    idempotencyKey: nullable('string'),
    replayed: { type: 'boolean' },
    retryAfter: { type: ['integer', 'null'], minimum: 0 },
    bodyFingerprint: nullable('string'),
  },
}

const wait = {
  type: 'object',
  additionalProperties: false,
  required: ['after', 'ms', 'retryAfterMs', 'consistentWith', 'label'],
  properties: {
    after: { type: 'integer', minimum: 1 },
    ms: count,
    retryAfterMs: { type: ['number', 'null'], minimum: 0 },
    consistentWith: { enum: ['retry-after', 'backoff', null] },
    label: { type: 'string' },
  },
}

const verdict = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'level', 'attempt', 'message'],
  properties: {
    id: {
      enum: [
        'retried-before-retry-after',
        'retried-non-retriable',
        'too-many-attempts',
        'post-retried-without-key',
        'new-key-per-attempt',
        'no-retry-after-retriable',
        'no-backoff',
      ],
    },
    level: { enum: ['violation', 'information'] },
    attempt: { type: 'integer', minimum: 1 },
    message: { type: 'string' },
  },
}

/** A consumer of the state events, judged after an events fault put it to the test. */
const eventVerdict = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'level',
    'channel',
    'consumer',
    'fault',
    'eventId',
    'at',
    'message',
  ],
  properties: {
    id: {
      enum: [
        'processed-twice',
        'reconnected-without-last-event-id',
        'accepted-bad-signature',
      ],
    },
    level: { enum: ['violation'] },
    channel: { enum: ['sse', 'websocket', 'webhook'] },
    consumer: {
      type: 'string',
      description:
        "A webhook endpoint's id, or the principal of an event stream.",
    },
    fault: {
      type: 'string',
      description: 'The events fault that set the test.',
    },
    eventId: nullable('string'),
    at: { type: 'string', format: 'date-time' },
    message: { type: 'string' },
  },
}

/**
 * The JSON Schema (2020-12) of `GET /__mock/operations`: the journal read as operations, their
 * attempts, waits, grouping and verdicts, and the verdicts on the consumers of the state events
 * (`eventVerdicts`, from the instance that delivers them). Tests validate the endpoint's answers
 * against it.
 */
export const operationsJsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://hypermock.dev/schemas/operations.json',
  title: 'hypermock operations',
  type: 'object',
  additionalProperties: false,
  required: ['operations'],
  properties: {
    operations: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'method',
          'path',
          'search',
          'grouping',
          'idempotencyKey',
          'correlationId',
          'attempts',
          'waits',
          'startMs',
          'endMs',
          'status',
          'outcome',
          'verdicts',
        ],
        properties: {
          id: { type: 'string', pattern: '^op-[0-9]+$' },
          method: { type: 'string' },
          path: { type: 'string' },
          search: { type: 'string' },
          grouping: { enum: ['exact', 'header', 'inferred'] },
          idempotencyKey: nullable('string'),
          correlationId: nullable('string'),
          attempts: { type: 'array', minItems: 1, items: attempt },
          waits: { type: 'array', items: wait },
          startMs: { type: 'number' },
          endMs: { type: 'number' },
          status: { type: 'integer', minimum: 0, maximum: 599 },
          outcome: { enum: ['succeeded', 'failed', 'waiting'] },
          verdicts: { type: 'array', items: verdict },
          graphql: {
            description:
              'A GraphQL request: its operation type, name (null when anonymous) and root fields.',
            type: 'object',
            additionalProperties: false,
            required: ['type', 'name', 'fields'],
            properties: {
              type: { enum: ['query', 'mutation', 'subscription'] },
              name: nullable('string'),
              fields: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    eventVerdicts: { type: 'array', items: eventVerdict },
  },
} as const
