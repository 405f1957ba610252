import { useId, useState, type FormEvent } from 'react'
import { isNetworkError } from '../../../client/index.ts'
import { apiCollections } from '../../services/api-collections.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { useApiDescription } from '../../services/use-api-description.ts'
import { statusText } from './timeline-labels.ts'

const methods = ['GET', 'POST', 'PUT', 'DELETE'] as const
type Method = (typeof methods)[number]

interface Preset {
  label: string
  method: Method
  path: string
  body: string
}

const builtInPresets: Preset[] = [
  {
    label: 'POST /api/payments',
    method: 'POST',
    path: '/api/payments',
    body: '{ "amount": 1250, "currency": "usd" }',
  },
  { label: 'GET /api/orders', method: 'GET', path: '/api/orders', body: '' },
  {
    label: 'GET /api/orders/1',
    method: 'GET',
    path: '/api/orders/1',
    body: '',
  },
]

/** The built-in domain's requests, or a read of each of the loaded API's collections. */
function presetsFor(description: unknown): Preset[] {
  const api = apiCollections(description)
  if (api === null) return []
  if (api.builtIn) return builtInPresets
  return api.collections.slice(0, 3).map((path) => ({
    label: `GET ${path}`,
    method: 'GET',
    path,
    body: '',
  }))
}

type RunState =
  | { kind: 'idle' }
  | { kind: 'running'; line: string }
  | { kind: 'done'; line: string; text: string }

/**
 * Starts one operation through the reference client, so its retries appear on the timeline. Its
 * presets come from the loaded API; the form starts again from the first once they are known.
 */
export function RunBox() {
  const presets = presetsFor(useApiDescription())
  return <RunForm key={presets[0]?.label ?? ''} presets={presets} />
}

function RunForm({ presets }: { presets: Preset[] }) {
  const { client } = usePlayground()
  const id = useId()
  const [method, setMethod] = useState<Method>(presets[0]?.method ?? 'GET')
  const [path, setPath] = useState(presets[0]?.path ?? '')
  const [body, setBody] = useState(presets[0]?.body ?? '')
  const [errors, setErrors] = useState<{ path?: string; body?: string }>({})
  const [state, setState] = useState<RunState>({ kind: 'idle' })
  const hasBody = method === 'POST' || method === 'PUT'

  async function run(event: FormEvent) {
    event.preventDefault()
    const next: { path?: string; body?: string } = {}
    if (!path.startsWith('/'))
      next.path = `Start the path with "/", such as ${presets[0]?.path ?? '/api'}.`
    let json: unknown
    if (hasBody && body.trim() !== '') {
      try {
        json = JSON.parse(body)
      } catch (error) {
        next.body = `The body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`
      }
    }
    setErrors(next)
    if (next.path || next.body) return
    const line = `${method} ${path}`
    setState({ kind: 'running', line })
    try {
      const response = await client.request(path, {
        method,
        ...(json !== undefined && { json }),
      })
      setState({ kind: 'done', line, text: statusText(response.status) })
    } catch (error) {
      const text = isNetworkError(error)
        ? `no response (${error.attempts.length} attempts): ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error)
      setState({ kind: 'done', line, text })
    }
  }

  return (
    <form className="tl-run" aria-label="Run a request" onSubmit={run}>
      <h3>Run a request</h3>
      {presets.length > 0 && (
        <div className="tl-run-presets">
          <span id={`${id}-presets`}>Fill in:</span>
          <ul aria-labelledby={`${id}-presets`}>
            {presets.map((preset) => (
              <li key={preset.label}>
                <button
                  type="button"
                  onClick={() => {
                    setMethod(preset.method)
                    setPath(preset.path)
                    setBody(preset.body)
                    setErrors({})
                  }}
                >
                  {preset.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="tl-run-fields">
        <label>
          Method{' '}
          <select
            value={method}
            onChange={(event) => setMethod(event.target.value as Method)}
          >
            {methods.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label className="tl-run-path">
          Path{' '}
          <input
            value={path}
            onChange={(event) => setPath(event.target.value)}
            aria-invalid={errors.path ? true : undefined}
            aria-describedby={errors.path ? `${id}-path-error` : undefined}
            spellCheck={false}
          />
        </label>
        {errors.path && (
          <p id={`${id}-path-error`} className="field-error">
            {errors.path}
          </p>
        )}
        {hasBody && (
          <label className="tl-run-body">
            JSON body{' '}
            <textarea
              value={body}
              rows={2}
              onChange={(event) => setBody(event.target.value)}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? `${id}-body-error` : undefined}
              spellCheck={false}
            />
          </label>
        )}
        {hasBody && errors.body && (
          <p id={`${id}-body-error`} className="field-error">
            {errors.body}
          </p>
        )}
        <button type="submit">Run</button>
      </div>
      <p role="status" className="tl-run-status">
        {state.kind === 'running' && `${state.line}: running…`}
        {state.kind === 'done' && `${state.line}: ${state.text}`}
      </p>
    </form>
  )
}
