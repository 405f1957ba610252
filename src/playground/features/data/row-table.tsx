import { MoneyNote, useMoneyMembers } from '../../components/money-note.tsx'
import { useMemo, useState } from 'react'
import { ScrollBox } from '../../components/scroll-box.tsx'
import { PAGE_SIZE, RowPager } from './row-pager.tsx'

function cell(value: unknown) {
  if (value === null || value === undefined) return ''
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/**
 * Every member any row has, in the order they first appear: rows of one table may differ (an
 * optional member only some have, rows stored before a member was added), and a column taken from
 * the first row alone would hide the others' members.
 */
function membersOf(rows: readonly object[]) {
  const names = new Set<string>()
  for (const row of rows) for (const name of Object.keys(row)) names.add(name)
  return [...names]
}

/**
 * One table of the mock's state: a column per member of its rows, one page of rows at a time (a
 * table of 100,000 orders draws 50 of them), with a pager.
 */
export function RowTable({
  name,
  caption,
  rows,
  columns,
}: {
  name: string
  caption: string
  rows: readonly object[]
  columns?: readonly string[]
}) {
  const [wanted, setPage] = useState(0)
  // A pass over every row (100,000 orders: a few ms), once per change of the table.
  const names = useMemo(() => columns ?? membersOf(rows), [columns, rows])
  const money = useMoneyMembers()
  if (rows.length === 0) return <p className="muted">{caption}: no rows.</p>
  // Rows deleted meanwhile (a reset, another tab) may leave fewer pages than the one shown.
  const page = Math.min(wanted, Math.ceil(rows.length / PAGE_SIZE) - 1)
  const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)
  return (
    <>
      <RowPager name={name} page={page} total={rows.length} onPage={setPage} />
      <ScrollBox label={caption}>
        <table className="data-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {names.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => {
              const record = row as Record<string, unknown>
              return (
                <tr key={cell(record.id ?? record.scope ?? index)}>
                  {names.map((name, column) =>
                    column === 0 ? (
                      <th key={name} scope="row">
                        {cell(record[name])}
                      </th>
                    ) : (
                      <td key={name}>
                        <MoneyNote
                          money={money}
                          member={name}
                          value={record[name]}
                          record={record}
                          text={cell(record[name])}
                        />
                      </td>
                    ),
                  )}
                </tr>
              )
            })}
          </tbody>
        </table>
      </ScrollBox>
    </>
  )
}
