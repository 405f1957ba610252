import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { MockAnswerError, type MockAnswer } from './mock-client.ts'

/** Replaces every secret in a text with `***`: a credential handed to the server never leaves it. */
export function redactor(secrets: readonly (string | undefined)[]) {
  // Longest first, so a secret that contains another is hidden whole.
  const hidden = secrets
    .filter((secret): secret is string => secret !== undefined && secret !== '')
    // As written, and as it reads inside a JSON string (a quote or backslash escaped).
    .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)])
    .sort((a, b) => b.length - a.length)
  return (text: string) =>
    hidden.reduce((out, secret) => out.split(secret).join('***'), text)
}

export type Redact = (text: string) => string

/**
 * The redacted JSON as structured content. A secret made of JSON's own syntax (a lone `"`) can
 * leave the text unparseable: then the text alone is the answer.
 */
function structured(text: string) {
  try {
    return { structuredContent: JSON.parse(text) as Record<string, unknown> }
  } catch {
    return {}
  }
}

/** A tool's answer: the value as JSON text, and the same value as structured content. */
export function toolResult(
  value: Record<string, unknown>,
  redact: Redact,
): CallToolResult {
  const text = redact(JSON.stringify(value, null, 2))
  return {
    content: [{ type: 'text', text }],
    ...structured(text),
  }
}

/** A tool that failed: a sentence the agent can act on, and the mock's problem document if any. */
export function toolError(
  message: string,
  redact: Redact,
  problem?: unknown,
): CallToolResult {
  const text = redact(
    problem === undefined
      ? message
      : `${message}\n\n${JSON.stringify(problem, null, 2)}`,
  )
  return {
    isError: true,
    content: [{ type: 'text', text }],
    ...(problem !== null &&
      typeof problem === 'object' &&
      structured(redact(JSON.stringify({ problem })))),
  }
}

interface ProblemError {
  field?: unknown
  pointer?: unknown
  message?: unknown
}

/**
 * An answer of 400 or more as a tool error: the problem's title and detail, then one line per
 * invalid field (a 422 lists every one, as the mock does), so an agent fixes its input in one go.
 */
export function answerError(
  answer: MockAnswer,
  redact: Redact,
): CallToolResult {
  const problem = answer.body as {
    title?: unknown
    detail?: unknown
    errors?: unknown
  } | null
  const lines = [
    `${answer.request} answered ${answer.status}${typeof problem?.title === 'string' ? ` ${problem.title}` : ''}${typeof problem?.detail === 'string' ? `: ${problem.detail}` : ''}`,
  ]
  if (Array.isArray(problem?.errors))
    for (const item of problem.errors as ProblemError[])
      lines.push(
        `- ${String(item.field ?? item.pointer ?? '(body)')}: ${String(item.message ?? '')}`,
      )
  return toolError(lines.join('\n'), redact, answer.body)
}

/** Runs a tool's body; a refused control request or a network failure becomes a tool error. */
export async function guarded(
  redact: Redact,
  run: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof MockAnswerError)
      return answerError(error.answer, redact)
    return toolError(
      `Failed: ${(error as Error).message}${(error as Error).name === 'TimeoutError' ? ' (the mock did not answer in time)' : ''}`,
      redact,
    )
  }
}
