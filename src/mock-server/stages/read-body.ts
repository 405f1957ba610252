import { fail } from '../problems/problem-error.ts'
import type { Stage, StageContext } from '../request-state.ts'
import type { StageAnswers } from './stage-answers.ts'

/** The methods whose body is read (and then typed and parsed); any other's is ignored. */
export const BODY_METHODS: ReadonlySet<string> = new Set([
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
])

/**
 * Reads a body as it streams in, and stops at the first byte past `max`: a chunked body with no
 * Content-Length (or a lying one) never costs more memory than the limit.
 */
async function readAtMost(body: ReadableStream<Uint8Array>, max: number) {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch {
      fail('invalid-json', {
        detail:
          'The request body could not be read to its end: the connection closed first.',
      })
    }
    const { done, value } = chunk
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return chunks[0]!
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * 413 for a body over the limit. The declared Content-Length is checked before reading, and the
 * bytes read are counted too, so a missing or lying header changes nothing.
 */
export const readBody: Stage = (c, next) => {
  // The method first: asking a GET for its body makes @hono/node-server build a full Request.
  if (!BODY_METHODS.has(c.req.method.toUpperCase())) return next()
  const body = c.req.raw.body
  if (body === null) return next()
  return readWithin(c, next, body)
}

async function readWithin(
  c: StageContext,
  next: () => Promise<void>,
  body: ReadableStream<Uint8Array>,
) {
  const { state, runtime } = c.env
  const max = state.route?.spec.maxBodyBytes ?? runtime.options.maxBodyBytes
  const tooLarge = (size: string) =>
    fail('content-too-large', {
      detail: `The request body is ${size}; the limit is ${max} bytes.`,
      extensions: { maxBytes: max },
    })
  const declared = Number(c.req.header('content-length'))
  if (declared > max) tooLarge(`${declared} bytes`)
  const bytes = await readAtMost(body, max)
  if (bytes === null) return tooLarge(`over ${max} bytes`)
  state.bodyBytes = bytes.byteLength > 0 ? bytes : null
  await next()
}

export const readBodyAnswers: StageAnswers = {
  problems: ({ method }) =>
    BODY_METHODS.has(method) ? ['content-too-large'] : [],
}
