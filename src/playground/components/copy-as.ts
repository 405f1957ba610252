import type { OutgoingRequest } from './send-request.ts'

/** A string as one POSIX shell word: single quotes, with `'` written as `'\''`. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

/** The request as a curl command against `origin` (where the mock answers), one option a line. */
export function asCurl(request: OutgoingRequest, origin: string): string {
  const url = new URL(request.path, origin).href
  const parts = [`curl -i -X ${request.method} ${shellWord(url)}`]
  for (const [name, value] of request.headers ?? [])
    parts.push(`-H ${shellWord(`${name}: ${value}`)}`)
  if (request.body !== undefined && request.body !== '')
    parts.push(`--data-raw ${shellWord(request.body)}`)
  return parts.join(' \\\n  ')
}

/** The request as a `fetch` call for a browser console or a script. */
export function asFetch(request: OutgoingRequest, origin: string): string {
  const url = new URL(request.path, origin).href
  const init: Record<string, unknown> = { method: request.method }
  const headers = request.headers ?? []
  if (headers.length > 0) init.headers = Object.fromEntries(headers)
  if (request.body !== undefined && request.body !== '')
    init.body = request.body
  return `await fetch(${JSON.stringify(url)}, ${JSON.stringify(init, null, 2)})`
}
