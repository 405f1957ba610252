import { useRef, useState, type ChangeEvent } from 'react'
import { ConfirmReset } from '../../components/confirm-reset.tsx'
import { usePlayground } from '../../services/playground-context.tsx'
import type { PersistedPlayground } from '../../boot/persisted-state.ts'
import { isSharedMockApi } from '../../../mock-server/control/remote-mock-api.ts'

/** `3 rooms, 2 guests`: the rows of each of the file's tables, whatever the API's. */
function tableCounts(state: object): string {
  const tables = Object.entries(state).filter(
    (entry): entry is [string, unknown[]] => Array.isArray(entry[1]),
  )
  return tables.length === 0
    ? 'no rows'
    : tables.map(([name, rows]) => `${rows.length} ${name}`).join(', ')
}
import {
  applyPlaygroundFile,
  capturePlayground,
  checkPlaygroundFile,
} from './check-playground-file.ts'

type Message = { kind: 'ok' | 'error'; text: string } | null

function download(name: string, text: string) {
  const url = URL.createObjectURL(
    new Blob([text], { type: 'application/json' }),
  )
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = name
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** Reset (after a confirmation), Export to a JSON file, and Import one back. */
export function ImportExport() {
  const { api } = usePlayground()
  const [message, setMessage] = useState<Message>(null)
  const [confirming, setConfirming] = useState(false)
  const [importing, setImporting] = useState<{
    name: string
    value: PersistedPlayground
  } | null>(null)
  const resetButton = useRef<HTMLButtonElement>(null)
  const closeConfirm = () => {
    setConfirming(false)
    // The confirmation's buttons disappear; focus goes back where the user started.
    setTimeout(() => resetButton.current?.focus(), 0)
  }

  const exportFile = () => {
    const stamp = api.clock.now().replace(/[:.]/g, '-')
    download(
      `hypermock-${stamp}.json`,
      JSON.stringify(capturePlayground(api), null, 2),
    )
    setMessage({
      kind: 'ok',
      text: 'Exported the state, settings and fault rules.',
    })
  }

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    setMessage(null)
    const text = await file.text()
    const check = await checkPlaygroundFile(text, file.size)
    input.value = ''
    if (!check.ok) {
      setMessage({
        kind: 'error',
        text: `Could not import "${file.name}": ${check.reason}. Nothing was changed.`,
      })
      return
    }
    // A good file replaces the data every tab shares: it waits for the user's yes.
    setImporting({ name: file.name, value: check.value })
  }

  /**
   * Says `done` once the change is applied and stored where the mock runs (the tab leading a
   * shared mock, IndexedDB, a server), so that a reload right after it keeps it; `working` until then.
   */
  const announceWhenStored = (working: string, done: string) => {
    if (!isSharedMockApi(api)) {
      setMessage({ kind: 'ok', text: done })
      return
    }
    setMessage({ kind: 'ok', text: working })
    void api.shared.settled().then(() => setMessage({ kind: 'ok', text: done }))
  }

  const applyImport = () => {
    if (!importing) return
    const { name, value } = importing
    setImporting(null)
    applyPlaygroundFile(api, value)
    const { state, faults } = value
    announceWhenStored(
      `Importing "${name}"…`,
      `Imported "${name}": ${tableCounts(state)}, ${faults.length} fault rule${faults.length === 1 ? '' : 's'}.`,
    )
  }

  return (
    <section aria-labelledby="data-actions-heading" className="panel">
      <h3 id="data-actions-heading">Save, restore, start over</h3>
      <div className="button-row">
        <button type="button" onClick={exportFile}>
          Export to a file
        </button>
        <label className="file-label">
          Import a file{' '}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(event) => void importFile(event)}
          />
        </label>
        <button
          ref={resetButton}
          type="button"
          className="danger"
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          Reset…
        </button>
      </div>
      {importing && (
        <ConfirmReset
          question={`Replace the mock's data with “${importing.name}”?`}
          confirmLabel="Import and replace"
          consequence={`Its ${tableCounts(importing.value.state)}, fault rules and settings replace what the mock holds now, and the journal and idempotency keys go.`}
          onConfirm={applyImport}
          onCancel={() => {
            setImporting(null)
            setMessage({
              kind: 'ok',
              text: `Did not import "${importing.name}": nothing was changed.`,
            })
          }}
        />
      )}
      {confirming && (
        <ConfirmReset
          question="Reset the mock to its seed data?"
          confirmLabel="Reset to the seed data"
          onConfirm={() => {
            api.reset()
            closeConfirm()
            announceWhenStored(
              'Resetting to the seed data…',
              'The mock is back to its seed data, in every tab.',
            )
          }}
          onCancel={closeConfirm}
        />
      )}
      <div
        role="alert"
        className={message?.kind === 'error' ? 'field-error' : undefined}
      >
        {message?.kind === 'error' ? message.text : ''}
      </div>
      <div role="status">{message?.kind === 'ok' ? message.text : ''}</div>
    </section>
  )
}
