import { fail, type Stage } from '../pipeline.ts'

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * 413 for a body over the limit. The declared Content-Length is checked before reading, and the
 * bytes read are counted too, so a missing or lying header changes nothing.
 */
export const readBody: Stage = async (c, next) => {
  const { state, runtime } = c.env
  const max = state.route?.spec.maxBodyBytes ?? runtime.options.maxBodyBytes
  if (!BODY_METHODS.has(c.req.method.toUpperCase()) || c.req.raw.body === null)
    return next()
  const tooLarge = (size: string) =>
    fail('content-too-large', {
      detail: `The request body is ${size}; the limit is ${max} bytes.`,
      extensions: { maxBytes: max },
    })
  const declared = Number(c.req.header('Content-Length'))
  if (declared > max) tooLarge(`${declared} bytes`)
  const bytes = new Uint8Array(await c.req.raw.arrayBuffer())
  if (bytes.byteLength > max) tooLarge(`${bytes.byteLength} bytes`)
  state.bodyBytes = bytes.byteLength > 0 ? bytes : null
  await next()
}
