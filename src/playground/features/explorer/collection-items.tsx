import {
  MoneyNote,
  namesCurrency,
  useMoneyMembers,
} from '../../components/money-note.tsx'
import { selfHref } from '../../../client/index.ts'
import { ScrollBox } from '../../components/scroll-box.tsx'
import { ViewLink } from '../../components/view-link.tsx'
import { valueText } from './value-text.ts'

const MAX_COLUMNS = 10

function columnsOf(items: Record<string, unknown>[]) {
  const columns: string[] = []
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (name === '_links' || columns.includes(name)) continue
      if (typeof value === 'object' && value !== null) continue
      columns.push(name)
    }
  }
  return columns.slice(0, MAX_COLUMNS)
}

export interface CollectionPage {
  items: unknown[]
  page?: unknown
  perPage?: unknown
  total?: unknown
}

/** A collection's items, each with its self link (opens it in the explorer). */
export function CollectionItems({
  collection,
}: {
  collection: CollectionPage
}) {
  const items = collection.items.filter(
    (item): item is Record<string, unknown> =>
      typeof item === 'object' && item !== null,
  )
  const columns = columnsOf(items)
  const money = useMoneyMembers(namesCurrency(items))
  const { page, perPage, total } = collection
  const first =
    typeof page === 'number' && typeof perPage === 'number'
      ? (page - 1) * perPage + 1
      : 1
  const range =
    items.length === 0
      ? 'none on this page'
      : `${first}–${first + items.length - 1}`
  return (
    <ScrollBox>
      <table>
        <caption>
          Items {range}
          {typeof total === 'number' ? ` of ${total}` : ''}
          {typeof page === 'number' ? ` (page ${page})` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Self</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => {
            const self = selfHref(item)
            return (
              <tr key={self ?? index}>
                <th scope="row">
                  {self === undefined ? (
                    <span className="muted">no self link</span>
                  ) : (
                    <ViewLink view="explorer" params={{ href: self }}>
                      {self}
                    </ViewLink>
                  )}
                </th>
                {columns.map((column) => (
                  <td key={column}>
                    <MoneyNote
                      money={money}
                      member={column}
                      value={item[column]}
                      record={item}
                      text={valueText(item[column])}
                    />
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </ScrollBox>
  )
}
