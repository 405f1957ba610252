export type PanelTab = 'timeline' | 'journal' | 'faults' | 'state'

/** What the panel remembers between visits: where the user left it, whether open, which tab. */
export interface PanelMemory {
  /** Distance of the panel's button from the viewport's right and bottom edges, in px. */
  right: number
  bottom: number
  open: boolean
  tab: PanelTab
}

const fallback: PanelMemory = {
  right: 16,
  bottom: 16,
  open: false,
  tab: 'timeline',
}
const tabs: readonly PanelTab[] = ['timeline', 'journal', 'faults', 'state']

const finite = (value: unknown, or: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : or

/** Reads the memory; anything missing, malformed or unreadable (private mode) falls back. */
export function loadPanelMemory(key: string, open: boolean): PanelMemory {
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown
    if (typeof raw !== 'object' || raw === null) return { ...fallback, open }
    const saved = raw as Partial<Record<keyof PanelMemory, unknown>>
    return {
      right: finite(saved.right, fallback.right),
      bottom: finite(saved.bottom, fallback.bottom),
      open: typeof saved.open === 'boolean' ? saved.open : open,
      tab: tabs.includes(saved.tab as PanelTab)
        ? (saved.tab as PanelTab)
        : fallback.tab,
    }
  } catch {
    return { ...fallback, open }
  }
}

export function savePanelMemory(key: string, memory: PanelMemory) {
  try {
    localStorage.setItem(key, JSON.stringify(memory))
  } catch {
    // Storage full or blocked: the panel still works, it only forgets its place.
  }
}

/** Keeps the button inside the viewport however the window was resized since. */
export function clampToViewport(
  memory: PanelMemory,
  width: number,
  height: number,
  size = 48,
): PanelMemory {
  const clamp = (value: number, max: number) =>
    Math.min(Math.max(0, value), Math.max(0, max - size))
  return {
    ...memory,
    right: clamp(memory.right, width),
    bottom: clamp(memory.bottom, height),
  }
}
