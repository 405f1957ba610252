import { ProbeError } from './probe-error.ts'

/**
 * Reads a body up to `maxBytes` and stops there: a server that streams 100 MB costs the checker
 * `maxBytes` of memory and no more, and the rest is never downloaded.
 */
export async function readCappedBody(
  response: Response,
  maxBytes: number,
): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0)
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel().catch(() => {})
    throw tooLarge(maxBytes, `Content-Length: ${declared}`)
  }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge(maxBytes, `more than ${maxBytes} bytes arrived`)
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

const tooLarge = (maxBytes: number, seen: string) =>
  new ProbeError(
    'too-large',
    `the response body is larger than the ${maxBytes}-byte cap (${seen}); the checker stopped reading`,
  )
