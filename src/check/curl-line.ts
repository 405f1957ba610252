import type { RecordedRequest } from './check-types.ts'

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`

/** Header values holding a masked credential stay in double quotes so the shell expands `$TOKEN`. */
const header = (name: string, value: string) =>
  /\$TOKEN/.test(value) && !/["\\`]/.test(value)
    ? `-H "${name}: ${value}"`
    : `-H ${quote(`${name}: ${value}`)}`

/** A runnable curl line for a recorded request: `export TOKEN=...` first, then paste it. */
export function curlLine(request: RecordedRequest): string {
  const parts = ['curl -i']
  if (request.method === 'HEAD') parts.push('--head')
  else if (request.method !== 'GET') parts.push(`-X ${request.method}`)
  parts.push(quote(request.url))
  for (const [name, value] of Object.entries(request.headers))
    parts.push(header(name, value))
  if (request.body !== undefined)
    parts.push(`--data-raw ${quote(request.body)}`)
  return parts.join(' ')
}
