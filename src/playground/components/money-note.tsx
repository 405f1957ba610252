import { currencyExponent } from '../../mock-server/store/types.ts'

/** Members the API gives in minor units (cents): payments' and transfers' `amount`, `balance`. */
const minorUnitMembers = new Set(['amount', 'balance', 'requested'])

/**
 * `= 321.76 chf` for a member in minor units whose record names its currency, else null: the API
 * gives `total` in major units but `amount` and `balance` in minor ones, side by side.
 */
export function majorValue(
  member: string,
  value: unknown,
  record: Record<string, unknown>,
): string | null {
  const currency = record.currency
  if (!minorUnitMembers.has(member) || typeof value !== 'number') return null
  if (typeof currency !== 'string' || !(currency in currencyExponent))
    return null
  const exponent = currencyExponent[currency as keyof typeof currencyExponent]
  return `= ${(value / 10 ** exponent).toFixed(exponent)} ${currency}`
}

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
  const exponent =
    typeof currency === 'string' && currency in currencyExponent
      ? currencyExponent[currency as keyof typeof currencyExponent]
      : 2
  const minor = unit === 'minor' ? value : Math.round(value * 10 ** exponent)
  const major = (minor / 10 ** exponent).toFixed(exponent)
  return `${major} ${String(currency)} (${minor} minor units)`
}

/** The value, and its major-unit reading when it is an amount in minor units. */
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
  const major = majorValue(member, value, record)
  if (major === null) return <>{text}</>
  return (
    <>
      {text}{' '}
      <span className="muted" title="minor units (cents) in major units">
        {major}
      </span>
    </>
  )
}
