import { parseBody, type Exchange, type Header } from './exchange.ts'
import { isObject } from '../common/is-object.ts'

/** The most a HAR may hold: past these, reading stops with a clear error, not an exhausted heap. */
export const harLimits = {
  /** Bytes of the whole file. */
  maxBytes: 200 * 1024 * 1024,
  /** Entries in `log.entries`. */
  maxEntries: 100_000,
  /** Characters of one body read as JSON; a larger body is counted but not inferred from. */
  maxBodyChars: 1024 * 1024,
}

export class InvalidHarError extends Error {
  override name = 'InvalidHarError'
}

function headers(value: unknown, where: string): Header[] {
  if (value === undefined) return []
  if (!Array.isArray(value))
    throw new InvalidHarError(`${where}: must be an array of { name, value }.`)
  return value.map((h: unknown, i) => {
    if (!isObject(h) || typeof h.name !== 'string')
      throw new InvalidHarError(`${where}[${i}]: must be { name, value }.`)
    return { name: h.name, value: String(h.value ?? '') }
  })
}

function bodyText(content: unknown): string | undefined {
  if (!isObject(content) || typeof content.text !== 'string') return undefined
  if (content.text.length > harLimits.maxBodyChars) return undefined
  if (content.encoding === 'base64') {
    try {
      return Buffer.from(content.text, 'base64').toString('utf8')
    } catch {
      return undefined
    }
  }
  return content.text
}

function entryToExchange(entry: unknown, index: number): Exchange {
  const where = `entry ${index} (log.entries[${index}])`
  if (!isObject(entry))
    throw new InvalidHarError(`${where}: must be an object.`)
  const { request, response } = entry
  if (!isObject(request))
    throw new InvalidHarError(`${where}: has no request object.`)
  if (!isObject(response))
    throw new InvalidHarError(`${where}: has no response object.`)
  if (typeof request.method !== 'string' || request.method === '')
    throw new InvalidHarError(`${where}: request.method must be a string.`)
  let url: URL
  try {
    url = new URL(String(request.url))
  } catch {
    throw new InvalidHarError(
      `${where}: request.url ${JSON.stringify(request.url)} is not an absolute URL.`,
    )
  }
  if (typeof response.status !== 'number')
    throw new InvalidHarError(`${where}: response.status must be a number.`)
  const requestHeaders = headers(request.headers, `${where}: request.headers`)
  const responseHeaders = headers(
    response.headers,
    `${where}: response.headers`,
  )
  const postData = isObject(request.postData) ? request.postData : undefined
  const requestContentType =
    typeof postData?.mimeType === 'string' ? postData.mimeType : null
  const content = isObject(response.content) ? response.content : undefined
  const responseContentType =
    typeof content?.mimeType === 'string' ? content.mimeType : null
  return {
    source: `entry ${index}`,
    method: request.method.toUpperCase(),
    url,
    status: response.status,
    requestHeaders,
    requestBody: parseBody(
      typeof postData?.text === 'string' ? postData.text : undefined,
      requestContentType,
    ),
    requestContentType,
    responseHeaders,
    responseBody: parseBody(bodyText(content), responseContentType),
    responseContentType,
  }
}

/**
 * Reads a HAR 1.2 file's text (what a browser's "Save all as HAR" and Playwright's `recordHar` write)
 * into exchanges. A malformed file is an `InvalidHarError` naming the entry and the member.
 * Entries the browser never got an answer for (`status: 0`) are left out.
 */
export function readHar(text: string): Exchange[] {
  if (text.length > harLimits.maxBytes)
    throw new InvalidHarError(
      `The HAR is ${text.length} bytes; at most ${harLimits.maxBytes} are read. Record fewer pages, or filter the HAR first.`,
    )
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new InvalidHarError(
      `The HAR is not JSON: ${error instanceof Error ? error.message : String(error)}.`,
    )
  }
  const log = isObject(parsed) ? parsed.log : undefined
  if (!isObject(log) || !Array.isArray(log.entries))
    throw new InvalidHarError(
      'The HAR has no log.entries array: is it a HAR file (HTTP Archive 1.2)?',
    )
  if (log.entries.length > harLimits.maxEntries)
    throw new InvalidHarError(
      `The HAR has ${log.entries.length} entries; at most ${harLimits.maxEntries} are read.`,
    )
  const exchanges: Exchange[] = []
  log.entries.forEach((entry, index) => {
    const exchange = entryToExchange(entry, index)
    if (exchange.status > 0) exchanges.push(exchange)
  })
  return exchanges
}
