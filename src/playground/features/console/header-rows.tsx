import type { HeaderRow } from './console-draft.ts'

/** Custom header rows: a name and a value each, added and removed by button. */
export function HeaderRows({
  rows,
  onChange,
}: {
  rows: HeaderRow[]
  onChange: (rows: HeaderRow[]) => void
}) {
  const update = (id: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)))
  return (
    <fieldset className="header-rows">
      <legend>Other headers</legend>
      {rows.length === 0 && <p className="muted">None.</p>}
      {rows.map((row, index) => (
        <div key={row.id} className="header-row">
          <label>
            Header {index + 1} name
            <input
              value={row.name}
              spellCheck={false}
              onChange={(event) => update(row.id, { name: event.target.value })}
            />
          </label>
          <label>
            Header {index + 1} value
            <input
              value={row.value}
              spellCheck={false}
              onChange={(event) =>
                update(row.id, { value: event.target.value })
              }
            />
          </label>
          <button
            type="button"
            onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
          >
            Remove header {index + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() =>
          onChange([
            ...rows,
            {
              id: Math.max(0, ...rows.map((row) => row.id)) + 1,
              name: '',
              value: '',
            },
          ])
        }
      >
        Add a header
      </button>
    </fieldset>
  )
}
