import { advanceSchema, type MockControls } from '../controls.ts'
import { HttpResponse } from '../http-response.ts'
import { limits } from '../limits.ts'
import { fail } from '../problems/problem-error.ts'
import type { RouteContext, Method } from '../route-spec.ts'
import type { Runtime } from '../runtime.ts'
import type { ConfigPatch } from './config-patch.ts'
import { parseControlInput } from './control-error.ts'
import type { FaultRuleInput } from '../faults/fault-rule.ts'

/**
 * One control command: what it runs on an instance, and how it travels over HTTP under the control
 * path. A remote client (a tab of a shared mock, a page connected to a server) sends the command's
 * name and input; the control API's routes are built from the same entries.
 */
export interface ControlCommand<I, O> {
  method: Method
  /** Below the control path (`/__mock`); `:id` is filled by `request`. */
  path: string
  /** Changes the mock: a remote client applies it to its copy at once and sends it in order. */
  write: boolean
  run(controls: MockControls, input: I): O
  /** HTTP, client side: the path (when it has parameters) and the JSON body for the input. */
  request?(input: I): { path?: string; body?: unknown }
  /** HTTP, server side: the input read from the request. */
  input?(ctx: RouteContext<Runtime>): I
  /** HTTP, server side: the answer for the result (default: its JSON, or 204 when there is none). */
  answer?(output: O, ctx: RouteContext<Runtime>): Response
  /** HTTP, client side: the result read back from the answer's JSON. */
  read?(json: unknown): O
  maxBodyBytes?: number
}

const command = <I = undefined, O = void>(spec: ControlCommand<I, O>) => spec

const member =
  <K extends string>(key: K) =>
  (json: unknown) =>
    (json as Record<K, never>)[key]

/** Every control command: adding one is an entry here and, on `MockControls`, its handler. */
export const controlCommands = {
  'state.snapshot': command({
    method: 'GET',
    path: '/state',
    write: false,
    run: (c) => c.state.snapshot(),
  }),
  'state.restore': command<unknown>({
    method: 'PUT',
    path: '/state',
    write: true,
    maxBodyBytes: limits.snapshotBytes,
    run: (c, snapshot) => c.state.restore(snapshot),
    request: (snapshot) => ({ body: snapshot }),
    input({ body, runtime }) {
      if (body === undefined) {
        fail('invalid-json', {
          detail: `PUT ${runtime.controlPath}/state needs a snapshot as its JSON body (GET ${runtime.controlPath}/state gives one).`,
        })
      }
      return body
    },
  }),
  'config.get': command({
    method: 'GET',
    path: '/config',
    write: false,
    run: (c) => c.config.get(),
  }),
  'config.update': command<
    ConfigPatch,
    ReturnType<MockControls['config']['update']>
  >({
    method: 'PATCH',
    path: '/config',
    write: true,
    run: (c, patch) => c.config.update(patch),
    request: (patch) => ({ body: patch }),
    input: ({ body }) => (body ?? {}) as ConfigPatch,
  }),
  'faults.list': command({
    method: 'GET',
    path: '/faults',
    write: false,
    run: (c) => c.faults.list(),
    answer: (rules) => HttpResponse.json({ rules }),
    read: member('rules'),
  }),
  'faults.add': command<
    FaultRuleInput,
    ReturnType<MockControls['faults']['add']>
  >({
    method: 'POST',
    path: '/faults',
    write: true,
    run: (c, rule) => c.faults.add(rule),
    request: (rule) => ({ body: rule }),
    input: ({ body }) => (body ?? {}) as FaultRuleInput,
    answer: (rule, { runtime }) =>
      HttpResponse.json(rule, {
        status: 201,
        headers: { Location: `${runtime.controlPath}/faults/${rule.id}` },
      }),
  }),
  'faults.remove': command<string, boolean>({
    method: 'DELETE',
    path: '/faults/:id',
    write: true,
    run: (c, id) => c.faults.remove(id),
    request: (id) => ({ path: `/faults/${encodeURIComponent(id)}` }),
    input: ({ params }) => params.id ?? '',
    answer(removed, { params, path }) {
      if (!removed) {
        fail('not-found', {
          detail: `No fault rule ${params.id} exists (it may have retired after its last firing).`,
          instance: path,
        })
      }
      return HttpResponse.empty()
    },
    // A 404 is an error over HTTP: an answer means the rule was there.
    read: () => true,
  }),
  'faults.clear': command({
    method: 'DELETE',
    path: '/faults',
    write: true,
    run: (c) => c.faults.clear(),
  }),
  'journal.list': command({
    method: 'GET',
    path: '/journal',
    write: false,
    run: (c) => c.journal.list(),
    answer: (entries) => HttpResponse.json({ entries }),
    read: member('entries'),
  }),
  'journal.clear': command({
    method: 'DELETE',
    path: '/journal',
    write: true,
    run: (c) => c.journal.clear(),
  }),
  'operations.list': command({
    method: 'GET',
    path: '/operations',
    write: false,
    run: (c) => c.operations.list(),
    // The consumers' verdicts live where the events are delivered: this instance.
    answer: (operations, { runtime }) =>
      HttpResponse.json({
        operations,
        eventVerdicts: runtime.stateEvents.verdicts.all(),
      }),
    read: member('operations'),
  }),
  'clock.now': command({
    method: 'GET',
    path: '/clock',
    write: false,
    run: (c) => c.clock.now(),
    answer: (now) => HttpResponse.json({ now }),
    read: member('now'),
  }),
  'clock.advance': command<number, string>({
    method: 'POST',
    path: '/clock',
    write: true,
    run: (c, ms) => c.clock.advance(ms),
    request: (advanceMs) => ({ body: { advanceMs } }),
    // The whole body is checked, so an unknown member is named in the 422 too.
    input: ({ body }) =>
      parseControlInput('advance the mock clock', advanceSchema, body ?? {})
        .advanceMs,
    answer: (now) => HttpResponse.json({ now }),
    read: member('now'),
  }),
  reset: command({
    method: 'POST',
    path: '/reset',
    write: true,
    run: (c) => c.reset(),
  }),
}

export type ControlCommands = typeof controlCommands
export type ControlCommandName = keyof ControlCommands
export type CommandInput<N extends ControlCommandName> = Parameters<
  ControlCommands[N]['run']
>[1]
export type CommandOutput<N extends ControlCommandName> = ReturnType<
  ControlCommands[N]['run']
>

/** A command sent by name, as a remote client sends it. */
export type ControlCall = {
  [N in ControlCommandName]: { name: N; input: CommandInput<N> }
}[ControlCommandName]

export const isControlCommand = (name: string): name is ControlCommandName =>
  Object.hasOwn(controlCommands, name)

/** Runs a command by name on an instance: the one dispatch every transport's far end uses. */
export function runControlCommand<N extends ControlCommandName>(
  controls: MockControls,
  name: N,
  input: CommandInput<N>,
): CommandOutput<N> {
  const spec = controlCommands[name] as ControlCommand<unknown, unknown>
  return spec.run(controls, input) as CommandOutput<N>
}
