import { currencyExponent } from '../../domains/shop/money.ts'

/** Members the API gives in minor units (cents): payments' and transfers' `amount`, `balance`. */
const minorUnitMembers = new Set(['amount', 'balance', 'requested'])
/** Members the API gives in major units: orders' `total`. */
const majorUnitMembers = new Set(['total'])

const exponentOf = (currency: unknown): number | null =>
  typeof currency === 'string' && currency in currencyExponent
    ? currencyExponent[currency as keyof typeof currencyExponent]
    : null

/**
 * Money as prose writes it, always the same way whichever unit the API gave: major units first,
 * minor units alongside (`19.99 usd (1999 minor units)`). Orders' `total` is in major units,
 * payments' `amount` in minor ones: `unit` says which `value` is.
 */
export function formatMoney(
  value: unknown,
  currency: unknown,
  unit: 'major' | 'minor',
): string {
  if (typeof value !== 'number') return String(value)
  const exponent = exponentOf(currency) ?? 2
  const minor = unit === 'minor' ? value : Math.round(value * 10 ** exponent)
  const major = (minor / 10 ** exponent).toFixed(exponent)
  return `${major} ${String(currency)} (${minor} minor units)`
}

/**
 * A money member of a record as a table cell shows it: `{ major: '19.99 usd', minor: '1999
 * minor units' }`, whichever unit the API gave it in, or null when it is not money (or its record
 * names no known currency).
 */
export function moneyCell(
  member: string,
  value: unknown,
  record: Record<string, unknown>,
): { major: string; minor: string } | null {
  const exponent = exponentOf(record.currency)
  if (typeof value !== 'number' || exponent === null) return null
  const unit = minorUnitMembers.has(member)
    ? 'minor'
    : majorUnitMembers.has(member)
      ? 'major'
      : null
  if (unit === null) return null
  const minor = unit === 'minor' ? value : Math.round(value * 10 ** exponent)
  return {
    major: `${(minor / 10 ** exponent).toFixed(exponent)} ${String(record.currency)}`,
    minor: `${minor} minor units`,
  }
}

/** A value; money in major units with its currency, its minor units alongside. */
export function MoneyNote({
  member,
  value,
  record,
  text,
}: {
  member: string
  value: unknown
  record: Record<string, unknown>
  text: string
}) {
  const money = moneyCell(member, value, record)
  if (money === null) return <>{text}</>
  return (
    <>
      {money.major}{' '}
      <span className="muted" title={`the API's ${member}: ${text}`}>
        {money.minor}
      </span>
    </>
  )
}
