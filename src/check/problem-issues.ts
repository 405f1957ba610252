import type { Exchange } from './create-probe.ts'
import { isObject } from './openapi-document.ts'

/**
 * What makes an error response fall short of an RFC 9457 problem document as the conventions
 * require it (concepts/problems.md#problem-details): the media type, and `type`, `title`, `status`, `detail`, `instance`.
 */
export function problemIssues(exchange: Exchange): string[] {
  const issues: string[] = []
  const type = exchange.headers.get('content-type') ?? ''
  if (!/^application\/problem\+json\s*(;|$)/i.test(type))
    issues.push(
      `Content-Type is "${type || 'absent'}", not application/problem+json`,
    )
  const body = exchange.json
  if (!isObject(body)) {
    issues.push(
      exchange.evidence.response?.body === undefined
        ? 'the body is empty'
        : 'the body is not a JSON object',
    )
    return issues
  }
  for (const member of ['type', 'title', 'detail', 'instance'])
    if (typeof body[member] !== 'string')
      issues.push(
        `"${member}" is ${body[member] === undefined ? 'missing' : 'not a string'}`,
      )
  if (body.status !== exchange.status)
    issues.push(
      `"status" is ${JSON.stringify(body.status) ?? 'missing'}, not the HTTP status ${exchange.status}`,
    )
  return issues
}
