import type { Link } from '../../../client/index.ts'
import { useAction } from '../../../react/index.ts'

export type ActionOutcome =
  | { rel: string; ok: true; result: unknown }
  | { rel: string; ok: false; error: unknown }

/**
 * One action link as a button. `useAction` sends it with the link's own method (a POST gets an
 * Idempotency-Key from the reference client) and refreshes what it touched before it settles.
 */
export function ActionButton({
  rel,
  link,
  onOutcome,
  disabled = false,
}: {
  rel: string
  link: Link
  onOutcome: (outcome: ActionOutcome) => void
  /** Off while the resource that offers it is being read again. */
  disabled?: boolean
}) {
  const action = useAction(link)
  return (
    <button
      type="button"
      className="action"
      disabled={disabled || action.isPending}
      onClick={() => {
        action.mutateAsync(undefined).then(
          (result) => onOutcome({ rel, ok: true, result }),
          (error: unknown) => onOutcome({ rel, ok: false, error }),
        )
      }}
    >
      {rel}
      {action.isPending && <span aria-hidden="true">…</span>}
    </button>
  )
}
