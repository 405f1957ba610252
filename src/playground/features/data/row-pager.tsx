import { useId } from 'react'

/** Rows a Data table shows at once: a page opens at once whatever the table's size. */
export const PAGE_SIZE = 50

const count = new Intl.NumberFormat('en')

/** First, Previous, Next, Last and where the page is, for one table of `total` rows. */
export function RowPager({
  name,
  page,
  total,
  onPage,
}: {
  /** The table's name: "Orders". */
  name: string
  page: number
  total: number
  onPage(page: number): void
}) {
  const id = useId()
  const last = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1)
  const first = page * PAGE_SIZE + 1
  const end = Math.min(total, (page + 1) * PAGE_SIZE)
  if (total <= PAGE_SIZE) return null
  return (
    <nav aria-label={`${name} pages`} className="row-pager">
      <button
        type="button"
        onClick={() => onPage(0)}
        disabled={page === 0}
        aria-describedby={id}
      >
        First
      </button>
      <button
        type="button"
        onClick={() => onPage(page - 1)}
        disabled={page === 0}
        aria-describedby={id}
      >
        Previous
      </button>
      <span id={id} role="status">
        Rows {count.format(first)}–{count.format(end)} of {count.format(total)},
        page {count.format(page + 1)} of {count.format(last + 1)}
      </span>
      <button
        type="button"
        onClick={() => onPage(page + 1)}
        disabled={page === last}
        aria-describedby={id}
      >
        Next
      </button>
      <button
        type="button"
        onClick={() => onPage(last)}
        disabled={page === last}
        aria-describedby={id}
      >
        Last
      </button>
    </nav>
  )
}
