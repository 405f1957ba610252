import { useId, useState, type FormEvent } from 'react'
import { apiCollections } from '../../services/api-collections.ts'
import { useApiDescription } from '../../services/use-api-description.ts'
import { type MockApi, type MockConfig } from '../../../index.ts'
import { defaultRateLimit } from '../../../mock-server/mock-config.ts'

interface Draft {
  rateLimited: boolean
  limit: string
  windowSeconds: string
  latencyMs: string
  requireIdempotencyKey: boolean
}

type DraftErrors = Partial<
  Record<'limit' | 'windowSeconds' | 'latencyMs', string>
>

function toDraft(config: MockConfig): Draft {
  const rateLimit = config.rateLimit || defaultRateLimit
  return {
    rateLimited: config.rateLimit !== false,
    limit: String(rateLimit.limit),
    windowSeconds: String(rateLimit.windowSeconds),
    latencyMs: String(config.latencyMs),
    requireIdempotencyKey: config.requireIdempotencyKey,
  }
}

function wholeNumber(text: string, min: number, max = Infinity) {
  const value = Number(text.trim())
  if (text.trim() === '' || !Number.isInteger(value))
    return { error: 'must be a whole number' }
  if (value < min) return { error: `must be ≥ ${min}` }
  if (value > max) return { error: `must be ≤ ${max}` }
  return { value }
}

interface MockSettingsFormProps {
  api: MockApi
  config: MockConfig
  onDone(message: string): void
}

/**
 * The mock's rate limit and latency (`api.config.update`). Mount it with a key derived from the
 * config so that a change made elsewhere (a reset, a scenario) refreshes the draft.
 */
export function MockSettingsForm({
  api,
  config,
  onDone,
}: MockSettingsFormProps) {
  const id = useId()
  const [draft, setDraft] = useState(() => toDraft(config))
  const [errors, setErrors] = useState<DraftErrors>({})
  const builtIn = apiCollections(useApiDescription())?.builtIn ?? true
  const strictText = builtIn
    ? 'Require an Idempotency-Key on payments and transfers (strict mode)'
    : 'Require an Idempotency-Key on the creates declared with strictKey (strict mode)'
  const [failure, setFailure] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const next: DraftErrors = {}
    const limit = wholeNumber(draft.limit, 1)
    const windowSeconds = wholeNumber(draft.windowSeconds, 1)
    const latencyMs = wholeNumber(draft.latencyMs, 0, 600_000)
    if (draft.rateLimited && limit.error) next.limit = limit.error
    if (draft.rateLimited && windowSeconds.error)
      next.windowSeconds = windowSeconds.error
    if (latencyMs.error) next.latencyMs = latencyMs.error
    setErrors(next)
    if (Object.keys(next).length > 0) return
    try {
      api.config.update({
        rateLimit:
          draft.rateLimited && limit.value && windowSeconds.value
            ? { limit: limit.value, windowSeconds: windowSeconds.value }
            : false,
        latencyMs: latencyMs.value ?? 0,
        requireIdempotencyKey: draft.requireIdempotencyKey,
      })
      setFailure(null)
      onDone('Mock settings applied.')
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    }
  }

  const number = (
    field: keyof DraftErrors,
    label: string,
    disabled = false,
  ) => (
    <div className="fl-field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type="number"
        inputMode="numeric"
        value={draft[field]}
        disabled={disabled}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(event) =>
          setDraft((current) => ({ ...current, [field]: event.target.value }))
        }
      />
      {errors[field] && (
        <span id={`${id}-${field}-error`} className="field-error">
          {label} {errors[field]}
        </span>
      )}
    </div>
  )

  return (
    <form
      className="fl-form"
      aria-labelledby={`${id}-heading`}
      onSubmit={submit}
      noValidate
    >
      <h3 id={`${id}-heading`}>Rate limit and latency</h3>
      {failure && (
        <p role="alert" className="fl-alert">
          The settings were not applied: {failure}
        </p>
      )}
      <fieldset>
        <legend>Rate limit (per credential)</legend>
        <label className="fl-check">
          <input
            type="checkbox"
            checked={draft.rateLimited}
            onChange={(event) =>
              setDraft((current) => ({
                ...current,
                rateLimited: event.target.checked,
              }))
            }
          />{' '}
          Limit requests
        </label>
        {number('limit', 'Requests per window', !draft.rateLimited)}
        {number('windowSeconds', 'Window (seconds)', !draft.rateLimited)}
        <p className="fl-hint">
          The window runs on the clock the mock and the client share: a
          Retry-After the client waits out at 16× demo speed has passed in the
          window too.
        </p>
      </fieldset>
      <fieldset>
        <legend>Other settings</legend>
        {number('latencyMs', 'Latency on every request (ms)')}
        <label className="fl-check">
          <input
            type="checkbox"
            checked={draft.requireIdempotencyKey}
            onChange={(event) =>
              setDraft((current) => ({
                ...current,
                requireIdempotencyKey: event.target.checked,
              }))
            }
          />{' '}
          {strictText}
        </label>
      </fieldset>
      <div className="fl-actions">
        <button type="submit">Apply settings</button>
      </div>
    </form>
  )
}
