import { useMemo } from 'react'
import { useApiDescription } from '../services/use-api-description.ts'

/** Which unit each money member of the loaded API is given in. */
export type MoneyMembers = ReadonlyMap<string, 'major' | 'minor'>

/** The ISO 4217 minor-unit exponent of a currency code (`usd` → 2, `jpy` → 0), or null. */
export function currencyExponent(currency: unknown): number | null {
  if (typeof currency !== 'string' || !/^[a-z]{3}$/i.test(currency)) return null
  const code = currency.toUpperCase()
  if (!Intl.supportedValuesOf('currency').includes(code)) return null
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
  }).resolvedOptions().maximumFractionDigits!
}

const notMoney = (member: string) =>
  member === 'id' || member === 'version' || member.endsWith('Id')

/**
 * The money members an API's description declares: in a schema that has a `currency` string, a
 * number member beside it is money, in minor units when declared an integer (`amount: 1999`) and
 * in major units otherwise (`total: 19.99`). Identifiers (`id`, `orderId`) and the row's
 * `version` are not money, and a member declared both ways is left out. An API
 * with no such schema has no money, and no note is shown.
 */
export function moneyMembersOf(description: unknown): MoneyMembers {
  const found = new Map<string, 'major' | 'minor' | 'both'>()
  const schemas =
    (description as { components?: { schemas?: Record<string, unknown> } })
      ?.components?.schemas ?? {}
  for (const schema of Object.values(schemas)) {
    const properties = (schema as { properties?: Record<string, unknown> })
      ?.properties
    if (typeof properties !== 'object' || properties === null) continue
    const currency = properties.currency as { type?: unknown } | undefined
    if (currency?.type !== 'string') continue
    for (const [member, property] of Object.entries(properties)) {
      const type = (property as { type?: unknown } | null)?.type
      const unit =
        type === 'integer' ? 'minor' : type === 'number' ? 'major' : null
      if (unit === null || notMoney(member)) continue
      const before = found.get(member)
      found.set(member, before === undefined || before === unit ? unit : 'both')
    }
  }
  return new Map(
    [...found].filter(
      (entry): entry is [string, 'major' | 'minor'] => entry[1] !== 'both',
    ),
  )
}

/**
 * The loaded API's money members, read from its description. `wanted: false` where no record
 * shown names a known currency: no member can be money there (see `moneyCell`).
 */
export function useMoneyMembers(wanted = true): MoneyMembers {
  const description = useApiDescription(wanted)
  return useMemo(() => moneyMembersOf(description), [description])
}

/**
 * Money as prose writes it, always the same way whichever unit the API gave: major units first,
 * minor units alongside (`19.99 usd (1999 minor units)`); `unit` says which `value` is.
 */
export function formatMoney(
  value: unknown,
  currency: unknown,
  unit: 'major' | 'minor',
): string {
  if (typeof value !== 'number') return String(value)
  const exponent = currencyExponent(currency) ?? 2
  const minor = unit === 'minor' ? value : Math.round(value * 10 ** exponent)
  const major = (minor / 10 ** exponent).toFixed(exponent)
  return `${major} ${String(currency)} (${minor} minor units)`
}

/** Whether some record names a known currency: only then may one of its members be money. */
export const namesCurrency = (records: readonly Record<string, unknown>[]) =>
  records.some((record) => currencyExponent(record.currency) !== null)

/**
 * A money member of a record as a table cell shows it: `{ major: '19.99 usd', minor: '1999
 * minor units' }`, whichever unit the API gave it in, or null when it is not one of the API's
 * money members (or its record names no known currency).
 */
export function moneyCell(
  member: string,
  value: unknown,
  record: Record<string, unknown>,
  money: MoneyMembers,
): { major: string; minor: string } | null {
  const exponent = currencyExponent(record.currency)
  const unit = money.get(member)
  if (typeof value !== 'number' || exponent === null || unit === undefined)
    return null
  const minor = unit === 'minor' ? value : Math.round(value * 10 ** exponent)
  return {
    major: `${(minor / 10 ** exponent).toFixed(exponent)} ${String(record.currency)}`,
    minor: `${minor} minor units`,
  }
}

/** A value; money (as the loaded API declares it) in major units with its currency, minor alongside. */
export function MoneyNote({
  member,
  value,
  record,
  text,
  money: members,
}: {
  member: string
  value: unknown
  record: Record<string, unknown>
  text: string
  /** The API's money members: `useMoneyMembers()`, read once by the table. */
  money: MoneyMembers
}) {
  const money = moneyCell(member, value, record, members)
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
