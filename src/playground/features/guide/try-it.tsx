import { useId, useState } from 'react'
import type { MockApi } from '../../../index.ts'
import type { CapturedResponse } from '../../components/captured-response.ts'
import { ResponseView } from '../../components/response-view.tsx'
import {
  sendRequest,
  type OutgoingRequest,
  type SendMode,
  type SendOutcome,
} from '../../components/send-request.ts'
import { ViewLink } from '../../components/view-link.tsx'
import { usePlayground } from '../../services/playground-context.tsx'

/** What a step can build its request from: the answers so far and a key made for this run. */
export interface StepContext {
  previous: CapturedResponse[]
  key: string
}

export interface TryStep {
  /** Says what this step shows, in a few words. */
  note: string
  mode: SendMode
  request: OutgoingRequest | ((context: StepContext) => OutgoingRequest)
  /** Runs first, e.g. a one-shot fault rule that makes the mock answer 429. */
  setup?: (api: MockApi) => void
}

export interface TryExample {
  title: string
  steps: TryStep[]
  /** Response headers the paragraph is about. */
  headers?: readonly string[]
}

const preview: StepContext = { previous: [], key: '<generated key>' }

function requestOf(step: TryStep, context: StepContext) {
  return typeof step.request === 'function'
    ? step.request(context)
    : step.request
}

function consoleParams(request: OutgoingRequest) {
  const params: Record<string, string> = {
    method: request.method,
    path: request.path,
  }
  if (request.body !== undefined) params.body = request.body
  const headers = (request.headers ?? []).map(([n, v]) => `${n}: ${v}`)
  if (headers.length > 0) params.header = headers.join('\n')
  return params
}

function RequestLines({ step }: { step: TryStep }) {
  const request = requestOf(step, preview)
  return (
    <pre className="request-text">
      {`${request.method} ${request.path}\n`}
      {(request.headers ?? [])
        .map(([name, value]) => `${name}: ${value}\n`)
        .join('')}
      {request.body !== undefined ? `\n${request.body}` : ''}
    </pre>
  )
}

/** Sends the real request(s) of an example and shows each answer inline. */
export function TryIt({ example }: { example: TryExample }) {
  const { api, client } = usePlayground()
  const [running, setRunning] = useState(false)
  const [results, setResults] = useState<SendOutcome[]>([])
  const headingId = useId()
  const run = async () => {
    setRunning(true)
    setResults([])
    const context: StepContext = {
      previous: [],
      key: `guide-${crypto.randomUUID()}`,
    }
    const outcomes: SendOutcome[] = []
    for (const step of example.steps) {
      step.setup?.(api)
      const outcome = await sendRequest(
        client,
        step.mode,
        requestOf(step, context),
      )
      outcomes.push(outcome)
      setResults([...outcomes])
      if (outcome.kind !== 'response') break
      context.previous.push(outcome.response)
    }
    setRunning(false)
  }
  const single = example.steps.length === 1 ? example.steps[0] : undefined
  return (
    <div className="try-it" role="group" aria-labelledby={headingId}>
      <h4 id={headingId}>Try it: {example.title}</h4>
      <ol className="steps">
        {example.steps.map((step, index) => (
          <li key={index}>
            <p>
              {step.note}{' '}
              <span className="muted">
                ({step.mode === 'client' ? 'reference client' : 'raw fetch'})
              </span>
            </p>
            <RequestLines step={step} />
          </li>
        ))}
      </ol>
      <div className="button-row">
        <button
          type="button"
          className="primary"
          disabled={running}
          onClick={() => void run()}
        >
          Try it: {example.title}
        </button>
        {single && typeof single.request !== 'function' && (
          <ViewLink view="console" params={consoleParams(single.request)}>
            Open in the console
          </ViewLink>
        )}
      </div>
      <div role="status" className="status-summary">
        {running ? 'Sending…' : ''}
      </div>
      {results.length > 0 && (
        <ol className="results" aria-label={`Answers: ${example.title}`}>
          {results.map((outcome, index) => (
            <li key={index}>
              {outcome.kind === 'response' ? (
                <ResponseView
                  response={outcome.response}
                  headers={example.headers ?? []}
                />
              ) : (
                <p role="alert" className="error-text">
                  No response after {outcome.attempts} attempt
                  {outcome.attempts === 1 ? '' : 's'}: {outcome.message}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
