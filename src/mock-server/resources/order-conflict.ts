import { orderActions } from '../hypermedia/present.ts'
import { fail } from '../problems/problem-error.ts'
import type { Order } from '../store/types.ts'

/** 409 for an action the order's state does not offer (a stale link was followed). */
export function stateConflict(
  order: Order,
  action: string,
  path: string,
): never {
  fail('state-conflict', {
    detail: `Order ${order.id} is ${order.status}, so it cannot be ${action}. Re-read the order and follow the links it offers.`,
    instance: path,
    extensions: {
      currentStatus: order.status,
      allowedActions: orderActions(order),
    },
  })
}
