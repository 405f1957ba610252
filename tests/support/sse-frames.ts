/** One Server-Sent Events frame as a consumer reads it. */
export interface SseFrame {
  id?: string
  event?: string
  data?: string
  /** The comment lines (`: heartbeat`). */
  comments: string[]
}

/**
 * Reads a `text/event-stream` body frame by frame, as the WHATWG parsing rules split it (a blank
 * line ends a frame; `field: value`; a line starting with `:` is a comment).
 */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const parse = (block: string): SseFrame => {
    const frame: SseFrame = { comments: [] }
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        frame.comments.push(line.slice(1).trim())
        continue
      }
      const at = line.indexOf(':')
      const field = at < 0 ? line : line.slice(0, at)
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '')
      if (field === 'id' || field === 'event') frame[field] = value
      if (field === 'data')
        frame.data =
          frame.data === undefined ? value : `${frame.data}\n${value}`
    }
    return frame
  }
  return {
    /** The next frame; `null` once the stream ended. */
    async next(): Promise<SseFrame | null> {
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          return parse(block)
        }
        const { value, done } = await reader.read()
        if (done) return null
        buffer += decoder.decode(value, { stream: true })
      }
    },
    /** The next frame that carries an event (comments skipped). */
    async nextEvent(): Promise<SseFrame | null> {
      for (;;) {
        const frame = await this.next()
        if (frame === null || frame.data !== undefined) return frame
      }
    },
    cancel: () => reader.cancel(),
  }
}
