import type { HandlerContext } from '../mock-server/declare/types.ts'
import { pathParam } from './path-param.ts'

/**
 * Refuses an action on an item no row of `table` is keyed by (`PUT /t/{id}/bookmark.json` on a
 * topic that does not exist): a 404, as for any unknown item. `param` is the path parameter that
 * names the item, `key` the record's member it matches; `parents`, a nested collection's
 * parameters and the members that hold them.
 */
export function itemMustExist(
  table: string,
  key: string,
  param: string,
  parents: readonly { param: string; field: string }[] = [],
) {
  const name = param.replace(/[^\w]/g, '_')
  // An item of a nested collection exists below the parents its path names, not another's.
  const under = parents.map((p) => ({
    name: p.param.replace(/[^\w]/g, '_'),
    field: p.field,
  }))
  return (ctx: HandlerContext) => {
    const raw = pathParam(ctx, name)
    if (
      !ctx.data
        .table(table)
        .list()
        .some(
          (row) =>
            String(row[key]) === raw &&
            under.every((p) => String(row[p.field]) === pathParam(ctx, p.name)),
        )
    )
      ctx.fail('not-found', {
        detail: `No ${table} ${raw} exists for this credential.`,
      })
  }
}
