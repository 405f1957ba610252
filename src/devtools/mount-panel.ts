import {
  resolveDevtoolsOptions,
  type DevtoolsHandle,
  type DevtoolsOptions,
  type PanelSource,
} from './devtools-options.ts'
import { h } from './dom.ts'
import { attachMoveHandle } from './move-handle.ts'
import {
  clampToViewport,
  loadPanelMemory,
  savePanelMemory,
  type PanelMemory,
} from './panel-memory.ts'
import { panelElements, TABS, TABS_WITH_STATE } from './panel-elements.ts'
import { panelStyles } from './panel-styles.ts'
import { faultForm } from './fault-form.ts'
import { renderFaults } from './render-faults.ts'
import { renderJournal } from './render-journal.ts'
import { renderState } from './render-state.ts'
import { renderTimeline } from './render-timeline.ts'

const NOTE =
  'Operations rebuilt from what the mock sees: requests grouped by Idempotency-Key, correlation header, or same request after a failure.'

/**
 * Where the panel sits: `floating` over the app behind its button (the devtools entries), or
 * `inline`, filling its container and always open, without a button, move handle or close (the
 * Storybook addon's panel, in Storybook's addon bar).
 */
export type PanelLayout = 'floating' | 'inline'

/**
 * The panel, framework-free: a host element with a shadow root holding a button and a floating
 * panel with the timeline, the journal and the faults, where a fault rule can be added, removed
 * or all cleared (the only writes it makes). A source with `stateTables` adds a State tab.
 */
export function mountPanel(
  source: PanelSource,
  options: DevtoolsOptions = {},
  layout: PanelLayout = 'floating',
): DevtoolsHandle {
  const inline = layout === 'inline'
  const { storageKey, container, initialIsOpen } =
    resolveDevtoolsOptions(options)
  const tabList = source.stateTables ? TABS_WITH_STATE : TABS
  let memory: PanelMemory = clampToViewport(
    loadPanelMemory(storageKey, initialIsOpen),
    window.innerWidth,
    window.innerHeight,
  )
  if (inline) memory = { ...memory, open: true }
  if (!tabList.some((tab) => tab.id === memory.tab))
    memory = { ...memory, tab: 'timeline' }
  const openIds = new Set<string>()
  const host = h('div', {
    'data-hypermock-devtools': '',
    ...(inline && { style: 'display:block;height:100%' }),
  })
  const shadow = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = panelStyles

  const { badge, toggle, tabs, body, move, close, panel } =
    panelElements(tabList)
  if (inline) {
    move.remove()
    close.remove()
    panel.setAttribute('role', 'region')
  }
  // Rows left out at start make the app look empty: the panel says why, and its button says so.
  const startupNotice = source.shared?.startupNotice ?? null
  if (startupNotice)
    body.before(
      h(
        'div',
        { class: 'notice', role: 'note', 'aria-label': 'Start-up notice' },
        startupNotice,
      ),
    )
  const root = inline
    ? h('div', { class: 'root inline' }, panel)
    : h('div', { class: 'root' }, panel, toggle)
  shadow.append(style, root)

  // The Faults tab: its form built once (what is typed survives re-renders), its list redrawn.
  const faultList = h('div', {})
  const faultsView = h('div', {}, faultForm(source), faultList)

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
    badge.hidden = violations === 0 && !startupNotice
    badge.textContent = violations === 0 ? '!' : String(violations)
    toggle.setAttribute(
      'aria-label',
      `hypermock devtools${violations === 0 ? '' : `, ${violations} retry rule violation${violations === 1 ? '' : 's'}`}${startupNotice ? ', a notice about the stored data: open it' : ''}`,
    )
    panel.hidden = !memory.open
    toggle.setAttribute('aria-expanded', String(memory.open))
    for (const [i, tab] of tabs.entries()) {
      const selected = tabList[i]!.id === memory.tab
      tab.setAttribute('aria-selected', String(selected))
      tab.tabIndex = selected ? 0 : -1
    }
    body.setAttribute('aria-labelledby', `tab-${memory.tab}`)
    if (!memory.open) return
    if (memory.tab === 'faults') {
      if (body.firstChild !== faultsView) body.replaceChildren(faultsView)
      faultList.replaceChildren(
        renderFaults(source.faults.list(), (id) => source.faults.remove(id)),
      )
      return
    }
    const scroll = body.scrollTop
    body.replaceChildren(
      ...(memory.tab === 'timeline'
        ? [h('p', { class: 'note' }, NOTE), renderTimeline(operations, openIds)]
        : memory.tab === 'journal'
          ? [renderJournal(source.journal.list())]
          : memory.tab === 'state' && source.stateTables
            ? [renderState(source.stateTables())]
            : []),
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
    if (open) tabs.find((_, i) => tabList[i]!.id === memory.tab)?.focus()
    else toggle.focus()
  }
  toggle.addEventListener('click', () => setOpen(!memory.open))
  close.addEventListener('click', () => setOpen(false))
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') setOpen(false)
  })
  for (const [i, tab] of tabs.entries()) {
    tab.addEventListener('click', () => {
      memory = { ...memory, tab: tabList[i]!.id }
      remember()
      render()
    })
    tab.addEventListener('keydown', (event) => {
      const step =
        event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
      if (step === 0) return
      event.preventDefault()
      const next = (i + step + tabList.length) % tabList.length
      memory = { ...memory, tab: tabList[next]!.id }
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
  attachMoveHandle(move, moveBy, remember)

  // A waiting operation turns failed when its window passes, with no event to say so.
  const ticker = setInterval(() => memory.open && schedule(), 2000)
  const unsubscribe = source.subscribe(schedule)
  if (!inline) place()
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
