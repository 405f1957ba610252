import { fail } from '../problems/problem-error.ts'

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/

/**
 * Reads `Idempotency-Key`: 1 to 255 visible ASCII characters; a quoted structured-field string
 * (`"abc"`, as the IETF draft writes it) is unquoted first. `null` when the header is absent.
 */
export function parseIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined) return null
  let key = header.trim()
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) {
    key = key.slice(1, -1).replace(/\\(["\\])/g, '$1')
  }
  if (!VISIBLE_ASCII.test(key)) {
    const why =
      key.length === 0
        ? 'is empty'
        : key.length > 255
          ? `is ${key.length} characters long`
          : 'contains characters other than visible ASCII'
    fail('invalid-idempotency-key', {
      detail: `The Idempotency-Key ${why}; use 1 to 255 visible ASCII characters, e.g. a UUID.`,
    })
  }
  return key
}

/** Canonical JSON (keys sorted at every depth): the request fingerprint for key reuse checks. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map(
        (key) =>
          `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
