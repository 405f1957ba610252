import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { AnyResource } from '../../src/mock-server/declare/types.ts'
import { shopApi, type ApiDeclaration } from '../../src/index.ts'
import { startRecordingProxy } from '../../src/record/recording-proxy.ts'
import { writeRecording } from '../../src/record/record.ts'
import { loadConfig } from '../../src/server/load-config.ts'
import { startServer } from '../../src/server/start-server.ts'
import type { ContractTargetFactory } from './contract-target.ts'
import { ownerOf, shopCode, type ShopCode } from './imported-target.ts'
import { mswTarget } from './msw-target.ts'

const shop = shopApi.resources as unknown as Record<string, AnyResource>
const admin = { authorization: 'Bearer admin-token' }
const customer = { authorization: 'Bearer customer-1-token' }
const jsonBody = (body: unknown, headers = customer) => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

/**
 * What an app does against the built-in API, through the recording proxy: it reads every
 * collection whole first (so the seed is the API as it was), then pages, filters, sorts, follows
 * nested lists, creates, replaces, cancels, pays, deletes, and makes a few mistakes.
 */
async function walk(base: string) {
  const get = (p: string, headers = admin) => fetch(base + p, { headers })
  await get('/api')
  for (const name of [
    'customers',
    'accounts',
    'orders',
    'payments',
    'transfers',
  ]) {
    await get(`/api/${name}?perPage=100`)
    await get(`/api/${name}/1`)
  }
  await get('/api/orders?page=2&perPage=5')
  await get('/api/orders?status=pending&currency=usd,eur')
  await get('/api/orders?customerId=1&sort=-total')
  await get('/api/orders?total[gte]=10&createdAt[lt]=2030-01-01T00:00:00Z')
  await get('/api/customers/1/orders')
  await get('/api/customers/1/accounts')
  await get('/api/accounts/1/transfers')
  await get('/api/accounts/3/transfers')
  await get('/api/transfers/2')
  const created = await fetch(
    `${base}/api/orders`,
    jsonBody({ total: 12.5, currency: 'usd', note: 'recorded' }),
  )
  const { id } = (await created.json()) as { id: number }
  await get(`/api/orders/${id}`, customer)
  await fetch(`${base}/api/orders`, jsonBody({ total: 3, currency: 'eur' }))
  await fetch(
    `${base}/api/orders`,
    jsonBody({ total: 8, currency: 'gbp', customerId: 2 }, admin),
  )
  await fetch(
    `${base}/api/orders`,
    jsonBody({ total: 'lots', currency: 'xyz' }),
  )
  await fetch(`${base}/api/orders/1`, {
    ...jsonBody({ total: 43, currency: 'usd', note: 'replaced', version: 1 }),
    method: 'PUT',
  })
  await fetch(`${base}/api/orders/5`, {
    ...jsonBody({ total: 44, currency: 'usd' }),
    method: 'PUT',
  })
  await fetch(`${base}/api/orders/5`, {
    method: 'PATCH',
    headers: { ...customer, 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ note: 'patched' }),
  })
  await fetch(`${base}/api/orders/4/cancel`, jsonBody({}))
  await fetch(`${base}/api/orders/3`, {
    ...jsonBody({ total: 1, currency: 'usd' }),
    method: 'PUT',
  })
  await get('/api/orders/4', customer)
  await fetch(`${base}/api/orders/9/payment`, jsonBody({}))
  await get('/api/orders/9', customer)
  await fetch(`${base}/api/orders/3/cancel`, jsonBody({}))
  await fetch(`${base}/api/orders/${id}`, {
    method: 'DELETE',
    headers: customer,
  })
  await fetch(
    `${base}/api/payments`,
    jsonBody({ amount: 500, currency: 'usd' }),
  )
  await fetch(
    `${base}/api/transfers`,
    jsonBody({
      fromAccountId: 1,
      toAccountId: 3,
      amount: 100,
      currency: 'usd',
    }),
  )
}

let recorded: Promise<ApiDeclaration> | undefined

/** Records the built-in API once per test file: a server, a proxy in front, the walk, the files. */
function record(): Promise<ApiDeclaration> {
  recorded ??= (async () => {
    const server = await startServer({ port: 0 })
    const proxy = await startRecordingProxy({ target: server.url, port: 0 })
    try {
      await walk(proxy.url)
    } finally {
      await proxy.close()
      await server.close()
    }
    // Inside the repository, as in a user's project (the file imports zod and hypermock-api).
    mkdirSync('test-results/record', { recursive: true })
    const out = mkdtempSync(path.resolve('test-results/record/shop-'))
    try {
      await writeRecording(proxy.exchanges, out, { name: 'Recorded shop' })
      return await loadConfig(path.join(out, 'api.ts'))
    } finally {
      if (!process.env.KEEP_RECORDING)
        rmSync(out, { recursive: true, force: true })
    }
  })()
  return recorded
}

/**
 * What a recording cannot hold: code the backend runs (a payment made by paying an order, a
 * transfer moving money, a jpy rule, strict-mode keys). Tests of these are skipped on this target.
 */
export const recordedLacks: Record<ShopCode, string> = shopCode

/**
 * The built-in API recorded through the proxy and served from the recorded declaration. The
 * overlay carries only what a recording leaves out by design: the tokens (redacted, never
 * written) and who owns which rows (ownership is not inferred).
 */
export const recordedTarget: ContractTargetFactory = {
  name: 'its own traffic, recorded',
  lacks: new Set(Object.keys(shopCode) as ShopCode[]),
  async start(options) {
    const declaration = await record()
    const api = {
      ...declaration,
      tokens: shopApi.tokens,
      resources: Object.fromEntries(
        Object.entries(declaration.resources).map(([name, resource]) => {
          const owner = shop[name] && ownerOf(name, shop[name])
          return [name, { ...resource, ...(owner && { owner }) }]
        }),
      ),
    }
    return mswTarget.start({ ...options, api } as never)
  },
}
