import { z } from 'zod'
import { faultRuleInputSchema } from '../../mock-server/faults/fault-rule.ts'
import { limits } from '../../mock-server/limits.ts'
import {
  InvalidScenarioError,
  parseScenario,
} from '../../mock-server/scenarios/scenario-schema.ts'
import type { JournalEntry } from '../../mock-server/journal.ts'
import type { Operation } from '../../operations/operation.ts'
import { readDescription, readExtras } from './describe-mock.ts'
import type { ToolContext } from './tool-context.ts'
import { guarded, toolError, toolResult } from './tool-result.ts'

/** Journal entries or operations one call hands back at most. */
export const maxEntriesPerRead = 200

const pathFilter = z
  .string()
  .max(500)
  .optional()
  .describe('Only requests whose path starts with this, e.g. "/api/orders".')

export function registerControlTools(ctx: ToolContext) {
  const { server, client, redact } = ctx

  server.registerTool(
    'apply_scenario',
    {
      title: 'Apply a scenario',
      description:
        "Puts the mock into one of its declared scenarios (list_resources names them): back to the seed data and settings, then the scenario's settings and fault rules. Returns the token the scenario's requests use.",
      inputSchema: {
        id: z
          .string()
          .min(1)
          .max(200)
          .describe('The scenario id, e.g. "slow-network".'),
      },
    },
    ({ id }) =>
      guarded(redact, async () => {
        const { scenarios } = await readExtras(client)
        const found = scenarios.find((scenario) => scenario.id === id)
        if (!found)
          return toolError(
            `No scenario "${id}"; the mock declares ${scenarios.map((s) => s.id).join(', ') || 'none'}.`,
            redact,
          )
        let scenario
        try {
          scenario = parseScenario(found)
        } catch (error) {
          if (!(error instanceof InvalidScenarioError)) throw error
          return toolError(error.message, redact)
        }
        // The same steps applyScenario() takes, sent in order to the control API.
        await client.control('POST', '/reset')
        if (Object.keys(scenario.config).length > 0)
          await client.control('PATCH', '/config', scenario.config)
        const faults = []
        for (const rule of scenario.faults)
          faults.push(await client.control('POST', '/faults', rule))
        return toolResult(
          {
            id: scenario.id,
            title: scenario.title,
            token: scenario.token,
            config: scenario.config,
            faults,
          },
          redact,
        )
      }),
  )

  server.registerTool(
    'add_fault',
    {
      title: 'Add a fault rule',
      description:
        'Adds a fault rule, the same shape POST /__mock/faults takes: requests matching "match" (method, path pattern with * wildcards) get "effect" instead of their answer: a status (429, 500, 502, 503, 504, with retryAfter seconds), a network error, a delay, a hang, or a lost response. "times" retires it after that many firings. The next matching request from any client meets it.',
      inputSchema: faultRuleInputSchema.shape,
    },
    (rule) =>
      guarded(redact, async () =>
        toolResult(
          { rule: await client.control('POST', '/faults', rule) },
          redact,
        ),
      ),
  )

  server.registerTool(
    'clear_faults',
    {
      title: 'Clear fault rules',
      description:
        'Removes one fault rule by its id, or every fault rule when no id is given.',
      inputSchema: {
        id: z.string().min(1).max(200).optional().describe('e.g. "fault-1"'),
      },
    },
    ({ id }) =>
      guarded(redact, async () => {
        if (id !== undefined)
          await client.control('DELETE', `/faults/${encodeURIComponent(id)}`)
        else await client.control('DELETE', '/faults')
        const { rules } = (await client.control('GET', '/faults')) as {
          rules: unknown[]
        }
        return toolResult({ removed: id ?? 'all', remaining: rules }, redact)
      }),
  )

  server.registerTool(
    'advance_clock',
    {
      title: 'Move the clock',
      description:
        "Moves the mock's clock forward by whole milliseconds: idempotency keys and rate-limit windows expire, timestamps of new rows move on. Returns the mock's time.",
      inputSchema: {
        ms: z
          .number()
          .int()
          .min(0)
          .max(limits.clockMax)
          .describe('Milliseconds to move forward, e.g. 3600000 for an hour.'),
      },
    },
    ({ ms }) =>
      guarded(redact, async () =>
        toolResult(
          (await client.control('POST', '/clock', { advanceMs: ms })) as Record<
            string,
            unknown
          >,
          redact,
        ),
      ),
  )

  server.registerTool(
    'reset_mock',
    {
      title: 'Reset the mock',
      description:
        'Back to the seed data and initial settings; clears fault rules, the journal, idempotency keys and rate counters.',
      annotations: { destructiveHint: true },
    },
    () =>
      guarded(redact, async () => {
        await client.control('POST', '/reset')
        return toolResult({ reset: true }, redact)
      }),
  )

  server.registerTool(
    'read_journal',
    {
      title: 'Read the journal',
      description: `The requests the mock answered, newest last: method, path, status, the fault that fired, idempotency key, whether a response was replayed, Retry-After. At most ${maxEntriesPerRead}.`,
      inputSchema: {
        limit: z.number().int().min(1).max(maxEntriesPerRead).default(50),
        path: pathFilter,
      },
      annotations: { readOnlyHint: true },
    },
    ({ limit, path }) =>
      guarded(redact, async () => {
        const { entries } = (await client.control('GET', '/journal')) as {
          entries: JournalEntry[]
        }
        const kept = entries.filter(
          (entry) => path === undefined || entry.path.startsWith(path),
        )
        return toolResult(
          { entries: kept.slice(-limit), total: kept.length },
          redact,
        )
      }),
  )

  server.registerTool(
    'list_operations',
    {
      title: 'List operations and verdicts',
      description: `The journal read as operations: a request and its retries grouped, with the waits between attempts, the outcome, and verdicts where a client broke the retry rules (retried too soon, ignored Retry-After, resent a write without an Idempotency-Key...). An empty "verdicts" means the client behaved. At most ${maxEntriesPerRead}, newest last. "eventVerdicts": consumers of the state events an events fault caught (a duplicate processed twice, a reconnect without Last-Event-ID, a badly signed webhook accepted), newest last.`,
      inputSchema: {
        limit: z.number().int().min(1).max(maxEntriesPerRead).default(20),
        path: pathFilter,
        withVerdictsOnly: z
          .boolean()
          .default(false)
          .describe('Only operations with at least one verdict.'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ limit, path, withVerdictsOnly }) =>
      guarded(redact, async () => {
        const { operations, eventVerdicts = [] } = (await client.control(
          'GET',
          '/operations',
        )) as { operations: Operation[]; eventVerdicts?: unknown[] }
        const kept = operations.filter(
          (operation) =>
            (path === undefined || operation.path.startsWith(path)) &&
            (!withVerdictsOnly || operation.verdicts.length > 0),
        )
        return toolResult(
          {
            operations: kept.slice(-limit),
            total: kept.length,
            eventVerdicts: eventVerdicts.slice(-limit),
          },
          redact,
        )
      }),
  )

  server.registerResource(
    'openapi',
    'hypermock://openapi.json',
    {
      title: 'OpenAPI description',
      description:
        'The OpenAPI 3.1 description the mock serves at <base path>/openapi.json: every route, schema, problem and state.',
      mimeType: 'application/json',
    },
    async (uri) => {
      const document = await readDescription(client)
      if (!document)
        throw new Error(
          `The mock serves no OpenAPI description at ${client.basePath}/openapi.json.`,
        )
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: 'application/json',
            text: redact(JSON.stringify(document)),
          },
        ],
      }
    },
  )
}
