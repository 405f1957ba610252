import { z } from 'zod'
import { isObject } from '../../common/is-object.ts'
import {
  describeResources,
  readExtras,
  type ResourceSummary,
} from './describe-mock.ts'
import type { MockAnswer } from './mock-client.ts'
import type { ToolContext } from './tool-context.ts'
import { answerError, guarded, toolError, toolResult } from './tool-result.ts'

/** Rows one `query_rows` call hands back at most: an agent's context is small. */
export const maxRowsPerQuery = 100

/** Characters in a query parameter, a body member name or an id an agent sends. */
const maxText = 2_000

const tokenInput = z
  .string()
  .min(1)
  .max(maxText)
  .optional()
  .describe(
    "A declared mock token to send instead of the server's own (list_resources names them), e.g. to see what a read-only token gets.",
  )

const resourceInput = z
  .string()
  .min(1)
  .max(200)
  .describe('The resource name, as list_resources gives it (e.g. "orders").')

const idInput = z
  .union([z.string().min(1).max(maxText), z.number().int()])
  .describe("The row's id.")

/** A JSON object an agent sends as a body: bounded in members (the mock bounds bytes and depth). */
const bodyInput = z.record(z.string().max(maxText), z.unknown())

/** The array of rows in a collection's answer, whatever the envelope calls it. */
function rowsOf(body: unknown): { key: string | null; rows: unknown[] } | null {
  if (Array.isArray(body)) return { key: null, rows: body }
  if (!isObject(body)) return null
  if (Array.isArray(body.items)) return { key: 'items', rows: body.items }
  const key = Object.keys(body).find((name) => Array.isArray(body[name]))
  return key === undefined ? null : { key, rows: body[key] as unknown[] }
}

export function registerRowTools(ctx: ToolContext) {
  const { server, client, redact } = ctx
  let known: ResourceSummary[] | null = null

  /** The resource's collection path; the list is read again when a name is not in it. */
  async function collectionOf(name: string) {
    let found = known?.find((resource) => resource.name === name)
    let all = known ?? []
    if (!found) {
      all = known = await describeResources(client, await readExtras(client))
      found = all.find((resource) => resource.name === name)
    }
    if (!found)
      throw new Error(
        `no resource "${name}"; the mock serves ${all.map((r) => r.name).join(', ') || 'none'} (list_resources describes them).`,
      )
    if (found.collection === null)
      throw new Error(
        `the API root does not link the collection of "${name}", so it cannot be reached by name.`,
      )
    return found
  }

  const answered = (answer: MockAnswer, value: Record<string, unknown>) =>
    answer.status >= 400
      ? answerError(answer, redact)
      : toolResult({ status: answer.status, ...value }, redact)

  server.registerTool(
    'list_resources',
    {
      title: 'List resources',
      description:
        'Describes the mock: where its API and control API answer, each resource with its collection path, whether rows have owners, and its states and actions (transitions: from which states, to which, and the path under an item that runs it), the declared scenarios, and the mock tokens requests may use. Call this first.',
      annotations: { readOnlyHint: true },
    },
    () =>
      guarded(redact, async () => {
        const extras = await readExtras(client)
        known = await describeResources(client, extras)
        return toolResult(
          {
            name: extras.name,
            api: `${client.origin}${client.basePath}`,
            controlApi: `${client.origin}${client.controlPath}`,
            auth: extras.auth,
            resources: known,
            scenarios: extras.scenarios.map(({ id, title, description }) => ({
              id,
              title,
              description,
            })),
            tokens: extras.tokens,
          },
          redact,
        )
      }),
  )

  server.registerTool(
    'query_rows',
    {
      title: 'Query rows',
      description: `Reads rows of a resource through the API (GET on its collection), so ownership, filters, sorting and paging apply as they do for an app. Pass the engine's query parameters in "query", e.g. {"status": "paid", "sort": "-createdAt", "perPage": 10, "page": 2}; an unknown parameter comes back as a 400 naming the ones it takes. At most ${maxRowsPerQuery} rows are returned ("limit").`,
      inputSchema: {
        resource: resourceInput,
        query: z
          .record(
            z.string().max(200),
            z.union([z.string().max(maxText), z.number(), z.boolean()]),
          )
          .optional()
          .describe('Query parameters: filters, sort and paging.'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(maxRowsPerQuery)
          .default(20)
          .describe(
            `Rows to return at most (1 to ${maxRowsPerQuery}); the rest of the page is counted, not shown.`,
          ),
        token: tokenInput,
      },
      annotations: { readOnlyHint: true },
    },
    ({ resource, query, limit, token }) =>
      guarded(redact, async () => {
        const { collection } = await collectionOf(resource)
        const search = new URLSearchParams(
          Object.entries(query ?? {}).map(([k, v]) => [k, String(v)]),
        ).toString()
        const answer = await client.api(
          'GET',
          `${collection}${search ? `?${search}` : ''}`,
          { ...(token !== undefined && { token }) },
        )
        if (answer.status >= 400) return answerError(answer, redact)
        const found = rowsOf(answer.body)
        if (!found)
          return toolResult(
            { status: answer.status, body: answer.body },
            redact,
          )
        const envelope = isObject(answer.body)
          ? Object.fromEntries(
              Object.entries(answer.body).filter(
                ([key]) => key !== found.key && key !== '_embedded',
              ),
            )
          : {}
        return toolResult(
          {
            status: answer.status,
            rows: found.rows.slice(0, limit),
            returned: Math.min(limit, found.rows.length),
            onPage: found.rows.length,
            ...envelope,
          },
          redact,
        )
      }),
  )

  server.registerTool(
    'create_row',
    {
      title: 'Create a row',
      description:
        "Creates a row by POSTing the body to the resource's collection, exactly as an app would: the declaration's validation applies, and an invalid body comes back as an error listing every invalid field (422). Returns the created row and its Location.",
      inputSchema: {
        resource: resourceInput,
        body: bodyInput.describe(
          'The new row as JSON (server-set fields such as id and createdAt are left out).',
        ),
        idempotencyKey: z
          .string()
          .min(1)
          .max(255)
          .optional()
          .describe(
            'Sent as Idempotency-Key: a repeat with the same key replays.',
          ),
        token: tokenInput,
      },
    },
    ({ resource, body, idempotencyKey, token }) =>
      guarded(redact, async () => {
        const { collection } = await collectionOf(resource)
        const answer = await client.api('POST', collection!, {
          body,
          ...(idempotencyKey !== undefined && {
            headers: { 'Idempotency-Key': idempotencyKey },
          }),
          ...(token !== undefined && { token }),
        })
        return answered(answer, { location: answer.location, row: answer.body })
      }),
  )

  server.registerTool(
    'update_row',
    {
      title: 'Update a row',
      description:
        'Changes members of one row with a JSON merge patch (PATCH on the item, application/merge-patch+json): only the members given change, null removes one. Validation, state rules (409) and ownership apply as they do for an app; an invalid change comes back as an error listing every invalid field.',
      inputSchema: {
        resource: resourceInput,
        id: idInput,
        changes: bodyInput.describe(
          'The members to change, e.g. {"note": "gift"}.',
        ),
        ifMatch: z
          .string()
          .max(maxText)
          .optional()
          .describe(
            'An ETag, sent as If-Match: the change applies only to that version.',
          ),
        token: tokenInput,
      },
    },
    ({ resource, id, changes, ifMatch, token }) =>
      guarded(redact, async () => {
        const { collection } = await collectionOf(resource)
        const answer = await client.api(
          'PATCH',
          `${collection}/${encodeURIComponent(String(id))}`,
          {
            body: changes,
            headers: {
              'Content-Type': 'application/merge-patch+json',
              ...(ifMatch !== undefined && { 'If-Match': ifMatch }),
            },
            ...(token !== undefined && { token }),
          },
        )
        return answered(answer, { row: answer.body })
      }),
  )

  server.registerTool(
    'run_action',
    {
      title: 'Run an action',
      description:
        "Moves a row to another state by running one of its resource's actions (POST on the item's action path, e.g. pay an order). A row in a state the action does not start from comes back as a 409 error.",
      inputSchema: {
        resource: resourceInput,
        id: idInput,
        action: z
          .string()
          .min(1)
          .max(200)
          .describe(
            'The action (transition) name, as list_resources gives it (e.g. "pay").',
          ),
        body: bodyInput
          .optional()
          .describe('A body, for an action that takes one.'),
        token: tokenInput,
      },
    },
    ({ resource, id, action, body, token }) =>
      guarded(redact, async () => {
        const found = await collectionOf(resource)
        const transition = found.states?.transitions[action]
        if (!transition)
          return toolError(
            `"${resource}" has no action "${action}"; its actions are ${Object.keys(found.states?.transitions ?? {}).join(', ') || 'none'}.`,
            redact,
          )
        const answer = await client.api(
          'POST',
          `${found.collection}/${encodeURIComponent(String(id))}/${transition.path}`,
          {
            ...(body !== undefined && { body }),
            ...(token !== undefined && { token }),
          },
        )
        return answered(answer, { row: answer.body })
      }),
  )
}
