import { MoneyNote } from '../../components/money-note.tsx'
import { ScrollBox } from '../../components/scroll-box.tsx'

function cell(value: unknown) {
  if (value === null || value === undefined) return ''
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** One table of the mock's state: a column per member of its rows. */
export function RowTable({
  caption,
  rows,
  columns,
}: {
  caption: string
  rows: readonly object[]
  columns?: readonly string[]
}) {
  const names = columns ?? Object.keys(rows[0] ?? {})
  if (rows.length === 0) return <p className="muted">{caption}: no rows.</p>
  return (
    <ScrollBox>
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
          {rows.map((row, index) => {
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
  )
}
