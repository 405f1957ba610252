import type { AnyResource } from '../../src/mock-server/declare/types.ts'
import { createOpenApiDocument } from '../../src/index.ts'
import { shopApi } from '../../src/domains/shop/index.ts'
import { fromOpenApi } from '../../src/openapi-import/index.ts'
import type { ContractTargetFactory } from './contract-target.ts'
import { engineTarget } from './engine-target.ts'

const shop = shopApi.resources as unknown as Record<string, AnyResource>

type Row = Record<string, unknown>

/**
 * What the built-in domain does in code, which no description carries. The contract suite's tests
 * of these are skipped on the imported target, each tagged with one of these reasons.
 */
export const shopCode = {
  pay: "paying an order creates its payment (the orders' `pay` transition and the payments' `create` run code): imported, paying only moves the order's state",
  transfer:
    "a transfer moves money between two accounts, or fails with 422 insufficient-funds (the transfers' `create.handle`)",
  'whole-jpy':
    "a jpy total must be a whole number (the orders' `check` hook): the description says only `number`",
  'strict-key':
    "which operations demand an Idempotency-Key in strict mode is the declaration's `strictKey`, which the description does not carry",
} as const

export type ShopCode = keyof typeof shopCode

/** Whether the target serves the built-in domain without that code (the imported description). */
export const lacks = (factory: ContractTargetFactory, code: ShopCode) =>
  factory.lacks?.has(code) ?? false

/** The seed rows without the fields the description does not show (they are hidden). */
function describedSeed(
  resource: AnyResource,
): NonNullable<AnyResource['seed']> {
  const hidden = new Set<string>(resource.hidden ?? [])
  const strip = (rows: readonly Row[]) =>
    rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([k]) => !hidden.has(k))),
    )
  const seed = resource.seed
  return typeof seed === 'function'
    ? (ctx) => strip(seed(ctx) as Row[])
    : strip((seed ?? []) as Row[])
}

/**
 * Who owns a row, where the description cannot say: the built-in domain's own owners, except a
 * payment's, which names its customer in a hidden field and is owned through its order here.
 */
export function ownerOf(
  name: string,
  resource: AnyResource,
): AnyResource['owner'] {
  if (name === 'payments')
    return (row, data) =>
      (
        data.table('orders').get((row as Row).orderId as number) as
          | Row
          | undefined
      )?.customerId as number | undefined
  return resource.owner
}

/**
 * hypermock's own description of the built-in domain (`/api/openapi.json`), imported back with
 * `fromOpenApi`, served by the engine in-process. The schemas, inputs, ids, lists, paging, filters, states and
 * problems come from the description. The overlay carries only what no description can: the
 * tokens, the problem types the domain declares, who owns which rows (`owner`), the seed rows (so that the suite's fixed data is there),
 * and the nested lists drawn by code (an account's transfers, from either side).
 */
export const importedTarget: ContractTargetFactory = {
  name: 'its own description, imported',
  lacks: new Set(Object.keys(shopCode) as ShopCode[]),
  async start(options) {
    const openapi = createOpenApiDocument({ basePath: '/api' }) as Record<
      string,
      unknown
    >
    const api = fromOpenApi(openapi, {
      tokens: shopApi.tokens,
      problems: shopApi.problems,
      resources: Object.fromEntries(
        Object.entries(shop).map(([name, resource]) => [
          name,
          {
            seed: describedSeed(resource),
            ...(ownerOf(name, resource) && { owner: ownerOf(name, resource)! }),
            ...(resource.collections && { collections: resource.collections }),
          },
        ]),
      ),
    })
    return engineTarget.start({ ...options, api } as never)
  },
}
