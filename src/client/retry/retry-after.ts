const months = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
]
const time = String.raw`(\d{2}):(\d{2}):(\d{2})`
const month = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)`
const shortDay = String.raw`(?:mon|tue|wed|thu|fri|sat|sun)`
const longDay = String.raw`(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)`

// The three HTTP-date forms a recipient must accept (RFC 9110 section 5.6.7).
const imfFixdate = new RegExp(
  String.raw`^${shortDay}, (\d{2}) ${month} (\d{4}) ${time} GMT$`,
  'i',
)
const rfc850Date = new RegExp(
  String.raw`^${longDay}, (\d{2})-${month}-(\d{2}) ${time} GMT$`,
  'i',
)
const asctimeDate = new RegExp(
  String.raw`^${shortDay} ${month} ([ \d]\d) ${time} (\d{4})$`,
  'i',
)

interface DateParts {
  readonly year: number
  readonly month: string
  readonly day: string
  readonly clock: readonly string[]
}

function toEpoch({
  year,
  month: name,
  day,
  clock,
}: DateParts): number | undefined {
  const [hours, minutes, seconds] = clock.map(Number) as [
    number,
    number,
    number,
  ]
  const monthIndex = months.indexOf(name.toLowerCase())
  const date = Number(day.trim())
  if (hours > 23 || minutes > 59 || seconds > 60) return undefined
  const epoch = Date.UTC(year, monthIndex, date, hours, minutes, seconds)
  // Date.UTC rolls 31 February over into March; a real date round-trips.
  return new Date(epoch).getUTCDate() === date ? epoch : undefined
}

function parseHttpDate(value: string, now: number): number | undefined {
  const imf = imfFixdate.exec(value)
  if (imf) {
    const [, day = '', name = '', year = '', ...clock] = imf
    return toEpoch({ year: Number(year), month: name, day, clock })
  }
  const rfc850 = rfc850Date.exec(value)
  if (rfc850) {
    const [, day = '', name = '', shortYear = '', ...clock] = rfc850
    // A two-digit year more than 50 years ahead means the past century (RFC 9110).
    const currentYear = new Date(now).getUTCFullYear()
    let year = currentYear - (currentYear % 100) + Number(shortYear)
    if (year > currentYear + 50) year -= 100
    return toEpoch({ year, month: name, day, clock })
  }
  const asctime = asctimeDate.exec(value)
  if (asctime) {
    const [
      ,
      name = '',
      day = '',
      hours = '',
      minutes = '',
      seconds = '',
      year = '',
    ] = asctime
    return toEpoch({
      year: Number(year),
      month: name,
      day,
      clock: [hours, minutes, seconds],
    })
  }
  return undefined
}

/**
 * The wait a `Retry-After` value asks for, in milliseconds, or `undefined` when it is absent or
 * malformed (the caller then falls back to backoff). Accepts delay-seconds (`"120"`, whole seconds
 * only: `"1.5"` is malformed) and the HTTP-date forms, the latter measured from `now`, the client's
 * clock. A date in the past means "retry now": 0.
 *
 * @example
 * parseRetryAfter('3', Date.now()) // 3000
 * parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.UTC(2015, 9, 21, 7, 27, 58)) // 2000
 * parseRetryAfter('soon', Date.now()) // undefined
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number,
): number | undefined {
  if (value === null || value === undefined) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = parseHttpDate(trimmed, now)
  return date === undefined ? undefined : Math.max(0, date - now)
}
