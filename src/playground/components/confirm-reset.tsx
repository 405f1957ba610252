import { useEffect, useId, useRef } from 'react'

export interface ConfirmResetProps {
  /** What is about to happen, as a question: "Run “Happy path”?". */
  question: string
  /** The label of the button that goes ahead: "Reset and run". */
  confirmLabel: string
  /** What goes, when it is not the seed coming back (an import replaces the data with a file's). */
  consequence?: string
  onConfirm(): void
  onCancel(): void
}

/**
 * The one question every reset asks first. The mock is shared by every tab of the origin, so the
 * question says so: a reset here also wipes what another tab made. Focus starts on the safe choice.
 */
export function ConfirmReset({
  question,
  confirmLabel,
  consequence = 'This resets the mock to its seed data: the rows you made, idempotency keys, fault rules, settings and the journal are discarded.',
  onConfirm,
  onCancel,
}: ConfirmResetProps) {
  const id = useId()
  const keep = useRef<HTMLButtonElement>(null)
  useEffect(() => keep.current?.focus(), [])
  return (
    <div
      role="group"
      aria-labelledby={`${id}-question`}
      aria-describedby={`${id}-shared`}
      className="confirm"
    >
      <p id={`${id}-question`}>
        <strong>{question}</strong>
      </p>
      <p id={`${id}-shared`}>
        {consequence} Every open tab of this playground shares this one mock, so
        the other tabs lose them too.
      </p>
      <div className="button-row">
        <button type="button" className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={keep} type="button" onClick={onCancel}>
          Keep my changes
        </button>
      </div>
    </div>
  )
}
