import { isPreferChoice, type ConsoleDraft } from './console-draft.ts'

const KEY = 'hypermock:console-draft:v1'
const textFields = [
  'method',
  'path',
  'authorization',
  'idempotencyKey',
  'ifMatch',
  'ifNoneMatch',
  'contentType',
  'body',
] as const

function isDraft(value: unknown): value is ConsoleDraft {
  if (typeof value !== 'object' || value === null) return false
  const draft = value as Record<string, unknown>
  return (
    textFields.every((field) => typeof draft[field] === 'string') &&
    (draft.mode === 'client' || draft.mode === 'raw') &&
    Array.isArray(draft.custom) &&
    draft.custom.every(
      (row: unknown) =>
        typeof row === 'object' &&
        row !== null &&
        typeof (row as Record<string, unknown>).id === 'number' &&
        typeof (row as Record<string, unknown>).name === 'string' &&
        typeof (row as Record<string, unknown>).value === 'string',
    )
  )
}

/** The request the user was writing, kept across reloads and view switches; null if none or unreadable. */
export function loadSavedDraft(
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): ConsoleDraft | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? 'null')
    if (!isDraft(value)) return null
    // A draft saved before the Prefer control sends none.
    return {
      ...value,
      prefer: isPreferChoice(value.prefer) ? value.prefer : '',
    }
  } catch {
    return null
  }
}

export function saveDraft(
  draft: ConsoleDraft,
  storage: Pick<Storage, 'setItem'> = window.localStorage,
) {
  try {
    storage.setItem(KEY, JSON.stringify(draft))
  } catch {
    // Storage full or refused: the draft still lives in the page until it closes.
  }
}

/** A link or the guide that names a request wins over the saved draft. */
export function namesARequest(params: URLSearchParams) {
  return ['method', 'path', 'body', 'header', 'mode'].some((name) =>
    params.has(name),
  )
}
