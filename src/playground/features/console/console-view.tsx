import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { CopyAsButtons } from '../../components/copy-as-buttons.tsx'
import { ResponseView } from '../../components/response-view.tsx'
import { reasonPhrase } from '../../components/reason-phrase.ts'
import { sendRequest, type SendOutcome } from '../../components/send-request.ts'
import { useLocation } from '../../navigation/use-location.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import {
  BODYLESS,
  credentialPreset,
  draftFromParams,
  jsonProblem,
  isPreferChoice,
  methods,
  paramsOf,
  PREFERRING,
  preferences,
  requestOf,
  withMethod,
  type ConsoleDraft,
} from './console-draft.ts'
import { examplesFor } from './console-examples.ts'
import { useApiDescription } from '../../services/use-api-description.ts'
import { apiCollections } from '../../services/api-collections.ts'
import { HeaderRows } from './header-rows.tsx'
import { loadSavedDraft, namesARequest, saveDraft } from './saved-draft.ts'
import { TextField } from './text-field.tsx'

function summary(outcome: SendOutcome) {
  const key = outcome.idempotencyKey
    ? ` Idempotency-Key: ${outcome.idempotencyKey}.`
    : ''
  const count =
    outcome.kind === 'response' ? outcome.response.attempts : outcome.attempts
  const attempts = `${count} attempt${count === 1 ? '' : 's'}`
  if (outcome.kind === 'network-error')
    return `No response after ${attempts}: ${outcome.message}.${key}`
  const { status, statusText } = outcome.response
  return `Answered ${status} ${reasonPhrase(status, statusText)} after ${attempts}.${key}`
}

function ConsoleForm({
  initial,
  persist,
}: {
  initial: ConsoleDraft
  /** Off until the API's description is known, so a placeholder default is never saved. */
  persist: boolean
}) {
  const { client, token, credentials } = usePlayground()
  const consoleExamples = examplesFor(useApiDescription())
  const [draft, setDraft] = useState(initial)
  const [presetToken, setPresetToken] = useState(token)
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<SendOutcome | null>(null)
  const responseRef = useRef<HTMLElement>(null)
  // Send brings the answer into view: below the form it is off-screen on most windows.
  useEffect(() => {
    if (outcome) responseRef.current?.scrollIntoView?.({ block: 'start' })
  }, [outcome])
  const controller = useRef<AbortController | null>(null)
  const bodyHintId = useId()
  const preferId = useId()
  useEffect(() => {
    if (persist) saveDraft(draft)
  }, [draft, persist])
  if (token !== presetToken) {
    // The picker changed: its credential becomes the preset again (the user may still edit it).
    setPresetToken(token)
    setDraft((d) => ({
      ...d,
      authorization: credentialPreset(token, credentials),
    }))
  }
  const set = <K extends keyof ConsoleDraft>(key: K, value: ConsoleDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))
  const bodyless = BODYLESS.has(draft.method)
  const invalidJson = bodyless ? null : jsonProblem(draft.body)

  const send = async (event: FormEvent) => {
    event.preventDefault()
    controller.current?.abort()
    const abort = new AbortController()
    controller.current = abort
    setSending(true)
    const result = await sendRequest(
      client,
      draft.mode,
      requestOf(draft),
      abort.signal,
    )
    if (controller.current !== abort) return
    controller.current = null
    setOutcome(result)
    setSending(false)
  }

  const share = `?${new URLSearchParams([
    ['view', 'console'],
    ...paramsOf(draft, token, credentials),
  ]).toString()}`

  return (
    <>
      <form className="console-form" onSubmit={send} aria-label="Request">
        <label className="example">
          Example{' '}
          <select
            value=""
            onChange={(event) => {
              const example = consoleExamples[Number(event.target.value)]
              if (example)
                setDraft((d) => ({
                  ...withMethod(d, example.method),
                  path: example.path,
                  body: example.body,
                }))
            }}
          >
            <option value="">Fill the form with an example…</option>
            {consoleExamples.map((example, index) => (
              <option key={example.label} value={index}>
                {example.label}
              </option>
            ))}
          </select>
        </label>
        <div className="request-line">
          <label>
            Method
            <select
              value={draft.method}
              onChange={(event) =>
                setDraft((d) => withMethod(d, event.target.value))
              }
            >
              {methods.map((method) => (
                <option key={method}>{method}</option>
              ))}
            </select>
          </label>
          <label className="grow">
            Path
            <input
              value={draft.path}
              spellCheck={false}
              onChange={(event) => set('path', event.target.value)}
            />
          </label>
        </div>
        <fieldset>
          <legend>Headers</legend>
          <div className="field-grid">
            <TextField
              label="Authorization"
              value={draft.authorization}
              onChange={(value) => set('authorization', value)}
              hint="From the credential picker. Empty: raw fetch sends none; the reference client sends the picker's."
            />
            <TextField
              label="Idempotency-Key"
              value={draft.idempotencyKey}
              onChange={(value) => set('idempotencyKey', value)}
              hint="Empty: the reference client generates one for a POST."
              after={
                <button
                  type="button"
                  onClick={() => set('idempotencyKey', crypto.randomUUID())}
                >
                  Generate
                </button>
              }
            />
            <TextField
              label="If-Match"
              value={draft.ifMatch}
              onChange={(value) => set('ifMatch', value)}
            />
            <TextField
              label="If-None-Match"
              value={draft.ifNoneMatch}
              onChange={(value) => set('ifNoneMatch', value)}
            />
            <TextField
              label="Content-Type"
              value={draft.contentType}
              onChange={(value) => set('contentType', value)}
              hint="Sent only with a body."
            />
            <div className="field">
              <label htmlFor={preferId}>Prefer</label>
              <select
                id={preferId}
                value={draft.prefer}
                disabled={!PREFERRING.has(draft.method)}
                aria-describedby={`${preferId}-hint`}
                onChange={(event) => {
                  const value = event.target.value
                  if (isPreferChoice(value)) set('prefer', value)
                }}
              >
                {preferences.map((value) => (
                  <option key={value} value={value}>
                    {value === '' ? 'none' : value}
                  </option>
                ))}
              </select>
              <small id={`${preferId}-hint`} className="muted">
                {PREFERRING.has(draft.method)
                  ? 'return=minimal: the write answers without the record (201 with Location, or 204).'
                  : `Sent only on a write (POST, PUT, PATCH), not on ${draft.method}.`}
              </small>
            </div>
          </div>
          <HeaderRows
            rows={draft.custom}
            onChange={(custom) => set('custom', custom)}
          />
        </fieldset>
        <label className="wide">
          Body (JSON)
          <textarea
            value={draft.body}
            rows={7}
            spellCheck={false}
            disabled={bodyless}
            aria-invalid={invalidJson !== null}
            aria-describedby={bodyHintId}
            onChange={(event) => set('body', event.target.value)}
          />
        </label>
        <div className="body-status">
          <p
            id={bodyHintId}
            className={invalidJson ? 'field-error' : 'muted'}
            role="status"
          >
            {bodyless
              ? `A ${draft.method} request has no body.`
              : invalidJson
                ? `Not valid JSON: ${invalidJson}. You can still send it, to see the API answer 400.`
                : draft.body.trim() === ''
                  ? 'No body.'
                  : 'Valid JSON.'}
          </p>
          <button
            type="button"
            disabled={bodyless || invalidJson !== null || draft.body === ''}
            onClick={() =>
              set('body', JSON.stringify(JSON.parse(draft.body), null, 2))
            }
          >
            Format JSON
          </button>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.mode === 'client'}
            onChange={(event) =>
              set('mode', event.target.checked ? 'client' : 'raw')
            }
          />
          Send with the reference client (retries per the conventions);
          unchecked: a single raw fetch
        </label>
        <div className="button-row">
          <button type="submit" className="primary" disabled={sending}>
            Send
          </button>
          {sending && (
            <button
              type="button"
              onClick={() => {
                controller.current?.abort()
                controller.current = null
                setSending(false)
              }}
            >
              Cancel
            </button>
          )}
          <a href={share}>Link to this request</a>
          {/* The draft as written: the client adds its key and credential only when sending. */}
          <CopyAsButtons request={() => requestOf(draft)} />
        </div>
      </form>
      <section aria-labelledby="console-response-heading" ref={responseRef}>
        <h3 id="console-response-heading">Response</h3>
        <p role="status" className="status-summary">
          {sending
            ? 'Sending…'
            : outcome
              ? summary(outcome)
              : 'Nothing sent yet.'}
        </p>
        {outcome?.kind === 'response' && (
          <ResponseView response={outcome.response} />
        )}
        {outcome?.kind === 'network-error' && (
          <p role="alert" className="error-text">
            {outcome.message}
          </p>
        )}
      </section>
    </>
  )
}

/**
 * Any request, written by hand: method, path, headers, JSON body; sent through the reference client
 * or as one raw fetch. The form starts from the URL, so other views can link into it.
 */
export function ConsoleView() {
  const { token, credentials } = usePlayground()
  const { params } = useLocation()
  const search = params.toString()
  // The loaded API's first collection; the form starts again once the description is known.
  const api = apiCollections(useApiDescription())
  const defaultPath = api?.builtIn
    ? '/api/orders'
    : (api?.collections[0] ?? '/api/orders')
  return (
    <section aria-labelledby="console-heading">
      <h2 id="console-heading">Console</h2>
      <ConsoleForm
        key={`${search} ${defaultPath}`}
        persist={api !== null}
        initial={
          (!namesARequest(params) && loadSavedDraft()) ||
          draftFromParams(params, token, defaultPath, credentials)
        }
      />
    </section>
  )
}
