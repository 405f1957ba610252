/** One request and its response, as recorded: what inference reads. */
export interface Exchange {
  /** Where it came from, for messages: `entry 12` of a HAR, `request 3` through the proxy. */
  source: string
  method: string
  url: URL
  status: number
  requestHeaders: Header[]
  /** The parsed JSON (or form) body; `undefined` when there was none or it was not JSON. */
  requestBody: unknown
  requestContentType: string | null
  responseHeaders: Header[]
  responseBody: unknown
  responseContentType: string | null
}

export interface Header {
  name: string
  value: string
}

export function headerValue(
  headers: readonly Header[],
  name: string,
): string | null {
  const lower = name.toLowerCase()
  return headers.find((h) => h.name.toLowerCase() === lower)?.value ?? null
}

const isJsonType = (type: string | null) =>
  type !== null && /^application\/([\w.+-]*\+)?json\b/i.test(type.trim())

/** A body's text read as JSON when its media type says JSON (or it plainly is), else `undefined`. */
export function parseBody(text: string | undefined, type: string | null) {
  if (text === undefined || text === '') return undefined
  if (type !== null && /^application\/x-www-form-urlencoded\b/i.test(type))
    return Object.fromEntries(new URLSearchParams(text))
  if (!isJsonType(type) && !/^\s*[[{]/.test(text)) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
