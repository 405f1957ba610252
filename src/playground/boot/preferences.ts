import type { Token } from '../services/playground-context.tsx'
import { speeds, type Speed } from '../services/speed.ts'

const KEY = 'hypermock:preferences:v1'

/** The playground's own settings that a reload keeps: the chosen credential and demo speed. */
export interface Preferences {
  token: Token
  speed: Speed
}

export function loadPreferences(
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): Partial<Preferences> {
  try {
    const saved = JSON.parse(storage.getItem(KEY) ?? '{}') as Record<
      string,
      unknown
    >
    // Whether the loaded API offers it is for the page to say: a token, or none.
    const token =
      typeof saved.token === 'string' || saved.token === null
        ? (saved.token as Token)
        : undefined
    const speed = speeds.find((s) => s === saved.speed)
    return {
      ...(token !== undefined && { token }),
      ...(speed !== undefined && { speed }),
    }
  } catch {
    return {}
  }
}

export function savePreferences(
  preferences: Preferences,
  storage: Pick<Storage, 'setItem'> = window.localStorage,
) {
  try {
    storage.setItem(KEY, JSON.stringify(preferences))
  } catch {
    // Storage refused: the settings last until the page closes.
  }
}
