import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { AnyResource } from '../../src/mock-server/declare/types.ts'
import { shopApi } from '../../src/domains/shop/index.ts'
import type { Exchange } from '../../src/record/exchange.ts'
import { startRecordingProxy } from '../../src/record/recording-proxy.ts'
import { loadConfig } from '../../src/server/load-config.ts'
import { startServer } from '../../src/server/start-server.ts'
import type { ContractTargetFactory } from './contract-target.ts'
import { ownerOf, shopCode, type ShopCode } from './imported-target.ts'
import { engineTarget } from './engine-target.ts'

const shop = shopApi.resources as unknown as Record<string, AnyResource>
const admin = { authorization: 'Bearer admin-token' }

const collections = ['customers', 'accounts', 'orders', 'payments', 'transfers']

/**
 * What an app does first when it opens: the root, then every list whole. A recording's seed is
 * each record as first seen, so these reads make it the API as it was before the traffic changed it.
 */
async function readEverything(base: string) {
  const get = (p: string) => fetch(base + p, { headers: admin })
  await get('/api')
  for (const name of collections) await get(`/api/${name}?perPage=100`)
}

/** An exchange as written to a traffic file: its URL as text. */
type StoredExchange = Omit<Exchange, 'url'> & { url: string }

let trafficFiles = 0

/**
 * The standalone server behind the recording proxy: the contract suite's requests pass through
 * the proxy, and when the target stops its exchanges are written to `HYPERMOCK_RECORD_TRAFFIC_DIR`
 * (one file per target, named in the order the targets stopped).
 */
export const proxiedServerTarget: ContractTargetFactory = {
  name: 'the server behind the recording proxy',
  async start(options) {
    const dir = process.env.HYPERMOCK_RECORD_TRAFFIC_DIR
    if (!dir)
      throw new Error(
        'HYPERMOCK_RECORD_TRAFFIC_DIR names no folder for the recorded traffic.',
      )
    const server = await startServer({ ...options, port: 0, host: '127.0.0.1' })
    const proxy = await startRecordingProxy({ target: server.url, port: 0 })
    await readEverything(proxy.url)
    const url = (p: string) => `${proxy.url}${p}`
    return {
      api: server.api,
      url,
      fetch: (p, init) => fetch(url(p), init),
      async close() {
        await proxy.close()
        await server.close()
        const stored: StoredExchange[] = proxy.exchanges.map((e) => ({
          ...e,
          url: e.url.href,
        }))
        const name = `${String(Date.now()).padStart(15, '0')}-${process.pid}-${trafficFiles++}.traffic.json`
        writeFileSync(path.join(dir, name), JSON.stringify(stored))
      },
    }
  },
}

/**
 * Every exchange the proxied targets wrote into `dir`, in the order they were recorded. Each
 * `describe` of the suite starts its own server and proxy on a free port, but they serve one API:
 * every URL is read on one origin (the responses themselves hold only paths).
 */
export function readRecordedTraffic(dir: string): Exchange[] {
  const origin = 'http://shop.recorded.test'
  return readdirSync(dir)
    .filter((f) => f.endsWith('.traffic.json'))
    .sort()
    .flatMap((f) =>
      (
        JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as StoredExchange[]
      ).map((e) => {
        const url = new URL(e.url)
        return { ...e, url: new URL(url.pathname + url.search, origin) }
      }),
    )
}

/**
 * What a recording cannot hold: code the backend runs (a payment made by paying an order, a
 * transfer moving money, a jpy rule, strict-mode keys). Tests of these are skipped on this target.
 */
export const recordedLacks: Record<ShopCode, string> = shopCode

/**
 * The built-in API recorded through the proxy while the contract suite ran, served from the
 * recorded declaration (`HYPERMOCK_RECORDED_DECLARATION`). The overlay carries only what a
 * recording leaves out by design: the tokens (redacted, never written) and who owns which rows
 * (ownership is not inferred).
 */
export const recordedTarget: ContractTargetFactory = {
  name: 'its contract traffic, recorded',
  lacks: new Set(Object.keys(shopCode) as ShopCode[]),
  async start(options) {
    const file = process.env.HYPERMOCK_RECORDED_DECLARATION
    if (!file)
      throw new Error(
        'HYPERMOCK_RECORDED_DECLARATION names no recorded declaration to serve.',
      )
    const declaration = await loadConfig(file)
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
    return engineTarget.start({ ...options, api } as never)
  },
}
