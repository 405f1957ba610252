/**
 * The addon's manager part (`hypermock-api/storybook/manager`), which Storybook loads for
 * `addons: ['hypermock-api/storybook']`: a "hypermock" panel in the addon bar showing the story's
 * mock with the devtools panel itself (timeline, journal, faults) and a State tab, fed by messages
 * from the story's frame.
 */
import { createElement, useEffect, useRef, type ReactElement } from 'react'
import { addons, types } from 'storybook/manager-api'
import type { PanelSource } from '../devtools/devtools-options.ts'
import { mountPanel } from '../devtools/mount-panel.ts'
import type { FaultRule } from '../mock-server/index.ts'
import {
  ADDON_ID,
  EVENTS,
  noData,
  PANEL_ID,
  type FaultAnswer,
  type FaultRequest,
  type PanelData,
} from './channel.ts'

type Channel = ReturnType<typeof addons.getChannel>

/** How long the panel waits for the story to answer a fault command. */
const ANSWER_MS = 5000

/** The story's mock as the panel sees it: the last data it sent, and commands sent back. */
function remoteSource(channel: Channel) {
  let data: PanelData = noData
  const listeners = new Set<() => void>()
  const waiting = new Map<number, (answer: FaultAnswer) => void>()
  let next = 1

  const send = (command: FaultRequest) =>
    new Promise<FaultAnswer>((resolve) => {
      const id = next++
      const timer = setTimeout(() => {
        waiting.delete(id)
        resolve({ id, error: 'The story did not answer: is it still open?' })
      }, ANSWER_MS)
      waiting.set(id, (answer) => {
        clearTimeout(timer)
        waiting.delete(id)
        resolve(answer)
      })
      channel.emit(EVENTS.fault, { ...command, id })
    })

  const source: PanelSource = {
    operations: { list: () => data.operations },
    journal: {
      list: () => data.journal,
      clear: () => {},
    },
    faults: {
      list: () => data.faults,
      async add(rule) {
        const answer = await send({ action: 'add', rule })
        if ('error' in answer) throw new Error(answer.error)
        return (answer as { rule: FaultRule }).rule
      },
      remove(ruleId) {
        void send({ action: 'remove', ruleId })
        return data.faults.some((rule) => rule.id === ruleId)
      },
      clear() {
        void send({ action: 'clear' })
      },
    },
    subscribe(listener) {
      const heard = () => listener({ type: 'state' })
      listeners.add(heard)
      return () => listeners.delete(heard)
    },
    stateTables: () => data.tables,
  }
  return {
    source,
    receive(json: string) {
      data = JSON.parse(json) as PanelData
      for (const listener of listeners) listener()
    },
    answered(json: string) {
      const answer = JSON.parse(json) as FaultAnswer
      waiting.get(answer.id)?.(answer)
    },
  }
}

/**
 * The panel's body, which this module registers in Storybook's addon bar: the devtools panel
 * mounted inline, fed by the story's frame. Hidden, not unmounted, while another panel is shown.
 */
export function HypermockPanel({ active }: { active: boolean }): ReactElement {
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const channel = addons.getChannel()
    const remote = remoteSource(channel)
    const handle = mountPanel(
      remote.source,
      {
        container: container.current!,
        storageKey: 'hypermock-storybook-panel',
      },
      'inline',
    )
    channel.on(EVENTS.data, remote.receive)
    channel.on(EVENTS.faultAnswer, remote.answered)
    channel.emit(EVENTS.request)
    return () => {
      channel.off(EVENTS.data, remote.receive)
      channel.off(EVENTS.faultAnswer, remote.answered)
      handle.unmount()
    }
  }, [])
  return createElement('div', {
    ref: container,
    hidden: !active,
    style: { height: '100%' },
  })
}

addons.register(ADDON_ID, () => {
  addons.add(PANEL_ID, {
    type: types.PANEL,
    title: 'hypermock',
    render: ({ active }) => createElement(HypermockPanel, { active: !!active }),
  })
})
