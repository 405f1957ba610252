import type { MockApi } from '../../../index.ts'
import { serverConnection } from '../../boot/connect-server.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { useMockValue } from '../../services/use-mock-value.ts'
import { ImportExport } from './import-export.tsx'
import { RowTable } from './row-table.tsx'

const readState = (api: MockApi) => api.state.snapshot()

const rows = (count: number) =>
  `${new Intl.NumberFormat('en').format(count)} row${count === 1 ? '' : 's'}`

/** Every table the mock holds, whatever API it serves: the snapshot's arrays but the keys. */
const collectionsOf = (state: Record<string, unknown>) =>
  Object.keys(state).filter(
    (name) => name !== 'idempotencyKeys' && Array.isArray(state[name]),
  )

/** Where the data is kept, and for how long: the server's store outlives the server's process. */
function whereItLives() {
  const connection = serverConnection()
  if (!connection) return 'It is kept in this browser across reloads'
  if (connection.store)
    return `It lives in the server this page talks to, which keeps it in ${connection.store} across restarts`
  return 'It lives in the memory of the server this page talks to, until the server stops'
}

/** The mock's data as it is now: every table, the stored idempotency keys, and file import/export. */
export function DataView() {
  const { api } = usePlayground()
  const state = useMockValue(api, ['state'], readState)
  const tables = state as unknown as Record<string, Record<string, unknown>[]>
  const collections = collectionsOf(state)
  const keys = state.idempotencyKeys.map((record) => ({
    key: record.key,
    request: `${record.method} ${record.path}`,
    principal: record.principal,
    storedStatus: record.response?.status ?? '(none)',
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
  }))
  return (
    <section aria-labelledby="data-heading">
      <h2 id="data-heading">Data</h2>
      <p>
        The mock&apos;s data as it is now. {whereItLives()}; export it to keep a
        copy or share it.
      </p>
      <ImportExport />
      <nav aria-label="Tables" className="button-row">
        {[...collections, 'idempotency keys'].map((name) => (
          <a key={name} href={`#table-${name.replace(' ', '-')}`}>
            {name}
          </a>
        ))}
      </nav>
      {collections.map((name) => (
        <section
          key={name}
          id={`table-${name}`}
          aria-labelledby={`heading-${name}`}
        >
          <h3 id={`heading-${name}`}>
            {name.charAt(0).toUpperCase() + name.slice(1)}
          </h3>
          <RowTable
            name={name.charAt(0).toUpperCase() + name.slice(1)}
            caption={`${name.charAt(0).toUpperCase() + name.slice(1)} (${rows(tables[name]!.length)})`}
            rows={tables[name]!}
          />
        </section>
      ))}
      <section id="table-idempotency-keys" aria-labelledby="heading-keys">
        <h3 id="heading-keys">Stored idempotency keys</h3>
        <RowTable
          name="Idempotency keys"
          caption={`Idempotency keys (${keys.length} stored)`}
          rows={keys}
          columns={[
            'key',
            'request',
            'principal',
            'storedStatus',
            'createdAt',
            'expiresAt',
          ]}
        />
      </section>
    </section>
  )
}
