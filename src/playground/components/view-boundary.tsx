import { Component, type ReactNode } from 'react'

interface Props {
  /** The view's name, for the message. */
  label: string
  children: ReactNode
}

/**
 * Keeps a view that failed (its chunk did not load, or it threw while rendering) from blanking the
 * whole playground: the bar and the other views stay usable, and the view says what went wrong.
 * Give it a `key` per view, so opening another view starts afresh.
 */
export class ViewBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override render() {
    const { error } = this.state
    if (error === null) return this.props.children
    return (
      <div role="alert" className="notice">
        The {this.props.label} view could not be shown: {error.message}. Reload
        the page to try again.
      </div>
    )
  }
}
