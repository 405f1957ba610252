// Type-checked in a throwaway project against the published .d.ts, skipLibCheck off: every entry.
import { createMockApi, type MockApi, type StateSnapshot } from 'hypermock-api'
import {
  createClient,
  isHttpError,
  type HypermockClient,
} from 'hypermock-api/client'
import {
  mountDevtools,
  type DevtoolsHandle,
  type DevtoolsOptions,
} from 'hypermock-api/devtools'
import { mountDevtools as mountDevtoolsLazily } from 'hypermock-api/devtools/lazy'
import { HypermockDevtools } from 'hypermock-api/devtools/react'
import { createHandlers } from 'hypermock-api/msw'
import { startMockWorker } from 'hypermock-api/msw/browser'
import { setupMockServer } from 'hypermock-api/msw/node'
import {
  createQueryClient,
  HypermockClientProvider,
  useAction,
  useResource,
} from 'hypermock-api/react'
import { mockHandle, mockTest, type MockHandle } from 'hypermock-api/playwright'
import { startServer, type RunningServer } from 'hypermock-api/server'
import { scenarios, shopApi, type ShopApi } from 'hypermock-api/shop'
import {
  MemoryStore,
  runStoreSuite,
  storeAt,
  type MockStore,
  type StoreStart,
} from 'hypermock-api/store'
import { getDomain } from 'hypermock-api/tldts-lite'
import { setupServer } from 'msw/node'

const api: MockApi = createMockApi({ config: { latencyMs: 0 } })
const snapshot: StateSnapshot = api.state.snapshot()
api.state.restore(snapshot)
const server = setupServer(...createHandlers(api))
server.listen()
const mocked = setupMockServer()
mocked.server.close()
const client: HypermockClient = createClient({
  baseUrl: 'http://localhost/api',
  token: 'customer-1-token',
})

export async function useEverything(): Promise<string> {
  const worker: MockApi = await startMockWorker()
  const running: RunningServer = await startServer({ port: 0 })
  await running.close()
  try {
    await client.get('/api/orders/1')
  } catch (error) {
    if (isHttpError(error)) return error.problem?.title ?? worker.basePath
  }
  return running.url
}

const devtoolsOptions: DevtoolsOptions = { initialIsOpen: true }
export const panel: DevtoolsHandle = mountDevtools(api, devtoolsOptions)
export const lazyPanel: Promise<DevtoolsHandle> = mountDevtoolsLazily(api)
export const devtoolsElement = HypermockDevtools({ api })
export const firstVerdicts = api.operations.list()[0]?.verdicts ?? []

export const registrable = getDomain('app.example.test')

export const glue = {
  queryClient: createQueryClient(),
  HypermockClientProvider,
  useAction,
  useResource,
}

// The Playwright fixture, typed from a declaration; and a handle over any transport.
export const playwrightTest = mockTest<typeof api.declaration>()
export const handle: MockHandle = mockHandle(async () => ({
  status: 200,
  text: '{"rules":[]}',
}))
// The shop is a declaration like any other: served by name, its scenario ids typed from it.
const shop: MockApi<ShopApi> = createMockApi({
  api: shopApi,
  basePath: '/shop',
})
export const firstScenario: string | undefined = scenarios[0]?.id
export const shopOrders = shop.data.orders.get(1)?.status

const store: MockStore = new MemoryStore()
const kept = createMockApi({ store })
export const started: Promise<StoreStart> = kept.store.ready
export const suite = typeof runStoreSuite
export const factory = storeAt(
  () => 'memory',
  () => new MemoryStore(),
)
