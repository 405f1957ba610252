import type { MockStore, Promisable } from '../mock-server/store/mock-store.ts'

/**
 * How the store suite gets its stores: `open()` a fresh, empty one; `reopen(store)` closes it and
 * opens another on the same data, as a restarted process would.
 */
export interface StoreFactory {
  open(): Promise<MockStore>
  reopen(store: MockStore): Promise<MockStore>
}

/**
 * The factory of a store opened by an address (a folder, a file, a database name, a URL): `open`
 * takes a fresh address each time, `reopen` closes the store and opens its address again.
 *
 * @example
 * runStoreSuite(vitest, {
 *   name: 'SQLite',
 *   ...storeAt(() => join(dir, `store-${++count}.db`), (file) => SqliteStore.open(file)),
 * })
 */
export function storeAt<Address>(
  freshAddress: () => Promisable<Address>,
  openAt: (address: Address) => Promisable<MockStore>,
): StoreFactory {
  const addresses = new WeakMap<MockStore, Address>()
  const openTracked = async (address: Address) => {
    const store = await openAt(address)
    addresses.set(store, address)
    return store
  }
  return {
    open: async () => openTracked(await freshAddress()),
    async reopen(store) {
      await store.close()
      const address = addresses.get(store)
      if (address === undefined)
        throw new Error(
          `Failed to reopen ${store.description}: it was not opened by this factory.`,
        )
      return openTracked(address)
    },
  }
}
