import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { createMockHub, type MockHub } from './mock-hub.ts'
import { IndexedDbStore } from './indexeddb-store.ts'
import type { SharedMockApi } from '../mock-server/control/remote-mock-api.ts'
import { connectToHub } from './port-transport.ts'
import { shopApi, type ShopApi } from '../domains/shop/index.ts'

export const DATABASE = 'hypermock-test'

/** A fresh, empty IndexedDB (fake-indexeddb) for each test. */
export function freshIndexedDb() {
  globalThis.indexedDB = new IDBFactory()
}

const openPorts: MessagePort[] = []

/** A hub as the leading tab runs it, over fake-indexeddb. */
export function startHub(
  options: Partial<Parameters<typeof createMockHub>[0]> = {},
): MockHub {
  return createMockHub({
    options: { api: shopApi },
    database: DATABASE,
    openStore: IndexedDbStore.open,
    report: () => {},
    warn: () => {},
    mismatch: () => {},
    ...options,
  })
}

/** A tab connected to `hub` over a MessageChannel, as a page is to the SharedWorker. */
export async function openTab(hub: MockHub): Promise<SharedMockApi<ShopApi>> {
  const { port1, port2 } = new MessageChannel()
  openPorts.push(port1, port2)
  hub.connect(port1)
  return connectToHub(port2, { api: shopApi }) as Promise<
    SharedMockApi<ShopApi>
  >
}

/** Closes every channel opened (Node keeps running while a port is open). */
export function closeTabs() {
  for (const port of openPorts.splice(0)) port.close()
}

export const asCustomer1 = (path: string, init: RequestInit = {}) =>
  new Request(`http://localhost${path}`, {
    ...init,
    headers: {
      Authorization: 'Bearer customer-1-token',
      ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
      ...init.headers,
    },
  })
