const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const CLASSES: Record<string, string> = {
  d: '0123456789',
  w: `${LOWER}0123456789`,
  s: ' ',
}

/** The characters a `[...]` class allows (`a-z`, `\d`, literals), and where it ends. */
function readClass(pattern: string, start: number) {
  let i = start + 1
  const negated = pattern[i] === '^'
  if (negated) i++
  let chars = ''
  while (i < pattern.length && pattern[i] !== ']') {
    let char = pattern[i]!
    if (char === '\\') {
      const next = pattern[++i] ?? ''
      if (CLASSES[next]) {
        chars += CLASSES[next]
        i++
        continue
      }
      char = next
    }
    if (pattern[i + 1] === '-' && pattern[i + 2] && pattern[i + 2] !== ']') {
      const from = char.charCodeAt(0)
      const to = pattern[i + 2]!.charCodeAt(0)
      for (let c = from; c <= to && c - from < 128; c++)
        chars += String.fromCharCode(c)
      i += 3
    } else {
      chars += char
      i++
    }
  }
  const allowed = negated
    ? [...LOWER].filter((c) => !chars.includes(c)).join('')
    : chars
  return { allowed, end: i + 1 }
}

/**
 * A string a simple `pattern` accepts, or undefined where it uses what this reader does not
 * (groups, alternation): literals, escapes, `.`, classes (`[^/]`, `[a-z0-9]`, `\d`) and their
 * quantifiers. Stripe's `^/v1/tax/transactions/[^/]+/line_items` gives
 * `/v1/tax/transactions/kqe/line_items`, so drawn rows need not be drawn again and again.
 */
export function samplePattern(
  pattern: string,
  random: () => number,
): string | undefined {
  if (/[(|]/.test(pattern)) return undefined
  let out = ''
  let i = pattern.startsWith('^') ? 1 : 0
  while (i < pattern.length) {
    const char = pattern[i]!
    if (char === '$' && i === pattern.length - 1) break
    let allowed: string
    if (char === '[') {
      const read = readClass(pattern, i)
      allowed = read.allowed
      i = read.end
    } else if (char === '\\') {
      const next = pattern[i + 1] ?? ''
      allowed = CLASSES[next] ?? next
      i += 2
    } else if (char === '.') {
      allowed = LOWER
      i++
    } else if ('+*?{'.includes(char)) return undefined
    else {
      allowed = char
      i++
    }
    if (allowed === '') return undefined
    let min = 1
    let max = 1
    const quantifier = pattern[i]
    if (quantifier === '+') [min, max] = [1, 4]
    else if (quantifier === '*') [min, max] = [0, 3]
    else if (quantifier === '?') [min, max] = [0, 1]
    else if (quantifier === '{') {
      const bounds = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i))
      if (!bounds) return undefined
      min = Number(bounds[1])
      max = bounds[2] ? Number(bounds[3] || min + 3) : min
      i += bounds[0].length - 1
    }
    if (quantifier && '+*?{'.includes(quantifier)) i++
    const count =
      min + Math.floor(random() * (Math.min(max, min + 8) - min + 1))
    for (let n = 0; n < count; n++)
      out += allowed[Math.floor(random() * allowed.length)]
  }
  try {
    return new RegExp(pattern, 'u').test(out) ? out : undefined
  } catch {
    return undefined
  }
}
