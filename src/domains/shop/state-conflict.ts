import type { HandlerContext } from '../../mock-server/index.ts'
import type { Order } from './schemas.ts'

/** 409 for paying an order its state does not let be paid (a payment names it after the fact). */
export function stateConflict(
  ctx: HandlerContext,
  order: Order,
  action: string,
): never {
  ctx.fail('state-conflict', {
    detail: `Order ${order.id} is ${order.status}, so it cannot be ${action}. Re-read the order and follow the links it offers.`,
    members: {
      currentStatus: order.status,
      allowedActions: order.status === 'pending' ? ['cancel', 'pay'] : [],
    },
  })
}
