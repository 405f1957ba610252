import { Transform, type Readable } from 'node:stream'

/** The longest JSON-RPC message (one line on stdio) the server reads: 4 MiB. */
export const maxMessageBytes = 4 * 1024 * 1024

/**
 * Passes stdin through, line by line as it comes, until one line grows past `limit` bytes: the
 * SDK buffers a message until its newline, so without a bound a client could make it hold any
 * amount. Past the bound nothing more is read and `onTooLong` decides what happens.
 */
export function limitLines(
  input: Readable,
  onTooLong: (limit: number) => void,
  limit = maxMessageBytes,
): Transform {
  let pending = 0
  let stopped = false
  const output = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (stopped) return done()
      // A chunk may end one line, hold whole lines and start another: measure each.
      for (let from = 0; ;) {
        const at = chunk.indexOf(0x0a, from)
        pending += (at === -1 ? chunk.length : at) - from
        if (pending > limit) {
          stopped = true
          input.unpipe(output)
          onTooLong(limit)
          return done()
        }
        if (at === -1) break
        pending = 0
        from = at + 1
      }
      done(null, chunk)
    },
  })
  return input.pipe(output)
}
