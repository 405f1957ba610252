import { afterAll, describe, expect, it } from 'vitest'
import { library } from '../../../examples/own-api/library.ts'
import {
  controlCommands,
  runControlCommand,
  type CommandInput,
  type ControlCommandName,
} from '../../../src/mock-server/control/control-commands.ts'
import { createHttpTransport } from '../../../src/mock-server/control/http-transport.ts'
import type { ControlTransport } from '../../../src/mock-server/control/control-transport.ts'
import { createMockApi } from '../../../src/mock-server/index.ts'
import { startServer } from '../../../src/server/index.ts'
import { createMockHub } from '../../../src/shared-mock/mock-hub.ts'
import { createPortTransport } from '../../../src/shared-mock/port-transport.ts'

/**
 * One input per command, in the order they run: a command added to the table without one here
 * fails to compile, so every command is proven over every transport.
 */
const inputs: { [N in ControlCommandName]: CommandInput<N> } = {
  'state.snapshot': undefined,
  'state.restore': undefined,
  'config.get': undefined,
  'config.update': { latencyMs: 5, rateLimit: { limit: 3 } },
  'faults.list': undefined,
  'faults.add': {
    match: { method: 'GET', path: '/api/loans*' },
    effect: { kind: 'status', status: 503 },
    times: 2,
  },
  'faults.remove': 'fault-1',
  'faults.clear': undefined,
  'journal.list': undefined,
  'journal.clear': undefined,
  'operations.list': undefined,
  'clock.now': undefined,
  'clock.advance': 60_000,
  reset: undefined,
}

/** Runs every command in the table, in order, and lists what each answered. */
async function runAll(
  call: (name: ControlCommandName, input: unknown) => Promise<unknown>,
) {
  const answers: [string, unknown][] = []
  let snapshot: unknown
  for (const name of Object.keys(controlCommands) as ControlCommandName[]) {
    // A snapshot goes back as it came: restoring it must change nothing.
    const input = name === 'state.restore' ? snapshot : inputs[name]
    const answer = await call(name, input)
    if (name === 'state.snapshot') snapshot = answer
    answers.push([name, answer])
  }
  // Timestamps differ between instances: compare the rest.
  return JSON.parse(
    JSON.stringify(answers).replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<time>"'),
  ) as unknown
}

const inPage = () => {
  const api = createMockApi({ api: library })
  return (name: ControlCommandName, input: unknown) =>
    Promise.resolve(runControlCommand(api, name, input as never))
}

const over =
  (transport: ControlTransport) => (name: ControlCommandName, input: unknown) =>
    transport.call(name, input as never)

const closers: (() => unknown)[] = []
afterAll(() => Promise.all(closers.map((close) => close())))

describe('the control commands', () => {
  it('answer alike on the instance, over a MessagePort and over HTTP', async () => {
    const expected = await runAll(inPage())
    expect(expected).toContainEqual([
      'faults.add',
      expect.objectContaining({ id: 'fault-1', times: 2 }),
    ])

    const server = await startServer({ api: library, port: 0 })
    closers.push(() => server.close())
    const http = createHttpTransport({
      controlPath: '/__mock',
      fetch: (input, init) => fetch(new URL(String(input), server.url), init),
      idle: () => true,
    })
    await http.open(() => {})
    expect(await runAll(over(http))).toEqual(expected)

    // The hub runs the declaration where it was given: only plain data crosses the port.
    const hub = createMockHub({
      options: { api: library },
      database: false,
      openStore: () => Promise.reject(new Error('unused')),
    })
    const { port1, port2 } = new MessageChannel()
    closers.push(() => port1.close())
    hub.connect(port1)
    const { transport, attach } = createPortTransport()
    void attach(port2)
    await transport.open(() => {})
    expect(await runAll(over(transport))).toEqual(expected)
  })

  it('refuse bad input alike on the instance and over HTTP', async () => {
    const api = createMockApi({ api: library })
    const bad = { effect: { kind: 'status', status: 200 } }
    expect(() => runControlCommand(api, 'faults.add', bad as never)).toThrow(
      /Failed to add the fault rule/,
    )
    const server = await startServer({ api: library, port: 0 })
    closers.push(() => server.close())
    const http = createHttpTransport({
      controlPath: '/__mock',
      fetch: (input, init) => fetch(new URL(String(input), server.url), init),
      idle: () => true,
    })
    await expect(http.call('faults.add', bad as never)).rejects.toThrow(
      /POST \/__mock\/faults answered 422/,
    )
    await expect(http.call('faults.remove', 'fault-9')).rejects.toThrow(
      /answered 404/,
    )
  })
})
