/**
 * The Events view's reader of `<base>/events`: the mock's Server-Sent Events parsed frame by frame
 * (the WHATWG rules: a blank line ends a frame, `field: value`, `:` a comment), resumed with
 * `Last-Event-ID` whenever the mock closes the stream, as a consumer should.
 */

/** One state event as the stream delivered it. */
export interface StreamedEvent {
  /** Unique in this view (a duplicate arrives twice with one `id`). */
  key: number
  /** The `id:` field: the event's number in the log. */
  id: string
  type: string
  subject: string
  time: string
  /** The CloudEvent's own `id`. */
  eventId: string
  data: unknown
}

export interface SseFrame {
  id?: string
  event?: string
  data?: string
}

/** The frames complete in `buffer`, and what is left of it (the start of the next). */
export function splitFrames(buffer: string): {
  frames: SseFrame[]
  rest: string
} {
  const frames: SseFrame[] = []
  const text = buffer.replace(/\r\n?/g, '\n')
  let start = 0
  for (;;) {
    const end = text.indexOf('\n\n', start)
    if (end < 0) break
    const frame: SseFrame = {}
    for (const line of text.slice(start, end).split('\n')) {
      if (line === '' || line.startsWith(':')) continue
      const at = line.indexOf(':')
      const field = at < 0 ? line : line.slice(0, at)
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '')
      if (field === 'id' || field === 'event') frame[field] = value
      else if (field === 'data')
        frame.data =
          frame.data === undefined ? value : `${frame.data}\n${value}`
    }
    if (frame.data !== undefined) frames.push(frame)
    start = end + 2
  }
  return { frames, rest: text.slice(start) }
}

/** A frame's CloudEvent, or null when its data is not one. */
export function eventOf(frame: SseFrame, key: number): StreamedEvent | null {
  let event: unknown
  try {
    event = JSON.parse(frame.data ?? '')
  } catch {
    return null
  }
  if (typeof event !== 'object' || event === null) return null
  const cloud = event as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    key,
    id: frame.id ?? '',
    type: text(cloud.type) || (frame.event ?? ''),
    subject: text(cloud.subject),
    time: text(cloud.time),
    eventId: text(cloud.id),
    data: cloud.data ?? null,
  }
}

/** Frames longer than this (the log's events are records, far smaller) end the stream. */
export const MAX_FRAME_CHARS = 1_000_000

export type StreamState =
  | { kind: 'connecting' }
  | { kind: 'open' }
  | { kind: 'reconnecting'; lastEventId: string | null }
  | { kind: 'refused'; status: number; detail: string }

export interface ReadStreamOptions {
  fetch(request: Request): Promise<Response>
  url: string
  token: string | null
  onEvent(event: StreamedEvent): void
  onState(state: StreamState): void
  signal: AbortSignal
  /** Waits before a reconnect (the mock's `retry:`, 1 s). Tests pass their own. */
  wait?: (ms: number) => Promise<void>
}

const RETRY_MS = 1_000

const realWait = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Reads the stream until `signal` aborts: from the start of the log, then on, reconnecting with
 * `Last-Event-ID` each time the mock ends the stream (a `disconnect` fault, a backlog cut). A
 * refusal (401, 403, 429…) stops it with the problem's detail.
 */
export async function readEventStream({
  fetch,
  url,
  token,
  onEvent,
  onState,
  signal,
  wait = realWait,
}: ReadStreamOptions): Promise<void> {
  let lastEventId: string | null = null
  let key = 0
  onState({ kind: 'connecting' })
  while (!signal.aborted) {
    const headers = new Headers({ Accept: 'text/event-stream' })
    if (token !== null) headers.set('Authorization', `Bearer ${token}`)
    // From the start of what the log keeps; after a close, from the last event received.
    headers.set('Last-Event-ID', lastEventId ?? '0')
    let response: Response
    try {
      response = await fetch(new Request(url, { headers, signal }))
    } catch {
      if (signal.aborted) return
      onState({ kind: 'reconnecting', lastEventId })
      await wait(RETRY_MS)
      continue
    }
    if (!response.ok || response.body === null) {
      const text = await response.text().catch(() => '')
      let detail = text
      try {
        const problem = JSON.parse(text) as { detail?: string; title?: string }
        detail = problem.detail ?? problem.title ?? text
      } catch {
        // Not a problem document: its text as it came.
      }
      onState({ kind: 'refused', status: response.status, detail })
      return
    }
    onState({ kind: 'open' })
    const reader = response.body.getReader()
    const stop = () => void reader.cancel().catch(() => {})
    signal.addEventListener('abort', stop)
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        const { frames, rest } = splitFrames(buffer)
        buffer = rest
        if (buffer.length > MAX_FRAME_CHARS) break
        for (const frame of frames) {
          if (frame.id !== undefined) lastEventId = frame.id
          const event = eventOf(frame, (key += 1))
          if (event) onEvent(event)
        }
      }
    } catch {
      // A network error: reconnect as for a close.
    } finally {
      signal.removeEventListener('abort', stop)
    }
    if (signal.aborted) return
    onState({ kind: 'reconnecting', lastEventId })
    await wait(RETRY_MS)
  }
}
