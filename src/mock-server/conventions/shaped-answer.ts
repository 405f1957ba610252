/**
 * An operation's answer in the API's own shape: where a resource declares `answer`, the body a
 * convention answers with success is handed to it, and what it returns is sent instead (status and
 * headers stay the convention's). An API whose operations each draw the record their own way (an
 * imported description: a create that answers members the read leaves out) says so there.
 */
import type { AnswerOperation, ResourceDeclaration } from '../declare/types.ts'
import { draftOf } from '../response-draft.ts'
import { responseOf } from '../http-response.ts'
import type { RouteContext } from '../route-spec.ts'

type Shape = NonNullable<ResourceDeclaration['answer']>

export function shapedAnswer<A extends unknown[]>(
  handler: (ctx: RouteContext, ...rest: A) => Response | Promise<Response>,
  operation: AnswerOperation,
  shape: Shape,
): (ctx: RouteContext, ...rest: A) => Promise<Response> {
  return async (ctx, ...rest) => {
    const response = await handler(ctx, ...rest)
    const { status } = response
    if (status < 200 || status >= 300 || status === 204) return response
    const draft = draftOf(response)
    const headers = draft
      ? { ...draft.headers }
      : Object.fromEntries(response.headers)
    const type = Object.entries(headers).find(
      ([name]) => name.toLowerCase() === 'content-type',
    )?.[1]
    if (!type || !/^application\/([\w.+-]+\+)?json\b/.test(type))
      return response
    const text = draft ? draft.body : await response.clone().text()
    if (!text) return response
    const shaped = shape(operation, JSON.parse(text) as unknown)
    return responseOf(JSON.stringify(shaped), status, headers)
  }
}
