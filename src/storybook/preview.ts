/**
 * The addon's preview part (`hypermock-api/storybook/preview`), which Storybook loads for
 * `addons: ['hypermock-api/storybook']`: msw-storybook-addon's loader starts the service worker
 * with hypermock's handlers in front of the story's mock, and before each story its mock is reset
 * and set up from `parameters.hypermock`. The panel in Storybook's addon bar hears of every change.
 */
import { mswLoader } from 'msw-storybook-addon/csf3'
import { addons } from 'storybook/preview-api'
import type { StateTable } from '../devtools/render-state.ts'
import type { MockApi } from '../mock-server/index.ts'
import { startSwitchingWorker } from '../msw/switching-worker.ts'
import {
  EVENTS,
  noData,
  ROWS_SENT,
  type FaultAnswer,
  type FaultCommand,
  type PanelData,
} from './channel.ts'
import type { HypermockParameters } from './parameters.ts'
import { createStoryMocks } from './story-mock.ts'

/** What the addon reads of Storybook's story context. */
interface StoryContextLike {
  id: string
  parameters: { hypermock?: HypermockParameters }
}

const mocks = createStoryMocks(
  async () => (await import('../default-mock-api.ts')).withDefaultApi({}).api,
)
let current: { id: string; api: MockApi; stop(): void } | undefined

/** Storybook's channel to the manager; none where stories run without it. */
function channel() {
  try {
    return addons.getChannel()
  } catch {
    return undefined
  }
}

/** A table's first rows and its size, read without copying the table. */
function tablesOf(api: MockApi): StateTable[] {
  return Object.entries(
    api.data as Record<string, MockApi['data'][keyof MockApi['data']]>,
  ).map(([name, table]) => {
    const rows: Record<string, unknown>[] = []
    for (const row of table.rows()) {
      if (rows.length === ROWS_SENT) break
      rows.push(row)
    }
    return { name, rows, size: table.size }
  })
}

function dataOf(): PanelData {
  if (!current) return noData
  const { id, api } = current
  return {
    storyId: id,
    operations: api.operations.list(),
    journal: api.journal.list(),
    faults: api.faults.list(),
    tables: tablesOf(api),
  }
}

/** Changes come in bursts (a request is several events): the panel hears of them once per 100 ms. */
let timer: ReturnType<typeof setTimeout> | undefined
const publish = () => {
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
  channel()?.emit(EVENTS.data, JSON.stringify(dataOf()))
}
const schedule = () => {
  timer ??= setTimeout(publish, 100)
}

function answer(command: FaultCommand): FaultAnswer {
  if (!current)
    return { id: command.id, error: 'No story with a mock is shown.' }
  try {
    switch (command.action) {
      case 'add':
        return { id: command.id, rule: current.api.faults.add(command.rule) }
      case 'remove':
        current.api.faults.remove(command.ruleId)
        return { id: command.id, done: true }
      case 'clear':
        current.api.faults.clear()
        return { id: command.id, done: true }
    }
  } catch (error) {
    return {
      id: command.id,
      error: error instanceof Error ? error.message : String(error),
    }
  }
}

let listening = false
function listen() {
  const events = channel()
  if (listening || !events) return
  listening = true
  events.on(EVENTS.request, publish)
  events.on(EVENTS.fault, (command: FaultCommand) =>
    events.emit(EVENTS.faultAnswer, JSON.stringify(answer(command))),
  )
}

/**
 * msw-storybook-addon's loader, its worker started with hypermock's handlers as its initial ones:
 * they survive the addon's handler reset between stories, and a story's own handlers
 * (`parameters.msw`, `msw.use()`) still come first.
 */
export const loaders = [
  mswLoader(() => startSwitchingWorker(() => current?.api)),
]

/** Before each story: its mock, reset and set up from `parameters.hypermock`. */
export async function beforeEach(context: StoryContextLike) {
  listen()
  current?.stop()
  current = undefined
  const parameters = context.parameters.hypermock
  if (!parameters?.disable) {
    const api = await mocks.prepare(parameters)
    current = { id: context.id, api, stop: api.subscribe(schedule) }
  }
  publish()
}
