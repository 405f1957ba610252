import type { HandlerContext } from '../mock-server/declare/types.ts'

/**
 * A path parameter as the client meant it: `/user/ann%20smith` names the record keyed `ann smith`
 * (RFC 3986: a percent-encoded octet in a segment stands for that character). A segment that does
 * not decode (`%zz`) is taken as written, so it can only match a key spelled that way.
 */
export function pathParam(ctx: HandlerContext, name: string): string {
  const raw = ctx.params[name] ?? ''
  if (!raw.includes('%')) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
