import type { SharedMockHandle } from '../../mock-server/control/remote-mock-api.ts'
import { clearPersisted, loadPersisted } from './persisted-state.ts'

const reason = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

/**
 * Hands the save an older playground kept in `localStorage` over to the shared mock (only into an
 * empty database), then removes it: moved, obsolete or unreadable, it is never read again. Returns
 * the notices for the page.
 */
export async function migrateLegacySave(
  shared: Pick<SharedMockHandle, 'migrate'>,
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
): Promise<string[]> {
  const legacy = loadPersisted(storage)
  if (legacy.kind === 'empty') return []
  const notices: string[] = []
  if (legacy.kind === 'corrupted')
    notices.push(
      `The playground's older saved data could not be read (${legacy.reason}); it was discarded.`,
    )
  if (legacy.kind === 'loaded') {
    try {
      await shared.migrate(legacy.value)
    } catch (error) {
      notices.push(
        `The playground's older saved data was invalid (${reason(error)}); it was discarded and the mock started from its seed data.`,
      )
    }
  }
  clearPersisted(storage)
  return notices
}
