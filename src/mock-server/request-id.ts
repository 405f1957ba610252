/** `req-` and the zeros that pad a number of n base-36 digits to six, for n up to six. */
const PREFIXES = Array.from(
  { length: 7 },
  (_, digits) => `req-${'0'.repeat(6 - digits)}`,
)

/**
 * The id of an instance's nth request (`req-00001a`): base 36, padded to six digits. One string
 * joined to a kept prefix, where `padStart` would build the padding and the id apart.
 */
export function requestIdOf(n: number): string {
  const digits = n.toString(36)
  return digits.length < 6 ? PREFIXES[digits.length]! + digits : `req-${digits}`
}
