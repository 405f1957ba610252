import { isLink } from '../../../client/index.ts'
import { useLocation } from '../../navigation/use-location.ts'

const relations = [
  ['first', 'First page'],
  ['prev', 'Previous page'],
  ['next', 'Next page'],
  ['last', 'Last page'],
] as const

/** The collection's paging links as buttons; a relation the page does not offer is disabled. */
export function PagingNav({ links }: { links: Record<string, unknown> }) {
  const { navigate } = useLocation()
  if (!relations.some(([rel]) => isLink(links[rel]))) return null
  return (
    <nav aria-label="Pages" className="button-row">
      {relations.map(([rel, label]) => {
        const link = links[rel]
        return (
          <button
            key={rel}
            type="button"
            disabled={!isLink(link)}
            title={isLink(link) ? link.href : `No ${rel} link on this page`}
            onClick={() => {
              if (isLink(link)) navigate('explorer', { href: link.href })
            }}
          >
            {label}
          </button>
        )
      })}
    </nav>
  )
}
