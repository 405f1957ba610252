import { useId, type ReactNode } from 'react'

/** A labelled single-line field, with an optional hint (its description) and a button beside it. */
export function TextField({
  label,
  value,
  onChange,
  hint,
  after,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  hint?: string
  after?: ReactNode
}) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <span className="input-with-button">
        <input
          id={id}
          value={value}
          spellCheck={false}
          autoComplete="off"
          {...(hint !== undefined && { 'aria-describedby': `${id}-hint` })}
          onChange={(event) => onChange(event.target.value)}
        />
        {after}
      </span>
      {hint !== undefined && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
    </div>
  )
}
