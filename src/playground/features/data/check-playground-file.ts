import { parseProblem } from '../../../client/index.ts'
import type { MockApi } from '../../../index.ts'
import { CONTROL_PATH } from '../../../mock-server/control/control-path.ts'
import type { PersistedPlayground } from '../../boot/persisted-state.ts'
import { isObject } from '../../../common/is-object.ts'

export type FileCheck =
  | { ok: true; value: PersistedPlayground }
  | { ok: false; reason: string }

const MAX_BYTES = 32 * 1024 * 1024

function describe(value: unknown) {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `"${value}"`
  if (typeof value === 'number' || typeof value === 'boolean')
    return String(value)
  return typeof value
}

/** Why a part of the file was refused, from the problem document the scratch mock answered. */
async function refusal(
  scratch: MockApi,
  what: string,
  method: string,
  path: string,
  body: unknown,
): Promise<string | null> {
  const response = await scratch.fetch(
    new Request(`http://scratch.invalid${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
  if (response.ok) return null
  const problem = parseProblem(await response.json(), response.status)
  const errors = Array.isArray(problem?.errors) ? problem.errors : []
  const listed = errors
    .slice(0, 5)
    .map((error) => {
      if (typeof error === 'string') return error
      const { field, message } = error as { field?: unknown; message?: unknown }
      return `${String(field ?? '(root)')} ${String(message ?? '')}`.trim()
    })
    .join('; ')
  const detail = listed || problem?.detail || problem?.title || 'refused'
  return `${what} is invalid: ${detail}`
}

/**
 * Checks an exported playground file whole, before anything changes: JSON, the envelope, then the
 * state, settings and every fault rule, each through the control API of a scratch mock (the same
 * checks `PUT /__mock/state`, `PATCH /__mock/config` and `POST /__mock/faults` make).
 */
export async function checkPlaygroundFile(
  text: string,
  size = text.length,
): Promise<FileCheck> {
  const fail = (reason: string): FileCheck => ({ ok: false, reason })
  if (size > MAX_BYTES)
    return fail(`the file is ${size} bytes; at most ${MAX_BYTES} are read`)
  if (text.trim() === '') return fail('the file is empty')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return fail(
      `the file is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  if (!isObject(value))
    return fail(
      `the file holds ${describe(value)}, not an object { version, state, faults, config }`,
    )
  if (value.version !== 1)
    return fail(
      `"version" is ${describe(value.version)}; this playground reads version 1 exports`,
    )
  if (!isObject(value.state))
    return fail(`"state" is ${describe(value.state)}, not an object`)
  if (!Array.isArray(value.faults))
    return fail(`"faults" is ${describe(value.faults)}, not a list of rules`)
  if (!isObject(value.config))
    return fail(`"config" is ${describe(value.config)}, not an object`)
  // Loaded when a file is checked: the page itself never answers a request.
  const { createMockApi } = await import('../../../default-mock-api.ts')
  const scratch = createMockApi({ onUnhandledError: () => {} })
  const stateProblem = await refusal(
    scratch,
    'the state',
    'PUT',
    `${CONTROL_PATH}/state`,
    value.state,
  )
  if (stateProblem) return fail(stateProblem)
  const configProblem = await refusal(
    scratch,
    'the config',
    'PATCH',
    `${CONTROL_PATH}/config`,
    value.config,
  )
  if (configProblem) return fail(configProblem)
  for (const [index, rule] of value.faults.entries()) {
    const ruleProblem = await refusal(
      scratch,
      `fault rule ${index + 1}`,
      'POST',
      `${CONTROL_PATH}/faults`,
      rule,
    )
    if (ruleProblem) return fail(ruleProblem)
  }
  return { ok: true, value: value as unknown as PersistedPlayground }
}

/** Replaces the mock's state, settings and fault rules with a checked file's. */
export function applyPlaygroundFile(api: MockApi, file: PersistedPlayground) {
  api.state.restore(file.state)
  api.config.update(file.config)
  api.faults.clear()
  for (const rule of file.faults) api.faults.add(rule)
}

/** What Export downloads: the same shape the playground keeps in browser storage. */
export function capturePlayground(api: MockApi): PersistedPlayground {
  return {
    version: 1,
    state: api.state.snapshot(),
    faults: api.faults
      .list()
      .map(({ id: _id, matched: _matched, fired: _fired, ...rule }) => rule),
    config: api.config.get(),
  }
}
