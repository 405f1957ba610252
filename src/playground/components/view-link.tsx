import type { MouseEvent, ReactNode } from 'react'
import { useLocation, type View } from '../navigation/use-location.ts'

export interface ViewLinkProps {
  view: View
  params?: Record<string, string>
  children: ReactNode
  className?: string
  'aria-label'?: string
}

/** The URL of a playground view with its state, for links a user can share or open in a tab. */
export function viewUrl(view: View, params: Record<string, string> = {}) {
  return `?${new URLSearchParams({ view, ...params }).toString()}`
}

/**
 * A real link to a view (it can be opened in a new tab or copied); a plain click navigates in
 * place and pushes a history entry, so Back and Forward work.
 */
export function ViewLink({
  view,
  params = {},
  children,
  ...rest
}: ViewLinkProps) {
  const { navigate } = useLocation()
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    navigate(view, params)
  }
  return (
    <a href={viewUrl(view, params)} onClick={onClick} {...rest}>
      {children}
    </a>
  )
}
