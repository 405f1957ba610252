import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { FaultRule, MockApi } from '../../../index.ts'
import { apiCollections } from '../../services/api-collections.ts'
import { useApiDescription } from '../../services/use-api-description.ts'
import {
  effectKinds,
  emptyFaultForm,
  faultMethods,
  faultStatuses,
  fieldLabels,
  formToRule,
  issuesToErrors,
  ruleToForm,
  type EffectKind,
  type FaultField,
  type FaultFormValues,
  type FieldErrors,
} from './fault-form-model.ts'

/** Each field's hint; the path's names a collection of the loaded API (`pathExample`). */
const hintsFor = (
  pathExample: string,
): Partial<Record<FaultField, string>> => ({
  path: `* matches any characters, / included (${pathExample} covers items too). Empty: every path.`,
  retryAfter: 'Optional; whole seconds ≥ 1.',
  times: 'Fire on the next n matches, then retire. Empty: no limit.',
  probability:
    "0 to 1, drawn from the mock's seeded random source. Empty: always.",
  skip: 'Let the first k matches through.',
})

interface FaultFormProps {
  api: MockApi
  /** The rule being edited, or `null` to add a new one. */
  editing: FaultRule | null
  /** Told what happened, for the view's status line; `null` when the edit was cancelled. */
  onDone(message: string | null): void
}

/**
 * Adds a rule, or edits one. An edit adds the new rule and then removes the old one (the core has
 * no update), so the edited rule moves to the end of the evaluation order and its counters restart;
 * an invalid edit changes nothing.
 */
export function FaultForm({ api, editing, onDone }: FaultFormProps) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<FaultFormValues>(() =>
    editing ? ruleToForm(editing) : emptyFaultForm,
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const collections = apiCollections(useApiDescription())
  // An example aimed at the loaded API's own first collection.
  const pathExample = `${
    collections?.builtIn
      ? '/api/payments'
      : (collections?.collections[0] ?? api.basePath)
  }*`
  const hints = hintsFor(pathExample)
  const [formErrors, setFormErrors] = useState<string[]>([])

  const set = (field: FaultField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors(({ [field]: _cleared, ...rest }) => rest)
  }
  const fieldId = (field: FaultField) => `${id}-${field}`
  const a11y = (field: FaultField) => {
    const described = [
      hints[field] && `${fieldId(field)}-hint`,
      errors[field] && `${fieldId(field)}-error`,
    ].filter(Boolean)
    return {
      id: fieldId(field),
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby':
        described.length > 0 ? described.join(' ') : undefined,
    }
  }

  function fail(fields: FieldErrors, form: string[]) {
    setErrors(fields)
    setFormErrors(form)
    // Keyboard and screen-reader users land on the first field to fix.
    queueMicrotask(() => {
      formRef.current
        ?.querySelector<HTMLElement>('[aria-invalid="true"]')
        ?.focus()
    })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const result = formToRule(values)
    if (!result.ok) return fail(result.errors, [])
    let added: FaultRule
    try {
      added = api.faults.add(result.rule)
    } catch (error) {
      const mapped = issuesToErrors(error)
      if (mapped) return fail(mapped.fields, mapped.form)
      return fail({}, [error instanceof Error ? error.message : String(error)])
    }
    if (editing) api.faults.remove(editing.id)
    setErrors({})
    setFormErrors([])
    if (!editing) setValues(emptyFaultForm)
    onDone(
      editing
        ? `Rule ${editing.id} replaced by ${added.id} (now last in order).`
        : `Added rule ${added.id}.`,
    )
  }

  const errorCount = Object.keys(errors).length + formErrors.length
  const heading = editing ? `Edit rule ${editing.id}` : 'Add a rule'

  return (
    <form
      ref={formRef}
      className="fl-form"
      aria-labelledby={`${id}-heading`}
      onSubmit={submit}
      noValidate
    >
      <h3 id={`${id}-heading`}>{heading}</h3>
      {editing && (
        <p className="fl-hint">
          Saving replaces the rule: the new one gets a new id, its counters
          start at 0, and it moves to the end of the evaluation order.
        </p>
      )}
      {errorCount > 0 && (
        <div role="alert" className="fl-alert">
          The rule was not {editing ? 'saved' : 'added'}: fix the{' '}
          {errorCount === 1 ? 'field' : 'fields'} marked below.
          {formErrors.length > 0 && (
            <ul>
              {formErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <fieldset>
        <legend>Match</legend>
        <Field field="method" prefix={id} error={errors.method} hints={hints}>
          <select
            {...a11y('method')}
            value={values.method}
            onChange={(event) => set('method')(event.target.value)}
          >
            <option value="">Any method</option>
            {faultMethods.map((method) => (
              <option key={method}>{method}</option>
            ))}
          </select>
        </Field>
        <Field field="path" prefix={id} error={errors.path} hints={hints}>
          <input
            {...a11y('path')}
            value={values.path}
            placeholder={pathExample}
            spellCheck={false}
            onChange={(event) => set('path')(event.target.value)}
          />
        </Field>
      </fieldset>
      <fieldset>
        <legend>Effect</legend>
        <Field field="kind" prefix={id} error={errors.kind} hints={hints}>
          <select
            {...a11y('kind')}
            value={values.kind}
            onChange={(event) => set('kind')(event.target.value as EffectKind)}
          >
            {effectKinds.map(({ kind, label }) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {values.kind === 'status' && (
          <>
            <Field
              field="status"
              prefix={id}
              error={errors.status}
              hints={hints}
            >
              <select
                {...a11y('status')}
                value={values.status}
                onChange={(event) => set('status')(event.target.value)}
              >
                {faultStatuses.map((status) => (
                  <option key={status}>{status}</option>
                ))}
              </select>
            </Field>
            <Field
              field="retryAfter"
              prefix={id}
              error={errors.retryAfter}
              hints={hints}
            >
              <input
                {...a11y('retryAfter')}
                type="number"
                inputMode="numeric"
                value={values.retryAfter}
                onChange={(event) => set('retryAfter')(event.target.value)}
              />
            </Field>
          </>
        )}
        {values.kind === 'delay' && (
          <Field field="ms" prefix={id} error={errors.ms} hints={hints}>
            <input
              {...a11y('ms')}
              type="number"
              inputMode="numeric"
              value={values.ms}
              onChange={(event) => set('ms')(event.target.value)}
            />
          </Field>
        )}
      </fieldset>
      <fieldset>
        <legend>When</legend>
        <Field field="times" prefix={id} error={errors.times} hints={hints}>
          <input
            {...a11y('times')}
            type="number"
            inputMode="numeric"
            value={values.times}
            onChange={(event) => set('times')(event.target.value)}
          />
        </Field>
        <Field
          field="probability"
          prefix={id}
          error={errors.probability}
          hints={hints}
        >
          <input
            {...a11y('probability')}
            type="number"
            inputMode="decimal"
            step="0.1"
            value={values.probability}
            onChange={(event) => set('probability')(event.target.value)}
          />
        </Field>
        <Field field="skip" prefix={id} error={errors.skip} hints={hints}>
          <input
            {...a11y('skip')}
            type="number"
            inputMode="numeric"
            value={values.skip}
            onChange={(event) => set('skip')(event.target.value)}
          />
        </Field>
      </fieldset>
      <div className="fl-actions">
        <button type="submit">{editing ? 'Save changes' : 'Add rule'}</button>
        {editing && (
          <button type="button" onClick={() => onDone(null)}>
            Cancel editing
          </button>
        )}
      </div>
    </form>
  )
}

interface FieldProps {
  field: FaultField
  /** The form's id prefix: control ids are `<prefix>-<field>`. */
  prefix: string
  error: string | undefined
  hints: Partial<Record<FaultField, string>>
  children: ReactNode
}

/** A label, the control, an optional hint and the field's own error message, in that order. */
function Field({ field, prefix, error, hints, children }: FieldProps) {
  const fieldId = `${prefix}-${field}`
  const hint = hints[field]
  return (
    <div className="fl-field">
      <label htmlFor={fieldId}>{fieldLabels[field]}</label>
      {children}
      {hint && (
        <span id={`${fieldId}-hint`} className="fl-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${fieldId}-error`} className="field-error">
          {fieldLabels[field]} {error}
        </span>
      )}
    </div>
  )
}
