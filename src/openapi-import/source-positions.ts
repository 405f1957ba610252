import {
  EVENT_ID,
  getScalarValue,
  parseEvents,
  SCALAR_STYLE,
  type Event,
} from 'js-yaml'

/** A place in a file the user wrote: one-based line and column. */
export interface SourcePosition {
  line: number
  column: number
}

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')

/** The one-based line and column of an offset into `text`. */
export function positionAt(text: string, offset: number): SourcePosition {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  return { line, column: offset - lineStart + 1 }
}

/**
 * Where each JSON pointer of a YAML or JSON file starts in its text: a member at its key, an item
 * at its value. Read from the parser's events, so the lines are the file's own.
 */
export function pointerOffsets(text: string): Map<string, number> {
  const offsets = new Map<string, number>([['#', 0]])
  let events: Event[]
  try {
    events = parseEvents(text, {})
  } catch {
    return offsets
  }
  // One frame per open collection: its pointer, and for a mapping the key awaiting its value.
  type Frame = {
    pointer: string
    mapping: boolean
    index: number
    key?: { name: string; offset: number } | null | undefined
  }
  const stack: Frame[] = []
  const startOf = (event: Event) =>
    event.type === EVENT_ID.SCALAR
      ? // A quoted scalar's value starts after its quote.
        event.valueStart -
        (event.style === SCALAR_STYLE.SINGLE_QUOTED ||
        event.style === SCALAR_STYLE.DOUBLE_QUOTED
          ? 1
          : 0)
      : event.type === EVENT_ID.ALIAS
        ? event.anchorStart
        : event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE
          ? event.start
          : -1
  // The pointer of the node an event opens, once its place in the parent is known.
  const place = (event: Event): string | undefined => {
    const parent = stack.at(-1)
    if (!parent) return stack.length === 0 ? '#' : undefined
    if (parent.mapping) {
      if (parent.key === undefined) {
        parent.key =
          event.type === EVENT_ID.SCALAR
            ? { name: getScalarValue(text, event), offset: startOf(event) }
            : null
        return undefined
      }
      const key = parent.key
      parent.key = undefined
      if (!key) return undefined
      const pointer = `${parent.pointer}/${escape(key.name)}`
      offsets.set(pointer, key.offset)
      return pointer
    }
    const pointer = `${parent.pointer}/${parent.index++}`
    offsets.set(pointer, startOf(event))
    return pointer
  }
  let open = 0
  for (const event of events) {
    if (event.type === EVENT_ID.DOCUMENT) {
      if (++open > 1) break
      continue
    }
    if (event.type === EVENT_ID.POP) {
      stack.pop()
      continue
    }
    const pointer = place(event)
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE)
      stack.push({
        // A collection used as a key, or under one, has no pointer: `~` keeps it unmatched.
        pointer: pointer ?? '~',
        mapping: event.type === EVENT_ID.MAPPING,
        index: 0,
      })
  }
  return offsets
}

/**
 * The line and column of a pointer in a file's text, or of its nearest ancestor the file holds
 * (a `$ref` written out in place, a member the validator says is missing).
 */
export function locatePointer(
  text: string,
  pointer: string,
  offsets = pointerOffsets(text),
): SourcePosition | undefined {
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
    const offset = offsets.get(at)
    if (offset !== undefined && offset >= 0) return positionAt(text, offset)
    if (!at.includes('/')) return undefined
  }
}
