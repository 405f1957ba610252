/**
 * A JSON Schema `pattern` compiled for ajv: with the `u` flag JSON Schema asks for, and without it
 * where unicode mode refuses what a description wrote (`^[a-z\-\:]+$`: escapes of characters
 * that need none, common in published descriptions, which every non-unicode engine reads as the
 * characters themselves). Without this, such a pattern throws while a request or an answer is
 * checked, and the mock answers 500.
 */
export const patternRegExp = Object.assign(
  (pattern: string, flags: string): RegExp => {
    try {
      return new RegExp(pattern, flags)
    } catch (error) {
      if (!flags.includes('u')) throw error
      return new RegExp(pattern, flags.replace('u', ''))
    }
  },
  // What ajv writes for a standalone validator's code: the same engine is not reachable there.
  { code: 'new RegExp' },
)
