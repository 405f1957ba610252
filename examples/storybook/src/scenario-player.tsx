import type { ScenarioStep } from 'hypermock-api'
import {
  createClient,
  readProblem,
  resolveLink,
  type HypermockClient,
  type Resource,
} from 'hypermock-api/client'
import { scenarios, type ScenarioId } from 'hypermock-api/shop'
import { useEffect, useState } from 'react'

interface Row {
  title: string
  request: string
  status: number
  attempts: number
  detail: string | null
  body: Resource | null
}

/** Sends the steps one by one through the client; a step names a path or a link of an earlier answer. */
async function runSteps(
  client: HypermockClient,
  steps: readonly ScenarioStep[],
  onRow: (row: Row) => void,
) {
  const named = new Map<string, Resource | null>()
  for (const step of steps) {
    let attempts = 0
    const stop = client.subscribe((event) => {
      if (event.type === 'attempt:end') attempts += 1
    })
    const target = step.link
      ? resolveLink(named.get(step.link.from), step.link.rel)
      : (step.path ?? '/api')
    const method =
      step.method ??
      (typeof target === 'string' ? 'GET' : (target.method ?? 'GET'))
    const response = await client
      .request(target, {
        method,
        ...(step.body !== undefined && { json: step.body }),
      })
      .finally(stop)
    const problem = await readProblem(response)
    const body =
      response.ok && response.status !== 204
        ? ((await response.json()) as Resource)
        : null
    if (step.name !== undefined) named.set(step.name, body)
    onRow({
      title: step.title,
      request: `${method} ${typeof target === 'string' ? target : target.href}`,
      status: response.status,
      attempts,
      detail: problem?.detail ?? null,
      body,
    })
  }
}

/** Shows a scenario and runs its steps against the mock, live: each request, its status and attempts. */
export function ScenarioPlayer({ scenario: id }: { scenario: ScenarioId }) {
  const scenario = scenarios.find((candidate) => candidate.id === id)!
  const [rows, setRows] = useState<Row[]>([])
  const [done, setDone] = useState(false)

  useEffect(() => {
    let live = true
    const client = createClient({
      baseUrl: new URL('/api', window.location.href).href,
      token: scenario.token,
    })
    setRows([])
    setDone(false)
    void runSteps(client, scenario.steps, (row) => {
      if (live) setRows((previous) => [...previous, row])
    }).finally(() => live && setDone(true))
    return () => {
      live = false
    }
  }, [scenario])

  return (
    <article aria-labelledby="scenario-title">
      <h2 id="scenario-title">{scenario.title}</h2>
      <p>{scenario.description}</p>
      <ol aria-label="Steps">
        {rows.map((row) => (
          <li key={row.title}>
            <strong>{row.title}</strong>: <code>{row.request}</code> answered{' '}
            <b>{row.status}</b> after {row.attempts}{' '}
            {row.attempts === 1 ? 'attempt' : 'attempts'}
            {row.detail && <p role="alert">{row.detail}</p>}
            {row.body && !row.detail && (
              <pre>{JSON.stringify(withoutLinks(row.body), null, 1)}</pre>
            )}
          </li>
        ))}
      </ol>
      <p role="status">{done ? 'Done.' : 'Running…'}</p>
    </article>
  )
}

/** A shorter view of an answer: members only (and the first items of a collection). */
function withoutLinks(body: Resource): Record<string, unknown> {
  const { _links: _ignored, items, ...members } = body
  return Array.isArray(items)
    ? { ...members, items: `${items.length} items` }
    : members
}
