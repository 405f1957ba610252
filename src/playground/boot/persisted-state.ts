import type { FaultRule, MockConfig, StateSnapshot } from '../../index.ts'
import { isObject } from '../../common/is-object.ts'

/**
 * Where earlier versions of the playground saved the mock. It lives in IndexedDB now (see
 * start-mock.ts); a save found here is migrated once, then removed.
 */
export const STORAGE_KEY = 'hypermock:playground:v1'

/** The playground's mock as a whole: its data, fault rules and settings (also the export format). */
export interface PersistedPlayground {
  version: 1
  state: StateSnapshot
  faults: Omit<FaultRule, 'id' | 'matched' | 'fired'>[]
  config: MockConfig
}

export type LoadResult =
  | { kind: 'empty' }
  | { kind: 'loaded'; value: PersistedPlayground }
  /** Storage held something unreadable: it was discarded, and the user is told why. */
  | { kind: 'corrupted'; reason: string }

/**
 * Reads the saved playground. Only the envelope is checked here; the mock validates the snapshot
 * itself when it is restored, and a failure there is reported the same way.
 */
export function loadPersisted(storage: Pick<Storage, 'getItem'>): LoadResult {
  let raw: string | null
  try {
    raw = storage.getItem(STORAGE_KEY)
  } catch (error) {
    return {
      kind: 'corrupted',
      reason: `the browser refused access to storage (${String(error)})`,
    }
  }
  if (raw === null) return { kind: 'empty' }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { kind: 'corrupted', reason: 'the saved data is not valid JSON' }
  }
  if (
    !isObject(value) ||
    value.version !== 1 ||
    !isObject(value.state) ||
    !Array.isArray(value.faults) ||
    !isObject(value.config)
  ) {
    return {
      kind: 'corrupted',
      reason: 'the saved data does not have the expected shape',
    }
  }
  return { kind: 'loaded', value: value as unknown as PersistedPlayground }
}

export function clearPersisted(storage: Pick<Storage, 'removeItem'>) {
  try {
    storage.removeItem(STORAGE_KEY)
  } catch {
    // Nothing to do: the next save overwrites it anyway.
  }
}
