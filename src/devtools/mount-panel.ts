import {
  resolveDevtoolsOptions,
  type DevtoolsHandle,
  type DevtoolsOptions,
  type DevtoolsSource,
} from './devtools-options.ts'
import { h } from './dom.ts'
import {
  clampToViewport,
  loadPanelMemory,
  savePanelMemory,
  type PanelMemory,
  type PanelTab,
} from './panel-memory.ts'
import { panelStyles } from './panel-styles.ts'
import { renderFaults } from './render-faults.ts'
import { renderJournal } from './render-journal.ts'
import { renderTimeline } from './render-timeline.ts'

const TABS: { id: PanelTab; label: string }[] = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'journal', label: 'Journal' },
  { id: 'faults', label: 'Faults' },
]
const NOTE =
  'Operations rebuilt from what the mock sees: requests grouped by Idempotency-Key, correlation header, or same request after a failure.'

/**
 * The panel, framework-free: a host element with a shadow root holding a button and a floating
 * panel with the timeline, the journal and the active faults. It only reads the mock.
 */
export function mountPanel(
  source: DevtoolsSource,
  options: DevtoolsOptions = {},
): DevtoolsHandle {
  const { storageKey, container, initialIsOpen } =
    resolveDevtoolsOptions(options)
  let memory: PanelMemory = clampToViewport(
    loadPanelMemory(storageKey, initialIsOpen),
    window.innerWidth,
    window.innerHeight,
  )
  const openIds = new Set<string>()
  const host = h('div', { 'data-hypermock-devtools': '' })
  const shadow = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = panelStyles

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
  const tabs = TABS.map(({ id, label }) =>
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
  const root = h('div', { class: 'root' }, panel, toggle)
  shadow.append(style, root)

  const remember = () => savePanelMemory(storageKey, memory)
  const place = () => {
    root.style.right = `${memory.right}px`
    root.style.bottom = `${memory.bottom}px`
  }

  function render() {
    const operations = source.operations.list()
    const violations = operations.reduce(
      (sum, op) =>
        sum + op.verdicts.filter((v) => v.level === 'violation').length,
      0,
    )
    badge.hidden = violations === 0
    badge.textContent = String(violations)
    toggle.setAttribute(
      'aria-label',
      `hypermock devtools${violations === 0 ? '' : `, ${violations} retry rule violation${violations === 1 ? '' : 's'}`}`,
    )
    panel.hidden = !memory.open
    toggle.setAttribute('aria-expanded', String(memory.open))
    for (const [i, tab] of tabs.entries()) {
      const selected = TABS[i]!.id === memory.tab
      tab.setAttribute('aria-selected', String(selected))
      tab.tabIndex = selected ? 0 : -1
    }
    body.setAttribute('aria-labelledby', `tab-${memory.tab}`)
    if (!memory.open) return
    const scroll = body.scrollTop
    body.replaceChildren(
      ...(memory.tab === 'timeline'
        ? [h('p', { class: 'note' }, NOTE), renderTimeline(operations, openIds)]
        : memory.tab === 'journal'
          ? [renderJournal(source.journal.list())]
          : [renderFaults(source.faults.list())]),
    )
    body.scrollTop = scroll
  }

  let scheduled = false
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    queueMicrotask(() => {
      scheduled = false
      render()
    })
  }

  const setOpen = (open: boolean) => {
    memory = { ...memory, open }
    remember()
    render()
    if (open) tabs.find((_, i) => TABS[i]!.id === memory.tab)?.focus()
    else toggle.focus()
  }
  toggle.addEventListener('click', () => setOpen(!memory.open))
  close.addEventListener('click', () => setOpen(false))
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') setOpen(false)
  })
  for (const [i, tab] of tabs.entries()) {
    tab.addEventListener('click', () => {
      memory = { ...memory, tab: TABS[i]!.id }
      remember()
      render()
    })
    tab.addEventListener('keydown', (event) => {
      const step =
        event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
      if (step === 0) return
      event.preventDefault()
      const next = (i + step + TABS.length) % TABS.length
      memory = { ...memory, tab: TABS[next]!.id }
      remember()
      render()
      tabs[next]!.focus()
    })
  }

  const moveBy = (dx: number, dy: number) => {
    memory = clampToViewport(
      { ...memory, right: memory.right - dx, bottom: memory.bottom - dy },
      window.innerWidth,
      window.innerHeight,
    )
    place()
  }
  move.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? 50 : 10
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const d = delta[event.key]
    if (d === undefined) return
    event.preventDefault()
    moveBy(...d)
    remember()
  })
  move.addEventListener('pointerdown', (event) => {
    move.setPointerCapture(event.pointerId)
    let last = { x: event.clientX, y: event.clientY }
    const onMove = (e: PointerEvent) => {
      moveBy(e.clientX - last.x, e.clientY - last.y)
      last = { x: e.clientX, y: e.clientY }
    }
    const onUp = () => {
      move.removeEventListener('pointermove', onMove)
      move.removeEventListener('pointerup', onUp)
      remember()
    }
    move.addEventListener('pointermove', onMove)
    move.addEventListener('pointerup', onUp)
  })

  // A waiting operation turns failed when its window passes, with no event to say so.
  const ticker = setInterval(() => memory.open && schedule(), 2000)
  const unsubscribe = source.subscribe(schedule)
  place()
  render()
  container.append(host)
  return {
    open: () => setOpen(true),
    close: () => setOpen(false),
    unmount() {
      clearInterval(ticker)
      unsubscribe()
      host.remove()
    },
  }
}
