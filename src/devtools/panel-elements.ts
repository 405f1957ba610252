import { h } from './dom.ts'
import type { PanelTab } from './panel-memory.ts'

export const TABS: { id: PanelTab; label: string }[] = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'journal', label: 'Journal' },
  { id: 'faults', label: 'Faults' },
]

/** The tabs of a panel whose source shows its data state as well (the Storybook panel's). */
export const TABS_WITH_STATE: { id: PanelTab; label: string }[] = [
  ...TABS,
  { id: 'state', label: 'State' },
]

/**
 * The panel's elements, with the roles and names that make it usable from the keyboard and by
 * screen readers: a button that opens it, a non-modal dialog with a move handle, tabs and a close
 * button. `mountPanel` wires their behaviour.
 */
export function panelElements(
  tabList: readonly { id: PanelTab; label: string }[] = TABS,
) {
  const badge = h('span', { class: 'badge', hidden: true })
  const toggle = h(
    'button',
    {
      class: 'toggle',
      type: 'button',
      'aria-expanded': 'false',
      'aria-controls': 'panel',
    },
    'hypermock',
    badge,
  )
  const tabs = tabList.map(({ id, label }) =>
    h(
      'button',
      {
        role: 'tab',
        type: 'button',
        id: `tab-${id}`,
        'aria-controls': 'tabpanel',
      },
      label,
    ),
  )
  const body = h('div', {
    class: 'body',
    role: 'tabpanel',
    id: 'tabpanel',
    tabindex: '0',
  })
  const move = h(
    'button',
    {
      class: 'move',
      type: 'button',
      'aria-label': 'Move panel (arrow keys; Shift for larger steps)',
    },
    '⠿',
  )
  const close = h(
    'button',
    {
      class: 'close',
      type: 'button',
      'aria-label': 'Close hypermock devtools',
    },
    '×',
  )
  const panel = h(
    'section',
    {
      class: 'panel',
      id: 'panel',
      role: 'dialog',
      'aria-label': 'hypermock devtools',
      hidden: true,
    },
    h(
      'header',
      {},
      move,
      h('h2', {}, 'hypermock'),
      h('div', { role: 'tablist', 'aria-label': 'Views' }, ...tabs),
      close,
    ),
    body,
  )
  return { badge, toggle, tabs, body, move, close, panel }
}
