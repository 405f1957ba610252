import {
  MoneyNote,
  namesCurrency,
  useMoneyMembers,
} from '../../components/money-note.tsx'
import { plainMembers, valueText } from './value-text.ts'

/** The resource's own members, as name/value rows (its links and items are shown apart). */
export function MembersTable({
  resource,
}: {
  resource: Record<string, unknown>
}) {
  const members = plainMembers(resource)
  const money = useMoneyMembers(namesCurrency([resource]))
  if (members.length === 0) return null
  return (
    <div className="table-scroll">
      <table>
        <caption>Members</caption>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {members.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td className={value === null ? 'muted' : undefined}>
                <MoneyNote
                  money={money}
                  member={name}
                  value={value}
                  record={resource}
                  text={valueText(value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
